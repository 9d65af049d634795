/**
 * The authorization matrix derived from the operation table: every operation × every caller once,
 * each stated cell with a known clause, the rules of each column.
 *
 *   npx vitest run src/spec/authorization-matrix.test.ts
 */
import { describe, expect, it } from 'vitest';
import { answerCells, authorizationMatrix, CALLERS, cellTitle } from './authorization-matrix.ts';
import { findClause } from './clauses.ts';
import { OPERATIONS, operationKey } from './operations/index.ts';

const at = (operation: string, caller: string) =>
  authorizationMatrix().find((c) => c.operation === operation && c.caller === caller)!.expect;

describe('authorizationMatrix', () => {
  it('has one cell per operation and caller', () => {
    const cells = authorizationMatrix();
    expect(cells).toHaveLength(OPERATIONS.length * CALLERS.length);
    expect(new Set(cells.map((c) => `${c.operation} ${c.caller}`)).size).toBe(cells.length);
  });

  it('cites a clause of the catalogue in every cell it asserts, and every title names operation and caller', () => {
    const cells = answerCells();
    expect(cells.filter((c) => !findClause(c.expect.clause)).map((c) => c.expect.clause)).toEqual([]);
    expect(new Set(cells.map(cellTitle)).size).toBe(cells.length);
  });

  it('refuses anonymous callers with 401 where a token is needed, and leaves the open reads unasserted', () => {
    expect(at('POST /users', 'anonymous')).toEqual({ kind: 'answer', status: 401, clause: 'auth.missing.401' });
    expect(at('POST /broadcast_messages', 'anonymous')).toMatchObject({ status: 401, clause: 'broadcast.auth.guest_401' });
    expect(at('GET /groups/:id/epics', 'anonymous')).toMatchObject({ status: 401, clause: 'epics.auth.unauthenticated' });
    expect(at('GET /users/:id_or_username/keys', 'anonymous').kind).toBe('not-shown');
  });

  it("refuses a regular user on admin-only routes with the route's clause, and Sudo as that user with the general rule", () => {
    expect(at('DELETE /users/:id_or_username/keys/:key_id', 'user')).toMatchObject({ status: 403, clause: 'keys.admin.non_admin' });
    expect(at('DELETE /users/:id_or_username/keys/:key_id', 'sudo')).toMatchObject({ status: 403, clause: 'auth.admin_only.403' });
    expect(at('GET /user/keys', 'sudo')).toEqual({ kind: 'same-as', caller: 'user' });
    expect(at('POST /users/:id/block', 'user')).toMatchObject({ kind: 'elsewhere', clause: 'users.transitions.non_admin' });
  });

  it("answers 404 for another user's item through the caller's own routes", () => {
    expect(at('GET /user/keys/:key_id', 'other-item')).toMatchObject({ status: 404, clause: 'errors.not_found.resource' });
    expect(at('DELETE /user/emails/:email_id', 'other-item')).toMatchObject({ status: 404, clause: 'emails.delete_own.missing' });
    const ownItemRoutes = OPERATIONS.filter((o) => o.path.startsWith('/user/') && /\/:\w+\(int\)$/.test(o.path)).map(operationKey);
    expect(
      answerCells('other-item')
        .map((c) => c.key)
        .sort(),
    ).toEqual(ownItemRoutes.sort());
  });

  it('names the roles the spec names, and nothing for variables and epics', () => {
    expect(at('PUT /projects/:id/clusters/:cluster_id', 'below-role')).toMatchObject({ status: 403, role: 'developer' });
    expect(at('POST /projects/:id/clusters/user', 'with-role')).toMatchObject({ status: 201, role: 'maintainer' });
    expect(at('GET /projects/:id/dependencies', 'below-role')).toMatchObject({ status: 403, also: [404], role: 'guest' });
    expect(at('POST /projects/:id/variables', 'below-role').kind).toBe('not-shown');
    expect(at('GET /users', 'below-role').kind).toBe('not-applicable');
    expect(
      authorizationMatrix()
        .filter((c) => c.caller === 'read-user-token')
        .every((c) => c.expect.kind === 'not-shown'),
    ).toBe(true);
  });
});
