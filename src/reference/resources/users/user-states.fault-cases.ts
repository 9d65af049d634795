/**
 * The fault cases of user states, activity, status, memberships, sudo and admin-only routes for
 * src/reference/faults.test.ts: what the healthy server does, checked with the fault off and on.
 *
 *   const CASES = { ...CORE_CASES, ...USER_STATE_FAULT_CASES };
 */
import { expect } from 'vitest';
import { seedUsers } from '../../seed-users.ts';
import type { TestServer } from '../../testing.ts';

type Check = (t: TestServer) => Promise<void>;
type Case = { healthy: Check; faulty: Check };

const move = (t: TestServer, action: string, id: number, token = t.admin) => t.req('POST', `/users/${id}/${action}`, { token });
const stateOf = async (t: TestServer, id: number) => (await t.req('GET', `/users/${id}`, { token: t.admin })).data.state;

/** Jane, moved through `actions` first; answers the status of the final `action` and her state after it. */
async function transition(t: TestServer, before: string[], action: string): Promise<[number, string]> {
  const jane = await t.user('jane');
  for (const a of before) await move(t, a, jane.id);
  const res = await move(t, action, jane.id);
  return [res.statusCode, await stateOf(t, jane.id)];
}

/** A case whose healthy and faulty outcomes are two values of the same probe. */
function probe<T>(run: (t: TestServer) => Promise<T>, healthy: T, faulty: T): Case {
  return {
    healthy: async (t) => expect(await run(t)).toEqual(healthy),
    faulty: async (t) => expect(await run(t)).toEqual(faulty),
  };
}

async function memberships(t: TestServer, query?: string): Promise<[number, string[]]> {
  const jane = await t.user('jane');
  const post = async (path: string, body: unknown) => (await t.req('POST', path, { token: t.admin, body })).data;
  const group = await post('/groups', { name: 'Team', path: 'team' });
  await post('/projects', { name: 'In group', path: 'in-group', namespace_id: group.id });
  const direct = await post('/projects', { name: 'Direct', path: 'direct' });
  await post(`/groups/${group.id}/members`, { user_id: jane.id, access_level: 30 });
  await post(`/projects/${direct.id}/members`, { user_id: jane.id, access_level: 20 });
  const res = await t.req('GET', `/users/${jane.id}/memberships`, { token: t.admin, query });
  return [res.statusCode, res.statusCode === 200 ? res.data.map((m: { source_name: string }) => m.source_name) : []];
}

async function statusAfter(t: TestServer, second: Record<string, string>): Promise<[string | null, string | null]> {
  const jane = await t.user('jane');
  await t.req('PUT', '/user/status', { token: jane.token, body: { emoji: 'coffee', message: 'first' } });
  await t.req('PUT', '/user/status', { token: jane.token, body: second });
  const res = await t.req('GET', '/user/status', { token: jane.token });
  return [res.data.emoji, res.data.message];
}

/** Status and username of GET /user as `who` with a Sudo header. */
async function sudo(t: TestServer, who: 'admin' | 'admin-api-only', value: string): Promise<[number, string | undefined]> {
  await t.user('jane'); // the user sudo names
  const token = who === 'admin' ? t.admin : (await t.user('boss', { admin: true, scopes: ['api'] })).token;
  const res = await t.req('GET', '/user', { token, headers: { sudo: value } });
  return [res.statusCode, res.data?.username];
}

