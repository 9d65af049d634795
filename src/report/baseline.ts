/**
 * Baselines: known departures of a target from the spec, `{"known": [{"clause", "reason",
 * "expires": "YYYY-MM-DD"}]}`. A failure of a known clause is reported as known and does not fail
 * the run; an entry whose clause now passes (stale) or whose date has passed (expired) fails it,
 * so a baseline never hides more than it says.
 *
 * An entry marked `"dataDependent": true` is about a departure only some data shows (a dependency
 * without a version): when it matches nothing it is unused, not stale.
 *
 * A field departure of a resource is one entry, `{"resource": "epic", "fields": ["description"]}`:
 * it excuses a failure about those fields wherever that resource's schema judged them, whatever the
 * test and its clause (a field null in every epic view is one departure, not one per test). A
 * failure about several fields is known when each of its fields is excused by some entry.
 *
 * An entry with `"races": true` excuses only the failures of race checks (requests sent together:
 * kit/at-once.ts and race-rounds.ts mark them): a departure seen only under concurrency (the loser
 * of a tight race answered 500), while the sequential checks of the same clause stay judged.
 *
 *   const baseline = parseBaseline(text, 'baselines/platform.json');
 *   const summary = applyBaseline(buildSummary(input), baseline, '2026-11-22');
 *   summary.baseline.seen  // { 'resource epic [fields description]': 42, ... }
 *
 * A client finding of `certify-client` is excused by a client entry, `{"finding": "token-in-query",
 * "operations": ["GET /user"], "parameters": ["private_token"]}` (client-baseline.ts applies them);
 * a certification of a server leaves such entries unused, as `certify-client` leaves clause entries.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { CLAUSES } from '../spec/clauses.ts';
import { CLIENT_FINDING_KINDS } from '../spec/client-findings.ts';
import { KitError } from '../shared/errors.ts';
import { resourceOf } from '../kit/field-path.ts';
import { schemaNames } from '../kit/schemas.ts';

export interface BaselineEntry {
  /** The clause that departs (absent for a field departure of a resource and for a client finding). */
  clause?: string;
  /** A known client finding of this kind ('token-in-query'), for `certify-client` (no `clause`, no `resource`). */
  finding?: string;
  /** Only client findings about these parameters or body fields (with `finding`). */
  parameters?: string[];
  /** A field departure of this resource ('epic'), wherever its schema judges the fields (needs `fields`, no `clause`). */
  resource?: string;
  reason: string;
  expires: string;
  /** Only failures about these fields (all of a failure's fields among them): a departure in a view shared by many clauses. */
  fields?: string[];
  /** Only failures of requests to these spec operations ('GET /users/:id/gpg_keys'): a departure of some endpoints of a general rule. */
  operations?: string[];
  /** Only failures of race checks (requests sent together): a departure under concurrency only; the clause's sequential checks stay judged. */
  races?: true;
  /** The departure shows only with some data on the target (a dependency without a version): matching nothing, the entry is unused, never stale. */
  dataDependent?: true;
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
          clause: z.string().min(1).optional(),
          resource: z.string().min(1).optional(),
          finding: z.enum(CLIENT_FINDING_KINDS).optional(),
          parameters: z.array(z.string().min(1)).min(1).optional(),
          reason: z.string().min(1, 'must say why the departure is known'),
          expires: date,
          fields: z.array(z.string().min(1)).min(1).optional(),
          operations: z
            .array(z.string().regex(/^(GET|POST|PUT|DELETE) \//, "must be 'METHOD /path' as the spec writes it"))
            .min(1)
            .optional(),
          races: z.literal(true, { message: 'must be true (or left out)' }).optional(),
          dataDependent: z.literal(true).optional(),
        })
        .strict()
        .refine(
          (e) => [e.clause, e.resource, e.finding].filter((x) => x !== undefined).length === 1,
          'must name one of a clause, a resource or a client finding',
        )
        .refine((e) => !e.resource || e.fields, 'a resource entry must name its fields')
        .refine((e) => !e.finding || !e.fields, 'a client finding entry narrows by operations and parameters, not fields')
        .refine((e) => !e.parameters || e.finding, 'parameters narrow a client finding entry only'),
    ),
  })
  .passthrough();

