/**
 * Adopting a run as a baseline (`conformance baseline --from reports/summary.json`): the run's failures
 * become baseline entries (format: baseline.ts), so that the same run passes with `--baseline` and a
 * gate fails only on what breaks afterwards.
 *
 *   const { baseline, skipped } = adoptFailures(summary, { from: 'reports/summary.json', today: '2026-11-25' });
 *   baseline.known[0]  // { clause: 'conv.types.datetime', fields: ['starts_at'], reason: 'adopted from ...', expires: '2027-11-25' }
 *
 * One entry per clause a failure breaks (its finding's `violates`, else the clause its test cites),
 * narrowed as far as every failure of that clause allows and no further: to the union of their `fields`
 * when each of them names fields, and to the union of their `operations` when each names one and none
 * is a property's (a property's random inputs may meet the same departure through another request next
 * run), and to races when every one of them is a race check's (requests sent together). A failure without a clause, or with one outside the catalogue, cannot be excused: it is named.
 *
 * A client report (`client-report.json` of `certify-client` or `serve --strict`) is adopted the same
 * way: one client entry per finding kind and operation, narrowed to its parameters (client-baseline.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { CLAUSES } from '../spec/clauses.ts';
import { KitError } from '../shared/errors.ts';
import { entryLabel, parseBaseline, type BaselineEntry } from './baseline.ts';
import { readSummaryFile } from './read-summary.ts';
import { adoptClientFindings, isClientReport, type AdoptableClientReport } from './client-baseline.ts';
import type { FailureSummary } from './failure-summary.ts';

/** What adopting reads of a failure in summary.json. */
type AdoptableFailure = Pick<
  FailureSummary,
  'test' | 'clause' | 'violates' | 'fields' | 'resource' | 'operation' | 'counterexample' | 'race'
>;

/** The part of summary.json adopting reads: its failures, including those a baseline already excused. */
export interface AdoptableSummary {
  failures: AdoptableFailure[];
  knownFailures?: AdoptableFailure[];
  target?: string;
  seed?: number;
  interrupted?: boolean;
  unhandledErrors?: string[];
}

export interface AdoptOptions {
  /** The summary's file, named in the default reason. */
  from: string;
  /** YYYY-MM-DD (UTC). */
  today: string;
  reason?: string;
  /** YYYY-MM-DD; default one year after today. */
  expires?: string;
}

export interface Adoption {
  /** What was adopted: a certification's failures, or a client report's findings. */
  of?: 'failures' | 'client findings';
  baseline: { $comment: string; known: BaselineEntry[] };
  /** How many failures each entry excuses, by entry label. */
  counts: Record<string, number>;
  /** Failures no entry can excuse, with why. */
  skipped: { test: string; why: string }[];
  /** What else of the run a baseline cannot cover (an interrupted run, errors outside the tests). */
  notes: string[];
}

const CATALOGUE = new Set(CLAUSES.map((c) => c.id));

