/**
 * The authorization matrix in the reports: every cell of src/spec/authorization-matrix.ts with its
 * verdict from the run (summary.json's `authorization`), and the table of it for summary.md,
 * operation × caller. A cell the matrix tests is judged by its own test (pass, FAIL, skipped, known
 * when a baseline excused it); one checked by another suite by its clause's status; a cell where the
 * spec is silent says "not shown"; one that does not apply is left empty.
 *
 *   const cells = authorizationResults(results, summary.clauses);
 *   cells[0]   // { operation: 'GET /projects/:id/clusters', caller: 'anonymous', expected: '401', clause: 'auth.missing.401', verdict: 'pass', test: '...' }
 *   renderAuthorizationTable(summary)   // ['', '## Authorization matrix', '', '| Operation | anonymous | ...', ...]
 */
import { authorizationMatrix, CALLERS, type Cell, type Expectation } from '../spec/authorization-matrix.ts';

/** What the table reads of a test result (summary.ts TestResult) and of a clause's summary: no import of summary.ts, which imports this. */
interface TestResult {
  fullName: string;
  state: string;
  cell?: { operation: string; caller: string };
}
interface ClauseSummary {
  id: string;
  status: 'pass' | 'fail' | 'skip' | 'untested';
  known?: unknown;
}

export type CellVerdict = 'pass' | 'fail' | 'skip' | 'known' | 'untested' | 'not-shown' | 'not-applicable' | 'allowed' | 'same-as';

export interface AuthorizationCellResult {
  operation: string;
  caller: string;
  /** What the spec requires: a status ('403', '403 or 404'), 'allowed', or empty where nothing is asserted. */
  expected: string;
  clause?: string;
  verdict: CellVerdict;
  /** Why nothing is asserted ('not-shown'), or the column whose answer it is ('same-as'). */
  note?: string;
  /** Full name of the test that judged the cell. */
  test?: string;
}

function expected(e: Expectation): string {
  if (e.kind === 'answer') return [e.status, ...(e.also ?? [])].join(' or ');
  if (e.kind === 'elsewhere') return String(e.status);
  if (e.kind === 'allowed') return 'allowed';
  return '';
}

const fromClause = (c: ClauseSummary | undefined): CellVerdict =>
  !c ? 'untested' : c.status === 'fail' && c.known ? 'known' : c.status === 'untested' ? 'untested' : c.status;

function verdictOf(
  cell: Cell,
  tests: Map<string, TestResult>,
  clauses: Map<string, ClauseSummary>,
): Omit<AuthorizationCellResult, 'operation' | 'caller' | 'expected'> {
  const e = cell.expect;
  switch (e.kind) {
    case 'answer': {
      const t = tests.get(`${cell.operation}\0${cell.caller}`);
      if (!t) return { clause: e.clause, verdict: 'untested' };
      const verdict: CellVerdict = t.state === 'passed' ? 'pass' : t.state === 'failed' ? 'fail' : 'skip';
      return { clause: e.clause, verdict, test: t.fullName };
    }
    case 'elsewhere':
      return { clause: e.clause, verdict: fromClause(clauses.get(e.clause)), note: `checked by ${e.where}` };
    case 'allowed':
      return e.clause ? { clause: e.clause, verdict: fromClause(clauses.get(e.clause)) } : { verdict: 'allowed' };
    case 'not-shown':
      return { verdict: 'not-shown', note: e.why };
    case 'same-as':
      return { verdict: 'same-as', note: e.caller };
    default:
      return { verdict: 'not-applicable' };
  }
}

/** Every cell of the matrix with its verdict, from the run's tests (their `cell`) and clause statuses. */
export function authorizationResults(results: readonly TestResult[], clauses: readonly ClauseSummary[]): AuthorizationCellResult[] {
  const tests = new Map(results.filter((r) => r.cell).map((r) => [`${r.cell!.operation}\0${r.cell!.caller}`, r]));
  const byId = new Map(clauses.map((c) => [c.id, c]));
  return authorizationMatrix().map((cell) => ({
    operation: cell.operation,
    caller: cell.caller,
    expected: expected(cell.expect),
    ...verdictOf(cell, tests, byId),
  }));
}

const ICON: Record<CellVerdict, string> = {
  pass: '✅',
  fail: '❌ FAIL',
  skip: '⏭️ skipped',
  known: '⚠️ known',
  untested: '⬜ untested',
  'not-shown': 'not shown',
  'not-applicable': '',
  allowed: 'allowed',
  'same-as': '',
};

function cellText(c: AuthorizationCellResult): string {
  if (c.verdict === 'not-applicable') return '';
  if (c.verdict === 'same-as') return `= ${CALLERS.find((k) => k.id === c.note)?.label ?? c.note}`;
  if (c.verdict === 'not-shown' || c.verdict === 'allowed') return ICON[c.verdict];
  return `${c.expected} ${ICON[c.verdict]}`;
}

/** The cells whose failed test a baseline excused, as known (summary.json and summary.md agree). */
export function withKnownCells<S extends { authorization?: AuthorizationCellResult[]; knownFailures?: unknown[] }>(s: S): S {
  if (!s.authorization?.length || !s.knownFailures?.length) return s;
  const known = new Set((s.knownFailures as { test?: string }[]).map((f) => f.test));
  const authorization = s.authorization.map((c) =>
    c.verdict === 'fail' && c.test && known.has(c.test) ? { ...c, verdict: 'known' as const } : c,
  );
  return { ...s, authorization };
}

/** summary.md's section: one table, operation × caller, with the counts of verdicts above it. */
export function renderAuthorizationTable(s: { authorization?: AuthorizationCellResult[]; knownFailures?: { test: string }[] }): string[] {
  const judged = withKnownCells(s).authorization;
  if (!judged?.length) return [];
  const count = (v: CellVerdict) => judged.filter((c) => c.verdict === v).length;
  const operations = [...new Set(judged.map((c) => c.operation))];
  const at = new Map(judged.map((c) => [`${c.operation}\0${c.caller}`, c]));
  return [
    '',
    '## Authorization matrix',
    '',
    `Each cell: the answer the spec requires of that caller and the verdict (${count('pass')} pass, ${count('fail')} fail, ${count('known')} known, ${count('skip')} skipped, ${count('not-shown')} not shown by the spec). "allowed": checked by the resource suites; "= user": the same caller as the regular user's column.`,
    '',
    `| Operation | ${CALLERS.map((k) => k.label).join(' | ')} |`,
    `|---|${CALLERS.map(() => '---').join('|')}|`,
    ...operations.map((op) => `| \`${op}\` | ${CALLERS.map((k) => cellText(at.get(`${op}\0${k.id}`)!)).join(' | ')} |`),
  ];
}