/** How an entry is named in reports: its clause (or `resource <name>`, `client <kind>`), and what it is narrowed to. */
export function entryLabel(
  e: Pick<BaselineEntry, 'clause' | 'resource' | 'finding' | 'fields' | 'operations' | 'parameters' | 'races'>,
): string {
  const scope = [
    ...(e.fields ? [`fields ${e.fields.join(', ')}`] : []),
    ...(e.operations ?? []),
    ...(e.parameters ? [`parameters ${e.parameters.join(', ')}`] : []),
    ...(e.races ? ['races'] : []),
  ];
  const name = e.resource !== undefined ? `resource ${e.resource}` : e.finding !== undefined ? `client ${e.finding}` : String(e.clause);
  return scope.length ? `${name} [${scope.join('; ')}]` : name;
}

/** The resources a baseline may name: those the kit's schemas describe. */
export function knownResources(): Set<string> {
  return new Set(schemaNames().map(resourceOf));
}

/** Parses and checks a baseline file's text; throws an Error with one line naming the problem. */
export function parseBaseline(
  text: string,
  file: string,
  knownClauses?: ReadonlySet<string>,
  resources: ReadonlySet<string> = knownResources(),
): Baseline {
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
  const unknown = knownClauses ? parsed.data.known.flatMap((e) => (e.clause && !knownClauses.has(e.clause) ? [e.clause] : [])) : [];
  if (unknown.length) throw new Error(`${file}: unknown clause id(s) ${unknown.join(', ')}`);
  const strange = parsed.data.known.flatMap((e) => (e.resource && !resources.has(e.resource) ? [e.resource] : []));
  if (strange.length) throw new Error(`${file}: unknown resource(s) ${strange.join(', ')} (known: ${[...resources].sort().join(', ')})`);
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
  /** Entries that excused failures (by label: the clause or resource, and its fields or operations). */
  applied: string[];
  /** How many failures each applied entry excused (by label): a departure seen by many tests is one entry, seen that often. */
  seen: Record<string, number>;
  /** Entries whose clause (a resource entry: its area's clauses) ran but that matched no failure: remove them. */
  stale: string[];
  /** Entries past their date: their failures count again. */
  expired: string[];
  /** Entries whose clause was not run (skipped or untested), or data-dependent ones the target's data did not show: nothing to judge. */
  unused: string[];
}

/** What a baseline reads of a failure: the clause it broke (its check's, else its test's), its fields, their resource, its operation, whether a race check's. */
interface FailureFacts {
  clause: string | null;
  violates?: string;
  fields?: string[];
  resource?: string;
  operation?: string;
  race?: true;
}

