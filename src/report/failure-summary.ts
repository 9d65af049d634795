/**
 * A failed test as summary.json lists it (DESIGN.md, Reports: failures [{test, clause, message,
 * reproduce}] and what else the failure record names), and the test's title without its clause.
 *
 *   failureOf({ fullName: 'Users > users.block.status-201 POST ...', name: 'users.block.status-201 POST ...',
 *     clause: 'users.block.status-201', failure: { requirement: 'The server MUST answer 201.', expected: '201', actual: '200' } })
 *   // { test, clause, message: 'The server MUST answer 201. (expected 201, actual 200)', title: 'POST ...', ... }
 */
import type { FailureRecord } from '../kit/result-meta.ts';
import type { KnownBy } from './baseline.ts';

export interface FailureSummary {
  /** Full name of the failed test. */
  test: string;
  /** Cited clause id, or null for a test that cites none. */
  clause: string | null;
  /** The clause a response check found broken, when it is not the cited one (it fails on the matrix too). */
  violates?: string;
  /** The fields the failing check found wrong, when it could name them all. */
  fields?: string[];
  /** The resource those fields belong to ('epic'), when the check knew it. */
  resource?: string;
  /** The spec operation of the exchange it judged ('GET /users/:id/gpg_keys'). */
  operation?: string;
  /** A check of requests sent together (a race check) failed. */
  race?: true;
  /** One line: the requirement and, when known, expected and actual. */
  message: string;
  /** curl command replaying the last exchange, or null. */
  reproduce: string | null;
  /** The test's title without the clause id. */
  title: string;
  file?: string;
  requirement: string;
  expected?: string;
  actual?: string;
  exchange?: FailureRecord['exchange'];
  /** A failed property's shrunk counterexample. */
  counterexample?: string;
  /** On a known failure: the baseline entries that excused it, and why. */
  known?: KnownBy;
}

/** What a failure is built from: the test's names, file, record and errors. */
export interface FailedTest {
  fullName: string;
  name: string;
  clause?: string;
  file?: string;
  failure?: FailureRecord;
  errors?: string[];
}

/** The title without a leading clause id ("users.x.y POST ..." -> "POST ..."). */
export function titleOf(result: Pick<FailedTest, 'name' | 'clause'>): string {
  const { name, clause } = result;
  return clause && name.startsWith(`${clause} `) ? name.slice(clause.length + 1) : name;
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ').trim();
}

/** The failure of a failed test, as summary.json lists it: the requirement on one line, expected and actual, and what its record names. */
export function failureOf(r: FailedTest): FailureSummary {
  const f = r.failure;
  const requirement = oneLine(f?.requirement || r.errors?.[0] || 'The test failed without an error message.');
  const parts: string[] = [];
  if (f?.expected !== undefined) parts.push(`expected ${oneLine(f.expected)}`);
  if (f?.actual !== undefined) parts.push(`actual ${oneLine(f.actual)}`);
  const out: FailureSummary = {
    test: r.fullName,
    clause: r.clause ?? null,
    message: parts.length ? `${requirement} (${parts.join(', ')})` : requirement,
    reproduce: f?.reproduce ?? null,
    title: titleOf(r),
    requirement,
  };
  if (r.file) out.file = r.file;
  if (f?.violates) out.violates = f.violates;
  if (f?.fields) out.fields = f.fields;
  if (f?.resource) out.resource = f.resource;
  if (f?.operation) out.operation = f.operation;
  if (f?.race) out.race = true;
  if (f?.counterexample !== undefined) out.counterexample = f.counterexample;
  if (f?.expected !== undefined) out.expected = f.expected;
  if (f?.actual !== undefined) out.actual = f.actual;
  if (f?.exchange) out.exchange = f.exchange;
  return out;
}
