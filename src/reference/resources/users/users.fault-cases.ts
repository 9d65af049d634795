/**
 * The fault cases of user accounts (views, GET /users filters and order, create, update,
 * delete, identities) for src/reference/faults.test.ts: one observation, its healthy value with
 * the fault off and its broken value with the fault on.
 *
 *   const CASES = { ...CORE_CASES, ...USER_FAULT_CASES };
 */
import { type Case, type TestServer, multipartBody, observe, postUser } from '../../testing.ts';

const make = postUser;

async function usernames(t: TestServer, query: string): Promise<string[]> {
  const res = await t.req('GET', '/users', { token: t.admin, query });
  return res.data.map((u: { username: string }) => u.username);
}

/** amy (name "Nm B") first, zed (name "Nm A") second: id order and name order disagree. */
async function amyAndZed(t: TestServer): Promise<void> {
  await make(t, 'amy', { name: 'Nm B' });
  await make(t, 'zed', { name: 'Nm A' });
}

/** Jane, sole owner of the group "mine". */
async function soleOwner(t: TestServer) {
  const jane = await t.user('jane');
  await t.req('POST', '/groups', { token: jane.token, body: { name: 'Mine', path: 'mine' } });
  return jane;
}

function block(t: TestServer, id: number): void {
  t.app.ref.store.users.update(id, { state: 'blocked' });
}

