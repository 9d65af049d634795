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
  /** Only failures about these fields (all of a failure's fields among them): a departure in a view shared by many clauses. */
  fields?: string[];
  /** Only failures of requests to these spec operations ('GET /users/:id/gpg_keys'): a departure of some endpoints of a general rule. */
  operations?: string[];
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
          fields: z.array(z.string().min(1)).min(1).optional(),
          operations: z
            .array(z.string().regex(/^(GET|POST|PUT|DELETE) \//, "must be 'METHOD /path' as the spec writes it"))
            .min(1)
            .optional(),
        })
        .strict(),
    ),
  })
  .passthrough();

/** How an entry is named in reports: its clause, and what it is narrowed to. */
export function entryLabel(e: Pick<BaselineEntry, 'clause' | 'fields' | 'operations'>): string {
  const scope = [...(e.fields ? [`fields ${e.fields.join(', ')}`] : []), ...(e.operations ?? [])];
  return scope.length ? `${e.clause} [${scope.join('; ')}]` : e.clause;
}

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
    const label = entryLabel(e);
    if (seen.has(label)) throw new Error(`${file}: ${label} is listed twice`);
    seen.add(label);
  }
  return { file, known: parsed.data.known };
}

export interface BaselineOutcome {
  file: string;
  /** Entries that excused failures (by label: the clause, and its fields or operations). */
  applied: string[];
  /** Entries whose clause ran but that matched no failure: remove them. */
  stale: string[];
  /** Entries past their date: their failures count again. */
  expired: string[];
  /** Entries whose clause was not run (skipped or untested): nothing to judge. */
  unused: string[];
}

/** What a baseline reads of a failure: the clause it broke (its check's, else its test's), its fields and operation. */
interface FailureFacts {
  clause: string | null;
  violates?: string;
  fields?: string[];
  operation?: string;
}

/** The part of a summary a baseline acts on (kept structural so summary.ts and this file stay apart). */
export interface BaselineTarget {
  verdict: 'pass' | 'fail';
  totals: { passed: number; failed: number; skipped: number; known?: number };
  clauses: { id: string; status: string; known?: { reason: string; expires: string } }[];
  failures: FailureFacts[];
  verdictReasons: string[];
  knownFailures?: unknown[];
  baseline?: BaselineOutcome;
}

/** An entry excuses a failure of its clause, within its fields and operations when it names them. */
function excuses(entry: BaselineEntry, f: FailureFacts): boolean {
  if ((f.violates ?? f.clause) !== entry.clause) return false;
  if (entry.fields && !(f.fields?.length && f.fields.every((field) => entry.fields!.includes(field)))) return false;
  if (entry.operations && !(f.operation && entry.operations.includes(f.operation))) return false;
  return true;
}

/** Marks the failures the baseline excuses as known; a stale or expired entry fails the run. */
export function applyBaseline<S extends BaselineTarget>(summary: S, baseline: Baseline, today: string): S {
  const outcome: BaselineOutcome = { file: baseline.file, applied: [], stale: [], expired: [], unused: [] };
  const known = new Set<FailureFacts>();
  const clauses = summary.clauses.map((c) => ({ ...c }));
  for (const entry of baseline.known) {
    const label = entryLabel(entry);
    const clause = clauses.find((c) => c.id === entry.clause);
    if (entry.expires < today) {
      outcome.expired.push(label);
      continue;
    }
    const matched = summary.failures.filter((f) => excuses(entry, f));
    if (matched.length) {
      outcome.applied.push(label);
      for (const f of matched) known.add(f);
      if (clause) clause.known = { reason: entry.reason, expires: entry.expires };
    } else if (clause?.status === 'pass' || clause?.status === 'fail') outcome.stale.push(label);
    else outcome.unused.push(label);
  }
  const failures = summary.failures.filter((f) => !known.has(f));
  const reasons = summary.verdictReasons.filter((r) => !/ failed$/.test(r));
  if (failures.length) reasons.unshift(`${failures.length} test${failures.length === 1 ? '' : 's'} failed`);
  for (const label of outcome.stale)
    reasons.push(`baseline entry ${label} is stale: no failure matches it now (remove it from ${baseline.file})`);
  for (const label of outcome.expired) reasons.push(`baseline entry ${label} expired (${baseline.file})`);
  return {
    ...summary,
    clauses,
    totals: { ...summary.totals, failed: failures.length, known: known.size },
    failures,
    knownFailures: [...known],
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
