/**
 * buildSummary: the run's results, the clause catalogue and the run facts in, the summary.json
 * object out (DESIGN.md, Reports). Pure: no I/O, no vitest, no redaction (the reporter redacts).
 *
 *   const summary = buildSummary({ results, clauses, target: 'http://127.0.0.1:4010',
 *     kitVersion: '0.1.0', seed: 1739, startedAt: new Date(), durationMs: 5120 });
 *   summary.verdict              // 'pass' | 'fail'
 *   summary.clauses[0]           // { id, status: 'pass', tests: ['...'], area: 'conv', ... }
 */
import type { CleanupReport, MainRequests, ThrottleCount } from '../kit/channels.ts';
import type { FailureRecord } from '../kit/result-meta.ts';
import type { BaselineOutcome } from './baseline.ts';
import { failureOf, type FailureSummary } from './failure-summary.ts';
import type { CapabilityReport } from '../kit/capabilities.ts';
import type { RunScope } from './run-scope.ts';
import { areaOf, type Clause } from '../spec/clauses.ts';
import { authorizationResults, type AuthorizationCellResult } from './authorization-table.ts';

export type { FailureSummary } from './failure-summary.ts';
export { titleOf } from './failure-summary.ts';

export type TestState = 'passed' | 'failed' | 'skipped' | 'pending';

/** One finished (or unfinished) test, as the reporter reads it from vitest. */
export interface TestResult {
  /** Full name: describe blocks and title, joined with ' > '. */
  fullName: string;
  /** The test's own title (clauseTest titles start with the clause id). */
  name: string;
  /** Test file, relative to the project root. */
  file?: string;
  state: TestState;
  /** meta().conformance.clause */
  clause?: string;
  /** meta().conformance.skipReason, or the note given to ctx.skip(). */
  skipReason?: string;
  /** meta().conformance.failure */
  failure?: FailureRecord;
  /** Messages of the errors vitest recorded. */
  errors?: string[];
  /** meta().conformance.requests */
  requests?: number;
  /** meta().conformance.setupRequests: what the hooks before the test sent. */
  setupRequests?: number;
  /** meta().conformance.notes: facts about the target met, no failures. */
  notes?: string[];
  /** meta().conformance.cell: the authorization matrix's cell the test checks. */
  cell?: { operation: string; caller: string };
  durationMs?: number;
}

/** What the summary reads of a catalogue entry (src/spec/clauses.json): its id, testability and why. */
export type ClauseEntry = Pick<Clause, 'id' | 'testable'> & Partial<Clause>;

export type ClauseStatus = 'pass' | 'fail' | 'skip' | 'untested';

export interface ClauseSummary {
  id: string;
  status: ClauseStatus;
  /** Set when a baseline excused this clause's failures. */
  known?: { reason: string; expires: string };
  /** Full names of the tests citing the clause. */
  tests: string[];
  /** First segment of the id ('users' for users.block.status-201). */
  area: string;
  testable?: Clause['testable'];
  /** Why it was skipped or is untested. */
  reason?: string;
}

export interface AreaCounts {
  area: string;
  total: number;
  pass: number;
  fail: number;
  skip: number;
  untested: number;
  /** Requests sent by the tests citing the area's clauses, the hooks before them included: where a run's requests go. */
  requests?: number;
}

