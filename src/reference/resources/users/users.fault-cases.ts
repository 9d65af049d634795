/**
 * The proof of each fault users.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'users.normal-views-show-email'
 */
import { type TestServer, observe, postUser, type Case } from '../../testing.ts';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { USERS_VARIATIONS } from './users.variations.ts';

/** Jane, sole owner of the group "mine". */
async function soleOwner(t: TestServer) {
  const jane = await t.user('jane');
  await t.req('POST', '/groups', { token: jane.token, body: { name: 'Mine', path: 'mine' } });
  return jane;
}

/** The statuses of PUT /users/:id giving Jane and Bob one new e-mail together, and how many users have it after. */
async function updateEmailRace(t: TestServer): Promise<{ statuses: number[]; holders: number }> {
  const users = [await t.user('jane'), await t.user('bob')];
  const body = { email: 'shared@example.com', skip_reconfirmation: true };
  const answers = await Promise.all(users.map((u) => t.req('PUT', `/users/${u.id}`, { token: t.admin, body })));
  const views = await Promise.all(users.map((u) => t.req('GET', `/users/${u.id}`, { token: t.admin })));
  return { statuses: answers.map((r) => r.statusCode).sort(), holders: views.filter((v) => v.data.email === body.email).length };
}

export const USERS_FAULT_CASES = {
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
  'users.password-optional': observe(async (t) => (await postUser(t, 'a', { password: undefined })).statusCode, 400, 201),
  'users.private-profile-null-kept': observe(
    async (t) => (await postUser(t, 'a', { private_profile: null })).data.private_profile,
    false,
    null,
  ),
  'users.skip-confirmation-ignored': observe(
    async (t) => (await postUser(t, 'a', { skip_confirmation: true })).data.confirmed_at,
    '2024-05-01T12:00:00.000Z',
    null,
  ),
  'users.create-ignores-identity': observe(
    async (t) => (await postUser(t, 'a', { extern_uid: 'e1', provider: 'p1' })).data.identities,
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
  'users.update-email-race': observe(updateEmailRace, { statuses: [200, 404], holders: 1 }, { statuses: [200, 200], holders: 2 }),
  'users.update-resets-omitted': observe(
    async (t) => {
      const a = await postUser(t, 'a', { bio: 'hello', linkedin: 'in' });
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
  'users.identity-redelete-204': observe(
    async (t) => {
      const a = await postUser(t, 'a', { extern_uid: 'e1', provider: 'p1' });
      const del = () => t.req('DELETE', `/users/${a.data.id}/identities/p1`, { token: t.admin });
      return [(await del()).statusCode, (await del()).statusCode];
    },
    [204, 404],
    [204, 204],
  ),
  'users.identity-delete-noop': observe(
    async (t) => {
      const a = await postUser(t, 'a', { extern_uid: 'e1', provider: 'p1' });
      const del = await t.req('DELETE', `/users/${a.data.id}/identities/p1`, { token: t.admin });
      return [del.statusCode, (await t.req('GET', `/users/${a.data.id}`, { token: t.admin })).data.identities.length];
    },
    [204, 0],
    [204, 1],
  ),
  'users.precondition-ignored': observe(
    async (t) => {
      const a = await postUser(t, 'a');
      const headers = { 'if-unmodified-since': 'Tue, 30 Apr 2024 12:00:00 GMT' };
      return (await t.req('DELETE', `/users/${a.data.id}`, { token: t.admin, headers })).statusCode;
    },
    412,
    204,
  ),
  'users.get-without-token': observe(
    async (t) => {
      const jane = await t.user('jane');
      return [(await t.req('GET', `/users/${jane.id}`)).statusCode, (await t.req('GET', '/user')).statusCode];
    },
    [401, 401],
    [200, 401],
  ),
} satisfies Record<FaultIdOf<typeof USERS_VARIATIONS>, Case>;
