/**
 * Requests built from the operation table (src/spec/operations/): the operations a refusal
 * clause covers, with their paths and sample bodies filled from the test's own values (path
 * parameters by name, `{name}`-style placeholders of the samples). Suites send them through a
 * session's clients; they never build these paths by hand.
 *
 *   for (const r of refusedRequests('emails.admin.non_admin', { id: 7, email_id: 3, name: 'kit-x' })) {
 *     await s.user.request(r.method, r.path, r.json ? { json: r.json } : {});   // r.title: 'DELETE /users/:id/emails/:email_id'
 *   }
 *   tagRequests('epics', { id: 5, epic_iid: 1, name: 'kit-x' }).length   // 6
 */
import { OPERATIONS, operationKey } from '../spec/operations/index.ts';
import type { Operation } from '../spec/operation.ts';
import { pathTemplate, specPath } from '../spec/paths.ts';
import { KitError } from '../shared/errors.ts';
import { fill, type PlaceholderValue } from './placeholders.ts';

export interface OperationRequest {
  /** The table's key: 'POST /users/:id(int)/emails'. */
  key: string;
  method: Operation['method'];
  /** Method and path as the spec writes them, for messages: 'POST /users/:id/emails'. */
  title: string;
  path: string;
  /** The operation's sample body, filled; absent when it takes none. */
  json?: Record<string, unknown>;
}

/** The operation's request: path parameters and sample placeholders filled from `values`. */
export function requestOf(o: Operation, values: Readonly<Record<string, PlaceholderValue>>): OperationRequest {
  return {
    key: operationKey(o),
    method: o.method,
    title: `${o.method} ${specPath(o.path)}`,
    path: fill(pathTemplate(o.path), values),
    ...(o.sample ? { json: fill(o.sample, values) } : {}),
  };
}

/** The requests of every operation of a tag of the table ('epics'), in the table's order. */
export function tagRequests(tag: string, values: Readonly<Record<string, PlaceholderValue>>): OperationRequest[] {
  const ops = OPERATIONS.filter((o) => o.tag === tag);
  if (ops.length === 0) throw new KitError('CASE_TABLE_INVALID', `no operation of the table has the tag ${tag}`);
  return ops.map((o) => requestOf(o, values));
}

/** The requests of the admin-only operations whose refusal of a non-admin `clause` states, in the table's order. */
export function refusedRequests(clause: string, values: Readonly<Record<string, PlaceholderValue>>): OperationRequest[] {
  const ops = OPERATIONS.filter((o) => o.refusedClause === clause);
  if (ops.length === 0) throw new KitError('CASE_TABLE_INVALID', `no operation of the table names the refusal clause ${clause}`);
  return ops.map((o) => requestOf(o, values));
}