/** Which baseline entries excused a known failure, and why (the first entry's reason and date). */
export interface KnownBy {
  entries: string[];
  reason: string;
  expires: string;
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

/**
 * The clause areas whose tests judge a resource's schema: a resource entry that matched nothing is
 * stale once those ran (else unused). A resource not listed is never judged stale.
 */
const RESOURCE_AREAS: Readonly<Record<string, string>> = {
  epic: 'epics',
  todo: 'todos',
  user: 'users',
  'ssh-key': 'keys',
  'gpg-key': 'gpg',
  email: 'emails',
  'impersonation-token': 'tokens',
  cluster: 'clusters',
  variable: 'variables',
  'broadcast-message': 'broadcast',
  dependency: 'deps',
};

/** The entry names the failure's clause (or resource) and, when narrowed to operations, its operation (to races: a race check's). */
function inScope(entry: BaselineEntry, f: FailureFacts): boolean {
  if (entry.finding !== undefined) return false; // a client entry: certify-client's (client-baseline.ts)
  if (entry.operations && !(f.operation && entry.operations.includes(f.operation))) return false;
  if (entry.races && !f.race) return false;
  return entry.resource !== undefined ? f.resource === entry.resource : (f.violates ?? f.clause) === entry.clause;
}

/** The entries that together excuse a failure: one that takes its whole clause, else one per field of it; undefined when some field stays unexcused. */
function excusers(entries: readonly BaselineEntry[], f: FailureFacts): BaselineEntry[] | undefined {
  const matching = entries.filter((e) => inScope(e, f));
  const whole = matching.find((e) => !e.fields);
  if (whole) return [whole];
  if (!f.fields?.length) return undefined;
  const used = new Set<BaselineEntry>();
  for (const field of f.fields) {
    const by = matching.find((e) => e.fields!.includes(field));
    if (!by) return undefined;
    used.add(by);
  }
  return [...used];
}

/** Did the run judge what the entry is about (its clause, or its resource's area), so that no match makes it stale? */
function judged(entry: BaselineEntry, clauses: BaselineTarget['clauses']): boolean {
  const ran = (c: { status: string }) => c.status === 'pass' || c.status === 'fail';
  if (entry.clause !== undefined) return clauses.some((c) => c.id === entry.clause && ran(c));
  const area = RESOURCE_AREAS[entry.resource!];
  return area !== undefined && clauses.some((c) => c.id.startsWith(`${area}.`) && ran(c));
}

/** Marks the failures the baseline excuses as known; a stale or expired entry fails the run. */
export function applyBaseline<S extends BaselineTarget>(summary: S, baseline: Baseline, today: string): S {
  const outcome: BaselineOutcome = { file: baseline.file, applied: [], seen: {}, stale: [], expired: [], unused: [] };
  const active = baseline.known.filter((e) => e.expires >= today);
  const count = new Map<BaselineEntry, number>();
  const knownBy = new Map<FailureFacts, KnownBy>();
  for (const f of summary.failures) {
    const by = excusers(active, f);
    if (!by) continue;
    for (const e of by) count.set(e, (count.get(e) ?? 0) + 1);
    knownBy.set(f, { entries: by.map(entryLabel), reason: by.map((e) => e.reason).join(' '), expires: by[0]!.expires });
  }
  for (const entry of baseline.known) {
    const label = entryLabel(entry);
    const n = count.get(entry) ?? 0;
    if (entry.expires < today) outcome.expired.push(label);
    else if (n > 0) {
      outcome.applied.push(label);
      outcome.seen[label] = n;
    } else if (!entry.dataDependent && judged(entry, summary.clauses)) outcome.stale.push(label);
    else outcome.unused.push(label);
  }
  const clauses = summary.clauses.map((c) => ({ ...c }));
  for (const [f, by] of knownBy) {
    const clause = clauses.find((c) => c.id === (f.violates ?? f.clause));
    if (clause && !clause.known) clause.known = { reason: by.reason, expires: by.expires };
  }
  const failures = summary.failures.filter((f) => !knownBy.has(f));
  const reasons = summary.verdictReasons.filter((r) => !/ failed$/.test(r));
  if (failures.length) reasons.unshift(`${failures.length} test${failures.length === 1 ? '' : 's'} failed`);
  for (const label of outcome.stale)
    reasons.push(`baseline entry ${label} is stale: no failure matches it now (remove it from ${baseline.file})`);
  for (const label of outcome.expired) reasons.push(`baseline entry ${label} expired (${baseline.file})`);
  return {
    ...summary,
    clauses,
    totals: { ...summary.totals, failed: failures.length, known: knownBy.size },
    failures,
    knownFailures: [...knownBy].map(([f, known]) => ({ ...f, known })),
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
    return parseBaseline(text, path, new Set(CLAUSES.map((c) => c.id)), knownResources());
  } catch (e) {
    throw new KitError('CONFIG_INVALID', `CONFORMANCE_BASELINE: ${(e as Error).message}`);
  }
}
