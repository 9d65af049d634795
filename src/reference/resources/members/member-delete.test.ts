/**
 * DELETE /projects/:id/members/:user_id and DELETE /groups/:id/members/:user_id as the platform
 * answers them: 204 and the membership gone, 404 for a user who is not a direct member, 403 for a
 * caller who may not remove it, a group's last owner kept, a group member's memberships below it ended.
 *
 *   npx vitest run src/reference/resources/members/member-delete.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;
let bob: TestUser;
let carol: TestUser;
let group: number;
beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
  bob = await t.user('bob');
  carol = await t.user('carol');
  group = (await t.req('POST', '/groups', { token: jane.token, body: { name: 'G', path: 'g' } })).data.id;
});

const usernames = (data: { username: string }[]) => data.map((m) => m.username);
const add = (path: string, userId: number, level: number, token = jane.token) =>
  t.req('POST', `${path}/members`, { token, body: { user_id: userId, access_level: level } });
const remove = (path: string, userId: number, token = jane.token, query?: string) =>
  t.req('DELETE', `${path}/members/${userId}`, { token, query });
const members = async (path: string) => usernames((await t.req('GET', `${path}/members`, { token: t.admin })).data);

describe('DELETE /groups/:id/members/:user_id', () => {
  it('answers 204 and the member is gone; again it is 404', async () => {
    await add(`/groups/${group}`, bob.id, 30);
    const res = await remove(`/groups/${group}`, bob.id);
    expect([res.statusCode, res.body]).toEqual([204, '']);
    expect(await members(`/groups/${group}`)).toEqual(['jane']);
    const again = await remove(`/groups/${group}`, bob.id);
    expect([again.statusCode, again.data]).toEqual([404, { message: '404 Not found' }]);
    expect((await remove('/groups/g', 999_999)).statusCode).toBe(404);
    expect((await t.req('DELETE', `/groups/${group}/members/bob`, { token: jane.token })).data).toEqual({ message: 'user_id is invalid' });
  });

  it('lets owners remove anyone and anyone leave; others get 403; the last owner stays', async () => {
    await add(`/groups/${group}`, bob.id, 40);
    await add(`/groups/${group}`, carol.id, 10);
    expect((await remove(`/groups/${group}`, carol.id, bob.token)).statusCode).toBe(403);
    expect((await remove(`/groups/${group}`, carol.id, carol.token)).statusCode).toBe(204);
    const last = await remove(`/groups/${group}`, jane.id, t.admin);
    expect([last.statusCode, await members(`/groups/${group}`)]).toEqual([403, ['jane', 'bob']]);
    await add(`/groups/${group}`, carol.id, 50);
    expect((await remove(`/groups/${group}`, jane.id, carol.token)).statusCode).toBe(204);
    expect(await members(`/groups/${group}`)).toEqual(['bob', 'carol']);
  });

  it("ends the user's memberships in subgroups and their projects, unless skip_subresources", async () => {
    const child = (await t.req('POST', '/groups', { token: jane.token, body: { name: 'C', path: 'c', parent_id: group } })).data.id;
    const project = (await t.req('POST', '/projects', { token: jane.token, body: { name: 'app', namespace_id: child } })).data.id;
    for (const path of [`/groups/${group}`, `/groups/${child}`, `/projects/${project}`]) await add(path, bob.id, 20);
    expect([await members(`/groups/${child}`), await members(`/projects/${project}`)]).toEqual([['bob'], ['bob']]);
    expect((await remove(`/groups/${group}`, bob.id)).statusCode).toBe(204);
    expect([await members(`/groups/${child}`), await members(`/projects/${project}`)]).toEqual([[], []]);
    for (const path of [`/groups/${group}`, `/groups/${child}`]) await add(path, bob.id, 20);
    expect((await remove(`/groups/${group}`, bob.id, jane.token, 'skip_subresources=true')).statusCode).toBe(204);
    expect(await members(`/groups/${child}`)).toEqual(['bob']);
  });
});

describe('DELETE /projects/:id/members/:user_id', () => {
  it('answers 204 for a maintainer removing a developer; 403 for removing an owner or for a developer; 404 for a non-member', async () => {
    const project = (await t.req('POST', '/projects', { token: jane.token, body: { name: 'app' } })).data.id;
    await add(`/projects/${project}`, bob.id, 40);
    await add(`/projects/${project}`, carol.id, 30);
    expect((await remove(`/projects/${project}`, bob.id, carol.token)).statusCode).toBe(403);
    expect((await remove(`/projects/${project}`, jane.id, bob.token)).statusCode).toBe(403);
    expect((await remove(`/projects/${project}`, carol.id, bob.token)).statusCode).toBe(204);
    expect(await members(`/projects/${project}`)).toEqual(['jane', 'bob']);
    expect((await remove('/projects/jane%2Fapp', carol.id, t.admin)).data).toEqual({ message: '404 Not found' });
    expect((await remove(`/projects/${project}`, bob.id, bob.token)).statusCode).toBe(204);
    expect((await t.req('DELETE', `/projects/${project}/members/${jane.id}`)).statusCode).toBe(401);
  });
});