export const USER_STATE_FAULT_CASES: Record<string, Case> = {
  'users.block-not-applied': probe((t) => transition(t, [], 'block'), [201, 'blocked'], [201, 'active']),
  'users.block-refuses-deactivated': probe((t) => transition(t, ['deactivate'], 'block'), [201, 'blocked'], [403, 'deactivated']),
  'users.unblock-not-applied': probe((t) => transition(t, ['block'], 'unblock'), [201, 'active'], [201, 'blocked']),
  'users.deactivate-allows-blocked': probe((t) => transition(t, ['block'], 'deactivate'), [403, 'blocked'], [201, 'deactivated']),
  'users.activate-allows-blocked': probe((t) => transition(t, ['block'], 'activate'), [403, 'blocked'], [201, 'active']),
  'users.deactivate-ignores-activity': probe(
    async (t) => {
      const jane = await t.user('jane');
      await t.req('GET', '/user', { token: jane.token });
      return (await move(t, 'deactivate', jane.id)).statusCode;
    },
    403,
    201,
  ),
  'users.transitions-allow-user': probe(
    async (t) => {
      const jane = await t.user('jane');
      const bob = await t.user('bob');
      return (await move(t, 'block', jane.id, bob.token)).statusCode;
    },
    403,
    201,
  ),
  'users.transitions-ignore-ldap': probe(
    async (t) => {
      seedUsers(t.app.ref.store, t.app.ref.clock, [{ username: 'dir', state: 'ldap_blocked' }]);
      const dir = (await t.req('GET', '/users?username=dir', { token: t.admin })).data[0];
      return [(await move(t, 'unblock', dir.id)).statusCode, await stateOf(t, dir.id)];
    },
    [403, 'ldap_blocked'],
    [201, 'active'],
  ),
  'users.activity-not-recorded': probe(
    async (t) => {
      const jane = await t.user('jane');
      await t.req('GET', '/user', { token: jane.token });
      return (await t.req('GET', `/users/${jane.id}`, { token: t.admin })).data.last_activity_on;
    },
    '2024-05-01',
    null,
  ),
  'users.activities-newest-first': probe(
    async (t) => {
      const jane = await t.user('jane');
      await t.req('GET', '/user', { token: jane.token });
      t.setNow(86_400_000);
      const res = await t.req('GET', '/user/activities', { token: t.admin });
      return res.data.map((a: { username: string }) => a.username);
    },
    ['jane', 'root'],
    ['root', 'jane'],
  ),
  'users.activities-ignore-from': probe(
    async (t) => {
      const res = await t.req('GET', '/user/activities', { token: t.admin, query: 'from=2099-01-01' });
      return res.data.length;
    },
    0,
    1,
  ),
  'users.activities-from-exclusive': probe(
    async (t) => {
      const jane = await t.user('jane');
      await t.req('GET', '/user', { token: jane.token });
      const res = await t.req('GET', '/user/activities', { token: t.admin, query: 'from=2024-05-01' });
      return res.data.map((a: { username: string }) => a.username).includes('jane');
    },
    true,
    false,
  ),
  'users.activities-allow-user': probe(
    async (t) => {
      const jane = await t.user('jane');
      return (await t.req('GET', '/user/activities', { token: jane.token })).statusCode;
    },
    403,
    200,
  ),
  'users.status-put-merges': probe((t) => statusAfter(t, { message: 'second' }), ['speech_balloon', 'second'], ['coffee', 'second']),
  'users.status-clear-ignored': probe((t) => statusAfter(t, { emoji: '', message: '' }), [null, null], ['coffee', 'first']),
  'users.memberships-inherited': probe((t) => memberships(t), [200, ['Team', 'Direct']], [200, ['Team', 'Direct', 'In group']]),
  'users.memberships-type-ignored': probe((t) => memberships(t, 'type=Project'), [200, ['Direct']], [200, ['Team', 'Direct']]),
  'users.memberships-bad-type-ignored': probe((t) => memberships(t, 'type=Group'), [400, []], [200, ['Team', 'Direct']]),
  'auth.sudo-scope-unchecked': probe((t) => sudo(t, 'admin-api-only', 'jane'), [403, undefined], [200, 'jane']),
  'auth.sudo-username-case-sensitive': probe((t) => sudo(t, 'admin', 'JANE'), [200, 'jane'], [404, undefined]),
  'auth.sudo-scope-before-admin': probe(
    async (t) => {
      const jane = await t.user('jane');
      return (await t.req('GET', '/user', { token: jane.token, headers: { sudo: 'root' } })).data;
    },
    { message: '403 Forbidden - Must be admin to use sudo' },
    {
      error: 'insufficient_scope',
      error_description: 'The request requires higher privileges than provided by the access token.',
      scope: 'sudo',
    },
  ),
  'auth.sudo-unknown-user-ignored': probe((t) => sudo(t, 'admin', 'ghost'), [404, undefined], [200, 'root']),
  'auth.admin-only-open': probe(
    async (t) => {
      const jane = await t.user('jane');
      return (await t.req('GET', `/users/${jane.id}/impersonation_tokens`, { token: jane.token })).statusCode;
    },
    403,
    200,
  ),
};
