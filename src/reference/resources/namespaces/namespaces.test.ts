/**
 * GET /namespaces/:id as the platform answers it: by id or encoded full path, groups and personal
 * namespaces, shown to members (inherited too), owners and admins only, 404 Namespace Not Found
 * otherwise, 401 without a token.
 *
 *   npx vitest run src/reference/resources/namespaces/namespaces.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;
let bob: TestUser;
let parent: { id: number };
let child: { id: number };
beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
  bob = await t.user('bob');
  parent = (await t.req('POST', '/groups', { token: jane.token, body: { name: 'Parent', path: 'parent', visibility: 'public' } })).data;
  child = (await t.req('POST', '/groups', { token: jane.token, body: { name: 'Child', path: 'child', parent_id: parent.id } })).data;
});

const get = (id: string | number, token?: string) => t.req('GET', `/namespaces/${id}`, { token });

describe('GET /namespaces/:id', () => {
  it('finds a group by id and by encoded full path, with the Namespace fields', async () => {
    const byPath = await get('parent%2Fchild', jane.token);
    expect(byPath.statusCode).toBe(200);
    expect(byPath.data).toMatchObject({
      id: child.id,
      name: 'Child',
      path: 'child',
      kind: 'group',
      full_path: 'parent/child',
      parent_id: parent.id,
      avatar_url: null,
      web_url: 'http://localhost:80/groups/parent/child',
    });
    expect((await get(child.id, jane.token)).data).toEqual(byPath.data);
    expect((await get('PARENT%2Fchild', jane.token)).data.id).toBe(child.id);
  });

  it("shows a personal namespace to its owner and admins, its web_url the user's page", async () => {
    const mine = await get('jane', jane.token);
    expect(mine.data).toMatchObject({
      kind: 'user',
      path: 'jane',
      full_path: 'jane',
      parent_id: null,
      web_url: 'http://localhost:80/jane',
    });
    expect((await get(mine.data.id, t.admin)).data).toEqual(mine.data);
    expect(mine.data).not.toHaveProperty('members_count_with_descendants');
    const hidden = await get('jane', bob.token);
    expect([hidden.statusCode, hidden.data]).toEqual([404, { message: '404 Namespace Not Found' }]);
  });

  it('shows a group to its members at any level (inherited too) and admins; a public group stays hidden from others', async () => {
    for (const id of [parent.id, child.id, 'parent', 'parent%2Fchild']) {
      const res = await get(id, bob.token);
      expect([res.statusCode, res.data], String(id)).toEqual([404, { message: '404 Namespace Not Found' }]);
    }
    await t.req('POST', `/groups/${parent.id}/members`, { token: jane.token, body: { user_id: bob.id, access_level: 10 } });
    expect((await get(child.id, bob.token)).statusCode).toBe(200);
    expect((await get(child.id, t.admin)).statusCode).toBe(200);
  });

  it('gives owners and admins the group counts, not other members', async () => {
    await t.req('POST', `/groups/${child.id}/members`, { token: jane.token, body: { user_id: bob.id, access_level: 30 } });
    await t.req('POST', '/projects', { token: jane.token, body: { name: 'app', namespace_id: child.id } });
    const counts = { members_count_with_descendants: 2, root_repository_size: 0, projects_count: 1 };
    expect((await get(parent.id, jane.token)).data).toMatchObject(counts);
    expect((await get(parent.id, t.admin)).data).toMatchObject(counts);
    expect((await get(child.id, bob.token)).data).not.toHaveProperty('projects_count');
  });

  it('needs a token (401); a missing namespace is 404 Namespace Not Found', async () => {
    expect((await get(parent.id)).data).toEqual({ message: '401 Unauthorized' });
    expect((await get(999, t.admin)).data).toEqual({ message: '404 Namespace Not Found' });
    expect((await get('no%2Fsuch', t.admin)).data).toEqual({ message: '404 Namespace Not Found' });
  });
});
