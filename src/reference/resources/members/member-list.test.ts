/**
 * GET /projects/:id/members and GET /groups/:id/members as the platform answers them: direct
 * members only, as Member objects, in membership order, offset paginated; a token needed, the
 * project or group visible to the caller (its 404 otherwise); query, user_ids and skip_users.
 *
 *   npx vitest run src/reference/resources/members/member-list.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;
let bob: TestUser;
let group: number;
beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
  bob = await t.user('bob');
  group = (await t.req('POST', '/groups', { token: jane.token, body: { name: 'G', path: 'g' } })).data.id;
});

const usernames = (data: { username: string }[]) => data.map((m) => m.username);
const add = (path: string, userId: number, level: number, token = jane.token) =>
  t.req('POST', `${path}/members`, { token, body: { user_id: userId, access_level: level } });

describe('GET /groups/:id/members', () => {
  it('lists the direct members with the Member fields, in the order they joined', async () => {
    await add(`/groups/${group}`, bob.id, 30);
    const res = await t.req('GET', `/groups/${group}/members`, { token: jane.token });
    expect([res.statusCode, usernames(res.data)]).toEqual([200, ['jane', 'bob']]);
    expect(res.data[1]).toEqual({
      id: bob.id,
      username: 'bob',
      name: 'Name bob',
      state: 'active',
      locked: false,
      avatar_url: expect.any(String),
      web_url: 'http://localhost:80/bob',
      access_level: 30,
      created_at: '2024-05-01T12:00:00.000Z',
      created_by: expect.objectContaining({ id: jane.id, username: 'jane' }),
      expires_at: null,
      membership_state: 'active',
    });
    expect(res.headers['x-total']).toBe('2');
  });

  it('leaves out members of ancestors and subgroups', async () => {
    const child = (await t.req('POST', '/groups', { token: jane.token, body: { name: 'C', path: 'c', parent_id: group } })).data.id;
    await add(`/groups/${child}`, bob.id, 20);
    expect(usernames((await t.req('GET', `/groups/${child}/members`, { token: jane.token })).data)).toEqual(['bob']);
    expect(usernames((await t.req('GET', '/groups/g/members', { token: jane.token })).data)).toEqual(['jane']);
  });

  it('filters by query, user_ids and skip_users, and pages', async () => {
    const carol = await t.user('carol');
    await add(`/groups/${group}`, bob.id, 30);
    await add(`/groups/${group}`, carol.id, 10);
    const list = (query: string) => t.req('GET', `/groups/${group}/members`, { token: jane.token, query });
    expect(usernames((await list('query=CAR')).data)).toEqual(['carol']);
    expect(usernames((await list(`user_ids=${bob.id},${carol.id}`)).data)).toEqual(['bob', 'carol']);
    expect(usernames((await list(`skip_users[]=${jane.id}`)).data)).toEqual(['bob', 'carol']);
    const page = await list('per_page=2&page=2');
    expect([usernames(page.data), page.headers['x-total'], page.headers['x-next-page']]).toEqual([['carol'], '3', '']);
    expect((await list('user_ids=x')).data).toEqual({ message: 'user_ids is invalid' });
  });

  it('needs a token; hides a private group from non-members (404), shows a public one to anyone signed in', async () => {
    expect((await t.req('GET', `/groups/${group}/members`)).data).toEqual({ message: '401 Unauthorized' });
    const hidden = await t.req('GET', `/groups/${group}/members`, { token: bob.token });
    expect([hidden.statusCode, hidden.data]).toEqual([404, { message: '404 Group Not Found' }]);
    expect((await t.req('GET', `/groups/${group}/members`, { token: t.admin })).statusCode).toBe(200);
    const open = (await t.req('POST', '/groups', { token: jane.token, body: { name: 'O', path: 'o', visibility: 'public' } })).data.id;
    expect(usernames((await t.req('GET', `/groups/${open}/members`, { token: bob.token })).data)).toEqual(['jane']);
  });
});

describe('GET /projects/:id/members', () => {
  it('lists the direct members of a project by id or encoded path; 404 Project Not Found when hidden', async () => {
    const project = (await t.req('POST', '/projects', { token: jane.token, body: { name: 'app' } })).data.id;
    await add(`/projects/${project}`, bob.id, 30);
    const res = await t.req('GET', '/projects/jane%2Fapp/members', { token: jane.token });
    expect([res.statusCode, usernames(res.data), res.data.map((m: { access_level: number }) => m.access_level)]).toEqual([
      200,
      ['jane', 'bob'],
      [50, 30],
    ]);
    const carol = await t.user('carol');
    const hidden = await t.req('GET', `/projects/${project}/members`, { token: carol.token });
    expect([hidden.statusCode, hidden.data]).toEqual([404, { message: '404 Project Not Found' }]);
    expect((await t.req('GET', `/projects/${project}/members`)).statusCode).toBe(401);
  });
});
