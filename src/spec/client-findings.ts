/**
 * The kinds of client finding: what a request may ask that its operation does not read, as the
 * strict judge (src/reference/strict/judge.ts) names it. Kept here, beside the operation table, so
 * that the judge and the baselines that excuse known client findings (src/report) share one list.
 *
 *   CLIENT_FINDING_KINDS.includes('token-in-query')   // true
 *   clientOperation('listUsers')            // 'GET /users' (the spec's spelling, as baselines write it)
 */
import { operationById } from './operations/index.ts';
import { specPath } from './paths.ts';

export const CLIENT_FINDING_KINDS = [
  'unknown-parameter',
  'wrong-type',
  'wrong-format',
  'deprecated-parameter',
  'token-in-query',
  'per-page-over-max',
  'unread-body-field',
] as const;

export type ClientFindingKind = (typeof CLIENT_FINDING_KINDS)[number];

/** The operation of a finding as a baseline names it: 'METHOD /path' in the spec's spelling. */
export function clientOperation(operationId: string): string {
  const row = operationById(operationId);
  return `${row.method} ${specPath(row.path)}`;
}
