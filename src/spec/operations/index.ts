/**
 * The operation table: every operation of the spec, once, keyed by method and path. The
 * OpenAPI document, the kit's view of each GET (route-views.ts) and the authorization matrix
 * (authorization-matrix.ts) are built from it; unit tests prove it lists exactly the spec's operations
 * (spec-operations.ts) and exactly the routes the reference server registers for them.
 *
 *   operationKey(OPERATIONS[0])       // 'GET /projects/:id/clusters'
 *   operationById('getUser').path     // '/users/:id(int)'
 */
import type { Operation } from '../operation.ts';
import { BROADCAST_OPERATIONS } from './broadcast-messages.ts';
import { EPIC_OPERATIONS } from './epics.ts';
import { PROJECT_OPERATIONS } from './projects.ts';
import { CREDENTIAL_OPERATIONS } from './user-credentials.ts';
import { USER_OPERATIONS } from './users.ts';

/** 'METHOD /path' in the table's notation (with the `(int)` markers). */
export function operationKey(o: Pick<Operation, 'method' | 'path'>): string {
  return `${o.method} ${o.path}`;
}

function unique(list: Operation[]): Operation[] {
  const keys = new Set<string>();
  const ids = new Set<string>();
  for (const o of list) {
    const key = operationKey(o);
    if (keys.has(key)) throw new Error(`operation table: ${key} listed twice`);
    if (ids.has(o.operationId)) throw new Error(`operation table: operationId ${o.operationId} used twice`);
    keys.add(key);
    ids.add(o.operationId);
  }
  return list;
}

export const OPERATIONS: readonly Operation[] = unique([
  ...PROJECT_OPERATIONS,
  ...USER_OPERATIONS,
  ...CREDENTIAL_OPERATIONS,
  ...BROADCAST_OPERATIONS,
  ...EPIC_OPERATIONS,
]);

const BY_ID = new Map(OPERATIONS.map((o) => [o.operationId, o]));

/** The row of the table with this operationId; throws for an id the table does not hold (a typo fails at start-up). */
export function operationById(operationId: string): Operation {
  const row = BY_ID.get(operationId);
  if (row === undefined) throw new Error(`operation table: no operation ${operationId}`);
  return row;
}