/** The same day one year later (29 February becomes 1 March). */
export function oneYearAfter(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

function isDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00.000Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/** The entries' date (checked) and reason. */
function adoptedDateAndReason(o: AdoptOptions): { expires: string; reason: string } {
  const expires = o.expires ?? oneYearAfter(o.today);
  if (!isDay(expires)) throw new KitError('USAGE', `--expires must be a date YYYY-MM-DD, got "${expires}"`);
  if (expires < o.today) throw new KitError('USAGE', `--expires ${expires} is past: the baseline would fail the next run as expired`);
  return { expires, reason: o.reason?.trim() || `adopted from ${o.from} on ${o.today}` };
}

/** The baseline that excuses exactly the findings of a client report (pure). */
export function adoptClientReport(report: AdoptableClientReport, o: AdoptOptions): Adoption {
  const { known, counts } = adoptClientFindings(report, { from: o.from, ...adoptedDateAndReason(o) });
  const argv = Array.isArray(report.command?.argv) ? report.command.argv.join(' ') : undefined;
  const $comment =
    `The client findings of ${o.from}${argv ? ` (command ${argv})` : ''}, adopted on ${o.today} by conformance baseline. ` +
    'Review each entry: give the real reason, or fix the client and remove it.';
  return { of: 'client findings', baseline: { $comment, known }, counts, skipped: [], notes: [] };
}

/** The client report in `file`, or undefined when it is not one (a summary.json, or unreadable: readSummaryFile says why). */
function clientReportIn(file: string): AdoptableClientReport | undefined {
  try {
    const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isClientReport(json) ? json : undefined;
  } catch {
    return undefined;
  }
}

/** The union of a list of lists, sorted; undefined when one of them is missing or empty. */
function unionOfAll(lists: (string[] | undefined)[]): string[] | undefined {
  if (!lists.every((l) => l?.length)) return undefined;
  return [...new Set(lists.flat() as string[])].sort();
}

/** The baseline that excuses exactly the failures of this run (pure). */
export function adoptFailures(summary: AdoptableSummary, o: AdoptOptions): Adoption {
  const { expires, reason } = adoptedDateAndReason(o);
  const byClause = new Map<string, AdoptableFailure[]>();
  const byResource = new Map<string, AdoptableFailure[]>();
  const skipped: Adoption['skipped'] = [];
  for (const f of [...summary.failures, ...(summary.knownFailures ?? [])]) {
    const clause = f.violates ?? f.clause;
    // A field departure of a resource is one entry wherever it was seen, whatever the test.
    if (f.resource && f.fields?.length) byResource.set(f.resource, [...(byResource.get(f.resource) ?? []), f]);
    else if (!clause) skipped.push({ test: f.test, why: 'its test cites no clause' });
    else if (!CATALOGUE.has(clause)) skipped.push({ test: f.test, why: `${clause} is not in the clause catalogue` });
    else byClause.set(clause, [...(byClause.get(clause) ?? []), f]);
  }
  const known: BaselineEntry[] = [];
  const counts: Record<string, number> = {};
  for (const resource of [...byResource.keys()].sort()) {
    const failures = byResource.get(resource)!;
    const entry: BaselineEntry = { resource, fields: unionOfAll(failures.map((f) => f.fields))!, reason, expires };
    known.push(entry);
    counts[entryLabel(entry)] = failures.length;
  }
  for (const clause of [...byClause.keys()].sort()) {
    const failures = byClause.get(clause)!;
    const fields = unionOfAll(failures.map((f) => f.fields));
    const properties = failures.some((f) => f.counterexample !== undefined);
    const operations = properties ? undefined : unionOfAll(failures.map((f) => (f.operation ? [f.operation] : undefined)));
    const races = failures.every((f) => f.race) ? { races: true as const } : {};
    const entry: BaselineEntry = { clause, ...(fields && { fields }), ...(operations && { operations }), ...races, reason, expires };
    known.push(entry);
    counts[entryLabel(entry)] = failures.length;
  }
  const facts = [summary.target && `target ${summary.target}`, summary.seed !== undefined && `seed ${summary.seed}`].filter(Boolean);
  const $comment =
    `The failures of ${o.from}${facts.length ? ` (${facts.join(', ')})` : ''}, adopted on ${o.today} by conformance baseline. ` +
    'Review each entry: give the real reason, or fix the server and remove it.';
  const notes: string[] = [];
  if (summary.interrupted) notes.push('the run was interrupted: the tests it did not finish are not in the baseline');
  if (summary.unhandledErrors?.length)
    notes.push(`the run had ${summary.unhandledErrors.length} error(s) outside the tests: no baseline can excuse them`);
  return { baseline: { $comment, known }, counts, skipped, notes };
}

/** Reads a summary.json, adopts its failures and writes the baseline file (never over an existing one unless force). */
export function writeAdoptedBaseline(o: Omit<AdoptOptions, 'today'> & { out: string; force?: boolean; today?: string }): Adoption {
  if (existsSync(o.out) && !o.force)
    throw new KitError('OUTPUT_UNWRITABLE', `${o.out} exists: refusing to overwrite it (--force replaces it, --out FILE writes elsewhere)`);
  const options = { ...o, today: o.today ?? new Date().toISOString().slice(0, 10) };
  const client = clientReportIn(o.from);
  const adoption = client ? adoptClientReport(client, options) : adoptFailures(readSummaryFile<AdoptableSummary>(o.from), options);
  const text = `${JSON.stringify(adoption.baseline, null, 2)}\n`;
  parseBaseline(text, o.out, CATALOGUE); // what certify --baseline will read: checked before it is written
  try {
    writeFileSync(o.out, text);
  } catch (e) {
    throw new KitError('OUTPUT_UNWRITABLE', `cannot write ${o.out}: ${(e as Error).message}`);
  }
  return adoption;
}

/** The options of `conformance baseline` (parsed by the command line). */
export const BASELINE_OPTIONS = {
  from: { type: 'string' },
  reason: { type: 'string' },
  expires: { type: 'string' },
  out: { type: 'string' },
  force: { type: 'boolean' },
} as const;

/** `conformance baseline`: writes the file and says what it holds; exit 0, or a KitError (exit 2). */
export function baselineCommand(parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] }): number {
  const { values, positionals } = parsed;
  if (typeof values.from !== 'string' || positionals.length)
    throw new KitError(
      'USAGE',
      'baseline needs --from SUMMARY_JSON or CLIENT_REPORT_JSON (and no other argument): conformance baseline --from reports/summary.json',
    );
  const out = (values.out as string | undefined) ?? 'baseline.json';
  const adoption = writeAdoptedBaseline({
    from: values.from,
    out,
    force: values.force === true,
    reason: values.reason as string | undefined,
    expires: values.expires as string | undefined,
  });
  const { known } = adoption.baseline;
  const failures = Object.values(adoption.counts).reduce((a, b) => a + b, 0);
  const what = adoption.of === 'client findings' ? 'finding' : 'failure';
  console.log(
    known.length
      ? `Baseline written to ${out}: ${known.length} entr${known.length === 1 ? 'y' : 'ies'} for ${failures} ${what}${failures === 1 ? '' : 's'}, expiring ${known[0]!.expires}`
      : `Baseline written to ${out}: no entries (${values.from} has no ${what}s)`,
  );
  for (const [label, n] of Object.entries(adoption.counts)) console.log(`  ${label} (${n} ${what}${n === 1 ? '' : 's'})`);
  for (const s of adoption.skipped) console.error(`conformance: not adopted, ${s.why}: ${s.test}`);
  for (const note of adoption.notes) console.error(`conformance: ${note}`);
  if (adoption.skipped.length)
    console.error(`conformance: ${adoption.skipped.length} failure(s) no baseline can excuse: runs with ${out} still fail on them`);
  console.log(
    adoption.of === 'client findings'
      ? `Judge the client with it: conformance certify-client --baseline ${out} -- COMMAND...`
      : `Certify with it: conformance certify --baseline ${out}`,
  );
  return 0;
}
