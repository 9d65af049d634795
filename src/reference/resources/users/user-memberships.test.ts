/**
 * GET /users/:id/memberships: direct project and group memberships only, type filter, 400 on
 * an unsupported type (before the user lookup), 404, admin only.
 *
 *   npx vitest run src/reference/resources/users/user-memberships.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;
let groupId: number;
let inGroupId: number;
let directId: number;

beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
  const post = async (path: string, body: unknown) => (await t.req('POST', path, { token: t.admin, body })).data;
  groupId = (await post('/groups', { name: 'Team', path: 'team' })).id;
  inGroupId = (await post('/projects', { name: 'In group', path: 'in-group', namespace_id: groupId })).id;
  directId = (await post('/projects', { name: 'Direct', path: 'direct' })).id;
  await post(`/groups/${groupId}/members`, { user_id: jane.id, access_level: 30 });
  await post(`/projects/${directId}/members`, { user_id: jane.id, access_level: 20 });
});

const list = (query?: string, token = t.admin, id = jane.id) => t.req('GET', `/users/${id}/memberships`, { token, query });

describe('user memberships', () => {
  it('lists direct memberships only, with integer access levels', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual([
      { source_id: groupId, source_name: 'Team', source_type: 'Namespace', access_level: 30 },
      { source_id: directId, source_name: 'Direct', source_type: 'Project', access_level: 20 },
    ]);
    expect(res.data.some((m: { source_id: number; source_type: string }) => m.source_type === 'Project' && m.source_id === inGroupId)).toBe(
      false,
    );
  });
  it('filters by type', async () => {
    expect((await list('type=Project')).data.map((m: { source_id: number }) => m.source_id)).toEqual([directId]);
    expect((await list('type=Namespace')).data.map((m: { source_id: number }) => m.source_id)).toEqual([groupId]);
  });
  it('answers 400 to another type, even for a missing user; 404 for a missing user; 403 to a non-admin', async () => {
    const bad = await list('type=Group', t.admin, 9999);
    expect([bad.statusCode, bad.data]).toEqual([400, { message: 'type does not have a valid value' }]);
    expect((await list(undefined, t.admin, 9999)).data).toEqual({ message: '404 User Not Found' });
    expect((await list(undefined, jane.token)).statusCode).toBe(403);
  });
});