export interface Summary {
  verdict: 'pass' | 'fail';
  target: string;
  kitVersion: string;
  seed: number;
  startedAt: string;
  durationMs: number;
  requests: number;
  /** failed excludes the failures a baseline excused (counted in known). */
  totals: { passed: number; failed: number; skipped: number; known?: number };
  clauses: ClauseSummary[];
  failures: FailureSummary[];
  /** Failures of clauses a baseline lists: reported, not failing the run. */
  knownFailures?: FailureSummary[];
  baseline?: BaselineOutcome;
  /** Optional capabilities: declared (CONFORMANCE_SKIP) and probed, side by side. */
  capabilities?: CapabilityReport[];
  /** Why the verdict is fail (empty on pass). */
  verdictReasons: string[];
  /** Per-area clause counts, in catalogue order. */
  areas: AreaCounts[];
  /** Errors outside any test (collection failures, unhandled rejections), redacted by the reporter. */
  unhandledErrors: string[];
  /** The run was stopped before the end. */
  interrupted?: boolean;
  /** End-of-run cleanup: how much it removed, and what it left on the target. */
  cleanup?: CleanupReport;
  /** 429 answers the kit met and waited out (every process of the run), and how long it waited: counted, never judged. */
  throttled?: ThrottleCount;
  /**
   * Facts about the target the run met that are no failure, each said once (not per test): e.g. that
   * the server names another host in its Link URLs than the base URL (src/kit/link-host.ts).
   */
  notes?: string[];
  /** The authorization matrix, operation × caller, each cell with its verdict (authorization-table.ts), when the run had its tests. */
  authorization?: AuthorizationCellResult[];
  /** What the run covered: a pass is a certification only when `scope.certified` (else the verdict reads PARTIAL). */
  scope?: RunScope;
  /**
   * Every request the run sent, by phase (`requests` is their sum): the capability probe, provisioning (the
   * preflight included), the tests (their hooks included) and the end-of-run cleanup. Absent when merging
   * shards' reports (each shard's summary has its own).
   */
  requestsByPhase?: RequestsByPhase;
  /**
   * A run merged from shards (--merge-reports): each shard's blob and how long its run took. The run's
   * `durationMs` is then the longest of them (the shards run side by side), not the merge's own.
   */
  shards?: ShardDuration[];
}

export interface ShardDuration {
  /** The blob file, e.g. blob-2-of-3.json. */
  blob: string;
  durationMs: number;
}

export interface RequestsByPhase {
  probe: number;
  provisioning: number;
  tests: number;
  cleanup: number;
}

/**
 * The summary with the main process's requests added to the tests': `requestsByPhase`, and `requests` their sum.
 *
 *   withMainRequests(summary, { probe: 5, provisioning: 7, cleanup: 40 }).requests   // summary.requests + 52
 */
export function withMainRequests(summary: Summary, main: MainRequests): Summary {
  const byPhase: RequestsByPhase = {
    probe: main.probe ?? 0,
    provisioning: main.provisioning ?? 0,
    tests: summary.requestsByPhase?.tests ?? summary.requests,
    cleanup: main.cleanup ?? 0,
  };
  const requests = byPhase.probe + byPhase.provisioning + byPhase.tests + byPhase.cleanup;
  return { ...summary, requests, requestsByPhase: byPhase };
}

export interface SummaryInput {
  results: TestResult[];
  clauses: readonly ClauseEntry[];
  target: string;
  kitVersion: string;
  seed: number;
  startedAt: string | Date;
  durationMs: number;
  /** Total HTTP exchanges; defaults to the sum of the tests' counts (their hooks' included). */
  requests?: number;
  unhandledErrors?: string[];
  interrupted?: boolean;
}

const NOT_FINISHED = 'did not finish (run interrupted)';

function skipReasonOf(r: TestResult): string {
  if (r.state === 'pending') return NOT_FINISHED;
  return r.skipReason?.trim() || 'skipped';
}

