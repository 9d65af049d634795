/**
 * Baselines: known departures of a target from the spec, `{"known": [{"clause", "reason",
 * "expires": "YYYY-MM-DD"}]}`. A failure of a known clause is reported as known and does not fail
 * the run; an entry whose clause now passes (stale) or whose date has passed (expired) fails it,
 * so a baseline never hides more than it says.
 *
 *   const baseline = parseBaseline(text, 'baselines/platform.json');
 *   const summary = applyBaseline(buildSummary(input), baseline, '2026-11-22');
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { CLAUSES } from '../spec/clauses.ts';
import { KitError } from '../shared/errors.ts';

export interface BaselineEntry {
  clause: string;
  reason: string;
  expires: string;
}

export interface Baseline {
  file: string;
  known: BaselineEntry[];
}

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be a real date');
const schema = z
  .object({
    known: z.array(
      z
        .object({
          clause: z.string().min(1),
          reason: z.string().min(1, 'must say why the departure is known'),
          expires: date,
        })
        .strict(),
    ),
  })
  .passthrough();

/** Parses and checks a baseline file's text; throws an Error with one line naming the problem. */
export function parseBaseline(text: string, file: string, knownClauses?: ReadonlySet<string>): Baseline {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file} is not JSON: ${(e as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join('.') || '(root)'} ${issue.message}`);
  }
  const unknown = knownClauses ? parsed.data.known.filter((e) => !knownClauses.has(e.clause)).map((e) => e.clause) : [];
  if (unknown.length) throw new Error(`${file}: unknown clause id(s) ${unknown.join(', ')}`);
  const seen = new Set<string>();
  for (const e of parsed.data.known) {
    if (seen.has(e.clause)) throw new Error(`${file}: clause ${e.clause} is listed twice`);
    seen.add(e.clause);
  }
  return { file, known: parsed.data.known };
}

export interface BaselineOutcome {
  file: string;
  /** Clauses whose failures the baseline excused. */
  applied: string[];
  /** Entries whose clause now passes: remove them. */
  stale: string[];
  /** Entries past their date: their failures count again. */
  expired: string[];
  /** Entries whose clause was not run (skipped or untested): nothing to judge. */
  unused: string[];
}

/** The part of a summary a baseline acts on (kept structural so summary.ts and this file stay apart). */
export interface BaselineTarget {
  verdict: 'pass' | 'fail';
  totals: { passed: number; failed: number; skipped: number; known?: number };
  clauses: { id: string; status: string; known?: { reason: string; expires: string } }[];
  failures: { clause: string | null; violates?: string }[];
  verdictReasons: string[];
  knownFailures?: unknown[];
  baseline?: BaselineOutcome;
}

export function applyBaseline<S extends BaselineTarget>(summary: S, baseline: Baseline, today: string): S {
  const outcome: BaselineOutcome = { file: baseline.file, applied: [], stale: [], expired: [], unused: [] };
  const excused = new Set<string>();
  for (const entry of baseline.known) {
    const clause = summary.clauses.find((c) => c.id === entry.clause);
    if (entry.expires < today) outcome.expired.push(entry.clause);
    else if (clause?.status === 'pass') outcome.stale.push(entry.clause);
    else if (clause?.status === 'fail') {
      outcome.applied.push(entry.clause);
      excused.add(entry.clause);
      clause.known = { reason: entry.reason, expires: entry.expires };
    } else outcome.unused.push(entry.clause);
  }
  // A failure is known when the clause it broke is: a response check's own clause, else the test's.
  const isKnown = (f: { clause: string | null; violates?: string }) => excused.has(f.violates ?? f.clause ?? '');
  const known = summary.failures.filter(isKnown);
  const failures = summary.failures.filter((f) => !isKnown(f));
  const reasons = summary.verdictReasons.filter((r) => !/ failed$/.test(r));
  if (failures.length) reasons.unshift(`${failures.length} test${failures.length === 1 ? '' : 's'} failed`);
  for (const c of outcome.stale) reasons.push(`baseline entry ${c} is stale: the clause now passes (remove it from ${baseline.file})`);
  for (const c of outcome.expired) reasons.push(`baseline entry ${c} expired (${baseline.file})`);
  return {
    ...summary,
    totals: { ...summary.totals, failed: failures.length, known: known.length },
    failures,
    knownFailures: known,
    verdictReasons: reasons,
    verdict: reasons.length ? 'fail' : 'pass',
    baseline: outcome,
  };
}

/** Reads and checks a baseline file of the configuration; any problem is a KitError (exit 2). */
export function loadBaselineFile(path: string): Baseline {
  let text: string;
  try {
    text = readFileSync(resolve(path), 'utf8');
  } catch (e) {
    throw new KitError('CONFIG_INVALID', `CONFORMANCE_BASELINE: cannot read ${path}: ${(e as Error).message}`);
  }
  try {
    return parseBaseline(text, path, new Set(CLAUSES.map((c) => c.id)));
  } catch (e) {
    throw new KitError('CONFIG_INVALID', `CONFORMANCE_BASELINE: ${(e as Error).message}`);
  }
}