export const USER_FAULT_CASES: Record<string, Case> = {
  'users.admin-list-hides-is-admin': observe(
    async (t) => 'is_admin' in (await t.req('GET', '/users', { token: t.admin })).data[0],
    true,
    false,
  ),
  'users.normal-views-show-email': observe(
    async (t) => {
      const jane = await t.user('jane');
      const one = await t.req('GET', '/users/1', { token: jane.token });
      const list = await t.req('GET', '/users', { token: jane.token });
      return ['email' in one.data, 'email' in list.data[0]];
    },
    [false, false],
    [true, true],
  ),
  'users.current-shows-admin-fields': observe(
    async (t) => {
      const jane = await t.user('jane');
      return 'is_admin' in (await t.req('GET', '/user', { token: jane.token })).data;
    },
    false,
    true,
  ),
  'users.search-ignores-email': observe(
    async (t) => {
      await make(t, 'jdoe', { email: 'work@corp.example' });
      return usernames(t, 'search=corp');
    },
    ['jdoe'],
    [],
  ),
  'users.username-case-sensitive': observe(
    async (t) => {
      await make(t, 'jdoe');
      return usernames(t, 'username=JDOE');
    },
    ['jdoe'],
    [],
  ),
  'users.active-filter-keeps-blocked': observe(
    async (t) => {
      await make(t, 'a');
      block(t, (await make(t, 'b')).data.id);
      return usernames(t, 'active=true&search=Nm');
    },
    ['a'],
    ['b', 'a'],
  ),
  'users.blocked-filter-ignored': observe(
    async (t) => {
      await make(t, 'a');
      block(t, (await make(t, 'b')).data.id);
      return usernames(t, 'blocked=true');
    },
    ['b'],
    ['b', 'a', 'root'],
  ),
  'users.external-filter-ignored': observe(
    async (t) => {
      await make(t, 'a', { external: true });
      await make(t, 'b');
      return usernames(t, 'external=true');
    },
    ['a'],
    ['b', 'a', 'root'],
  ),
  'users.two-factor-filter-inverted': observe(
    async (t) => {
      await make(t, 'a');
      return usernames(t, 'two_factor=disabled&username=a');
    },
    ['a'],
    [],
  ),
  'users.without-projects-ignored': observe(
    async (t) => {
      const a = await t.user('a');
      await t.user('b');
      await t.req('POST', '/projects', { token: a.token, body: { name: 'p', path: 'p' } });
      return usernames(t, 'without_projects=true&search=Name');
    },
    ['b'],
    ['b', 'a'],
  ),
  'users.extern-uid-ignores-provider': observe(
    async (t) => {
      await make(t, 'a', { extern_uid: 'e1', provider: 'p1' });
      await make(t, 'b', { extern_uid: 'e1', provider: 'p2' });
      return usernames(t, 'extern_uid=e1&provider=p1');
    },
    ['a'],
    ['b', 'a'],
  ),
  'users.created-filters-ignored': observe(
    async (t) => {
      await make(t, 'a');
      t.setNow(60_000);
      await make(t, 'b');
      return [
        await usernames(t, 'created_after=2024-05-01T12:00:30Z&search=Nm'),
        await usernames(t, 'created_before=2024-05-01T12:00:30Z&search=Nm'),
      ];
    },
    [['b'], ['a']],
    [
      ['b', 'a'],
      ['b', 'a'],
    ],
  ),
  'users.order-by-ignored': observe(
    async (t) => {
      await amyAndZed(t);
      return usernames(t, 'order_by=name&sort=asc&search=Nm');
    },
    ['zed', 'amy'],
    ['amy', 'zed'],
  ),
  'users.sort-ignored': observe(
    async (t) => {
      await amyAndZed(t);
      return usernames(t, 'sort=asc&search=Nm');
    },
    ['amy', 'zed'],
    ['zed', 'amy'],
  ),
  'users.default-order-asc': observe(
    async (t) => {
      await amyAndZed(t);
      return usernames(t, 'search=Nm');
    },
    ['zed', 'amy'],
    ['amy', 'zed'],
  ),
  'users.password-optional': observe(async (t) => (await make(t, 'a', { password: undefined })).statusCode, 400, 201),
  'users.private-profile-null-kept': observe(
    async (t) => (await make(t, 'a', { private_profile: null })).data.private_profile,
    false,
    null,
  ),
  'users.skip-confirmation-ignored': observe(
    async (t) => (await make(t, 'a', { skip_confirmation: true })).data.confirmed_at,
    '2024-05-01T12:00:00.000Z',
    null,
  ),
  'users.create-ignores-identity': observe(
    async (t) => (await make(t, 'a', { extern_uid: 'e1', provider: 'p1' })).data.identities,
    [{ provider: 'p1', extern_uid: 'e1' }],
    [],
  ),
  'users.update-conflict-409': observe(
    async (t) => {
      await t.user('jane');
      const bob = await t.user('bob');
      return (await t.req('PUT', `/users/${bob.id}`, { token: t.admin, body: { email: 'jane@example.com' } })).statusCode;
    },
    404,
    409,
  ),
  'users.update-resets-omitted': observe(
    async (t) => {
      const a = await make(t, 'a', { bio: 'hello', linkedin: 'in' });
      const res = await t.req('PUT', `/users/${a.data.id}`, { token: t.admin, body: { name: 'New' } });
      return [res.data.name, res.data.bio, res.data.linkedin];
    },
    ['New', 'hello', 'in'],
    ['New', '', ''],
  ),
  'users.delete-ignores-sole-owner': observe(
    async (t) => {
      const jane = await soleOwner(t);
      return (await t.req('DELETE', `/users/${jane.id}`, { token: t.admin })).statusCode;
    },
    409,
    204,
  ),
  'users.hard-delete-keeps-groups': observe(
    async (t) => {
      const jane = await soleOwner(t);
      await t.req('DELETE', `/users/${jane.id}`, { token: t.admin, query: 'hard_delete=true' });
      return (await t.req('GET', '/groups/mine', { token: t.admin })).statusCode;
    },
    404,
    200,
  ),
  'users.delete-does-nothing': observe(
    async (t) => {
      const jane = await soleOwner(t);
      const del = await t.req('DELETE', `/users/${jane.id}`, { token: t.admin, query: 'hard_delete=true' });
      const after = await t.req('GET', `/users/${jane.id}`, { token: t.admin });
      return [del.statusCode, after.statusCode, (await t.req('GET', '/groups/mine', { token: t.admin })).statusCode];
    },
    [204, 404, 404],
    [204, 200, 200],
  ),
  'users.identity-delete-noop': observe(
    async (t) => {
      const a = await make(t, 'a', { extern_uid: 'e1', provider: 'p1' });
      const del = await t.req('DELETE', `/users/${a.data.id}/identities/p1`, { token: t.admin });
      return [del.statusCode, (await t.req('GET', `/users/${a.data.id}`, { token: t.admin })).data.identities.length];
    },
    [204, 0],
    [204, 1],
  ),
  'users.precondition-ignored': observe(
    async (t) => {
      const a = await make(t, 'a');
      const headers = { 'if-unmodified-since': 'Tue, 30 Apr 2024 12:00:00 GMT' };
      return (await t.req('DELETE', `/users/${a.data.id}`, { token: t.admin, headers })).statusCode;
    },
    412,
    204,
  ),
  'query.plus-literal': observe(
    async (t) => {
      await make(t, 'jdoe', { name: 'Jane Doe' });
      return usernames(t, 'search=Jane+Doe');
    },
    ['jdoe'],
    [],
  ),
  'parse.no-multipart': observe(
    async (t) => {
      const { payload, contentType } = multipartBody([
        { name: 'username', value: 'a' },
        { name: 'name', value: 'A' },
        { name: 'email', value: 'a@example.com' },
        { name: 'password', value: 'password123' },
        { name: 'avatar', value: Buffer.from('png'), filename: 'a.png', type: 'image/png' },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v4/users',
        payload,
        headers: { 'content-type': contentType, 'private-token': t.admin },
      });
      return res.statusCode;
    },
    201,
    415,
  ),
  'users.get-without-token': observe(
    async (t) => {
      const jane = await t.user('jane');
      return [(await t.req('GET', `/users/${jane.id}`)).statusCode, (await t.req('GET', '/user')).statusCode];
    },
    [401, 401],
    [200, 401],
  ),
};