function clauseStatus(tests: TestResult[], info: ClauseEntry | undefined): { status: ClauseStatus; reason?: string } {
  if (tests.length === 0) {
    if (!info) return { status: 'untested', reason: 'not in the clause catalogue' };
    if (info.testable !== 'api') return { status: 'untested', reason: info.why ?? `testable: ${info.testable}` };
    return { status: 'untested', reason: 'no test cites this clause' };
  }
  const unknown = info ? undefined : 'not in the clause catalogue';
  if (tests.some((t) => t.state === 'failed')) return { status: 'fail', reason: unknown };
  if (tests.some((t) => t.state === 'passed')) return { status: 'pass', reason: unknown };
  const reasons = [...new Set(tests.map(skipReasonOf))];
  return { status: 'skip', reason: [unknown, ...reasons].filter(Boolean).join('; ') };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The requests a test sent, with the hooks' requests before it that it counts. */
const requestsOf = (r: { requests?: number; setupRequests?: number }) => (r.requests ?? 0) + (r.setupRequests ?? 0);

export function buildSummary(input: SummaryInput): Summary {
  const { results } = input;
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const r of results) {
    if (r.state === 'passed') totals.passed += 1;
    else if (r.state === 'failed') totals.failed += 1;
    else totals.skipped += 1; // skipped, and pending ones that never finished
  }

  const byClause = new Map<string, TestResult[]>();
  const add = (clause: string, r: TestResult) => {
    const list = byClause.get(clause) ?? [];
    list.push(r);
    byClause.set(clause, list);
  };
  for (const r of results) if (r.clause) add(r.clause, r);
  // A response check's finding lands on the clause it broke as well as on the test's own.
  for (const r of results) {
    const v = r.state === 'failed' ? r.failure?.violates : undefined;
    if (v && v !== r.clause) add(v, r);
  }
  const catalogue = new Map(input.clauses.map((c) => [c.id, c]));
  const ids = [...input.clauses.map((c) => c.id), ...[...byClause.keys()].filter((id) => !catalogue.has(id))];
  const clauses: ClauseSummary[] = ids.map((id) => {
    const info = catalogue.get(id);
    const tests = byClause.get(id) ?? [];
    const { status, reason } = clauseStatus(tests, info);
    const entry: ClauseSummary = { id, status, tests: tests.map((t) => t.fullName), area: areaOf(id) };
    if (info) entry.testable = info.testable;
    if (reason) entry.reason = reason;
    return entry;
  });

  const areas = new Map<string, AreaCounts>();
  for (const c of clauses) {
    const a = areas.get(c.area) ?? { area: c.area, total: 0, pass: 0, fail: 0, skip: 0, untested: 0 };
    a.total += 1;
    a[c.status] += 1;
    areas.set(c.area, a);
  }
  for (const r of results) {
    const a = r.clause === undefined ? undefined : areas.get(areaOf(r.clause));
    const sent = requestsOf(r);
    if (a && sent > 0) a.requests = (a.requests ?? 0) + sent;
  }

  const unhandledErrors = input.unhandledErrors ?? [];
  const verdictReasons: string[] = [];
  if (totals.failed > 0) verdictReasons.push(`${plural(totals.failed, 'test')} failed`);
  if (unhandledErrors.length > 0) verdictReasons.push(`${plural(unhandledErrors.length, 'error')} outside the tests`);
  if (totals.passed + totals.failed === 0) verdictReasons.push('no test ran');
  if (input.interrupted) verdictReasons.push('the run was interrupted');

  const summary: Summary = {
    verdict: verdictReasons.length ? 'fail' : 'pass',
    target: input.target,
    kitVersion: input.kitVersion,
    seed: input.seed,
    startedAt: input.startedAt instanceof Date ? input.startedAt.toISOString() : input.startedAt,
    durationMs: Math.round(input.durationMs),
    requests: input.requests ?? results.reduce((n, r) => n + requestsOf(r), 0),
    totals,
    clauses,
    failures: results.filter((r) => r.state === 'failed').map(failureOf),
    verdictReasons,
    areas: [...areas.values()],
    unhandledErrors,
  };
  const notes = [...new Set(results.flatMap((r) => r.notes ?? []))];
  if (notes.length) summary.notes = notes;
  if (results.some((r) => r.cell)) summary.authorization = authorizationResults(results, clauses);
  if (input.interrupted) summary.interrupted = true;
  return summary;
}
