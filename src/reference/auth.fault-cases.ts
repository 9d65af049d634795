/**
 * The proof of each fault auth.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'auth.401-body'
 */
import { type TestServer, observe, type Case } from './testing.ts';
import { expect } from 'vitest';
import type { FaultIdOf } from './variation/declaration.ts';
import type { AUTH_VARIATIONS } from './auth.variations.ts';

/** GET /user as the admin with its token in one transport: the username, or the status. */
const whoAmI = (via: 'bearer' | 'query') => async (t: TestServer) => {
  const res =
    via === 'bearer'
      ? await t.req('GET', '/user', { headers: { authorization: `Bearer ${t.admin}` } })
      : await t.req('GET', '/user', { query: `private_token=${t.admin}` });
  return res.statusCode === 200 ? res.data.username : res.statusCode;
};

/** Status and username of GET /user as `who` with a Sudo header. */
async function sudo(t: TestServer, who: 'admin' | 'admin-api-only', value: string): Promise<[number, string | undefined]> {
  await t.user('jane'); // the user sudo names
  const token = who === 'admin' ? t.admin : (await t.user('boss', { admin: true, scopes: ['api'] })).token;
  const res = await t.req('GET', '/user', { token, headers: { sudo: value } });
  return [res.statusCode, res.data?.username];
}

/** Status of GET /user with a token of jane's that expired yesterday (a past expires_at is accepted on create, as the platform). */
async function expiredTokenStatus(t: TestServer): Promise<number> {
  const jane = await t.user('jane');
  const yesterday = new Date(t.now().getTime() - 86_400_000).toISOString().slice(0, 10);
  const made = await t.req('POST', `/users/${jane.id}/impersonation_tokens`, {
    token: t.admin,
    body: { name: 'old', scopes: ['api'], expires_at: yesterday },
  });
  return (await t.req('GET', '/user', { token: made.data.token })).statusCode;
}

export const AUTH_FAULT_CASES = {
  'tokens.expiry-unchecked': observe(expiredTokenStatus, 401, 200),
  'auth.401-body': {
    healthy: async (t) => expect((await t.req('GET', '/user')).data).toEqual({ message: '401 Unauthorized' }),
    faulty: async (t) => {
      const res = await t.req('GET', '/user');
      expect([res.statusCode, res.data]).toEqual([401, { error: 'unauthorized' }]);
    },
  },
  'auth.sudo-ignored': {
    healthy: async (t) => {
      await t.user('jane');
      expect((await t.req('GET', '/user', { token: t.admin, headers: { sudo: 'jane' } })).data.username).toBe('jane');
    },
    faulty: async (t) => {
      await t.user('jane');
      expect((await t.req('GET', '/user', { token: t.admin, headers: { sudo: 'jane' } })).data.username).toBe('root');
    },
  },
  'auth.bearer-ignored': observe(whoAmI('bearer'), 'root', 401),
  'auth.private-token-query-ignored': observe(whoAmI('query'), 'root', 401),
  'auth.sudo-scope-unchecked': observe((t) => sudo(t, 'admin-api-only', 'jane'), [403, undefined], [200, 'jane']),
  'auth.sudo-username-case-sensitive': observe((t) => sudo(t, 'admin', 'JANE'), [200, 'jane'], [404, undefined]),
  'auth.sudo-scope-before-admin': observe(
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
  'auth.sudo-unknown-user-ignored': observe((t) => sudo(t, 'admin', 'ghost'), [404, undefined], [200, 'root']),
  'auth.admin-only-open': observe(
    async (t) => {
      const jane = await t.user('jane');
      return (await t.req('GET', `/users/${jane.id}/impersonation_tokens`, { token: jane.token })).statusCode;
    },
    403,
    200,
  ),
} satisfies Record<FaultIdOf<typeof AUTH_VARIATIONS>, Case>;
