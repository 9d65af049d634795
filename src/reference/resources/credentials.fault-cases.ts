/**
 * The fault cases of SSH keys, GPG keys, e-mails and impersonation tokens for
 * src/reference/faults.test.ts: what the healthy server does, checked with the fault off and on.
 *
 *   const CASES = { ...CORE_CASES, ...CREDENTIAL_FAULT_CASES };
 */
import { expect } from 'vitest';
import { gpgPublicKey } from '../../kit/generators/gpg-keys.ts';
import { sshPublicKey } from '../../kit/generators/ssh-keys.ts';
import { observe, type TestServer } from '../testing.ts';

type Check = (t: TestServer) => Promise<void>;
type Case = { healthy: Check; faulty: Check };

/** Jane with a second token, revoked; returns its value and the list path. */
async function revokedToken(t: TestServer) {
  const jane = await t.user('jane');
  const base = `/users/${jane.id}/impersonation_tokens`;
  const made = await t.req('POST', base, { token: t.admin, body: { name: 'gone', scopes: ['api'] } });
  await t.req('DELETE', `${base}/${made.data.id}`, { token: t.admin });
  return { base, id: made.data.id as number, value: made.data.token as string };
}

/** Status and body of adding the same SSH key twice (Jane, then Bob). */
async function duplicateKey(t: TestServer) {
  const k = await sshPublicKey();
  const jane = await t.user('jane');
  const bob = await t.user('bob');
  await t.req('POST', '/user/keys', { token: jane.token, body: { title: 'a', key: k.text } });
  return t.req('POST', '/user/keys', { token: bob.token, body: { title: 'b', key: k.text } });
}

/** Bob adding Jane's primary address, or her secondary one. */
async function takenEmail(t: TestServer, which: 'primary' | 'secondary') {
  const jane = await t.user('jane');
  const bob = await t.user('bob');
  await t.req('POST', '/user/emails', { token: jane.token, body: { email: 'jane.alt@example.com' } });
  return t.req('POST', '/user/emails', {
    token: bob.token,
    body: { email: which === 'primary' ? 'jane@example.com' : 'jane.alt@example.com' },
  });
}

/** The names of jane's active tokens after her revoked token is revoked a second time. */
async function activeAfterRevokingTwice(t: TestServer): Promise<string[]> {
  const r = await revokedToken(t);
  await t.req('DELETE', `${r.base}/${r.id}`, { token: t.admin });
  return (await t.req('GET', r.base, { token: t.admin, query: 'state=active' })).data.map((x: { name: string }) => x.name);
}

/** Jane's own SSH key, GPG key or address, and Bob's GET or DELETE of it through his own route; then Jane's own read of it. */
async function otherUsersItem(t: TestServer, family: 'keys' | 'gpg_keys' | 'emails', method: 'GET' | 'DELETE') {
  const jane = await t.user('jane');
  const bob = await t.user('bob');
  const body =
    family === 'keys'
      ? { title: 'jane', key: (await sshPublicKey()).text }
      : family === 'gpg_keys'
        ? { key: (await gpgPublicKey()).armored }
        : { email: 'jane.owned@example.com' };
  const made = await t.req('POST', `/user/${family}`, { token: jane.token, body });
  const path = `/user/${family}/${made.data.id}`;
  const res = await t.req(method, path, { token: bob.token });
  const owner = await t.req('GET', path, { token: jane.token });
  return { status: res.statusCode, ownerStatus: owner.statusCode };
}

/** The healthy and faulty cases of an ownership fault: Bob reaches Jane's item (200 or 204) instead of 404. */
function ownershipCase(family: 'keys' | 'gpg_keys' | 'emails', method: 'GET' | 'DELETE'): Case {
  return {
    healthy: async (t) => expect(await otherUsersItem(t, family, method)).toEqual({ status: 404, ownerStatus: 200 }),
    faulty: async (t) =>
      expect(await otherUsersItem(t, family, method)).toEqual(
        method === 'GET' ? { status: 200, ownerStatus: 200 } : { status: 204, ownerStatus: 404 },
      ),
  };
}

const TAKEN_KEY = { message: { fingerprint: ['has already been taken'], key: ['has already been taken'] } };
const TAKEN_EMAIL = { message: { email: ['has already been taken'] } };

export const CREDENTIAL_FAULT_CASES: Record<string, Case> = {
  'tokens.value-shown': {
    healthy: async (t) => {
      const jane = await t.user('jane');
      const list = await t.req('GET', `/users/${jane.id}/impersonation_tokens`, { token: t.admin });
      expect(list.data).toHaveLength(1);
      expect(list.data[0]).not.toHaveProperty('token');
    },
    faulty: async (t) => {
      const jane = await t.user('jane');
      const list = await t.req('GET', `/users/${jane.id}/impersonation_tokens`, { token: t.admin });
      expect(list.data[0].token).toBe(jane.token);
    },
  },
  'tokens.revoked-still-accepted': {
    healthy: async (t) => expect((await t.req('GET', '/user', { token: (await revokedToken(t)).value })).statusCode).toBe(401),
    faulty: async (t) => expect((await t.req('GET', '/user', { token: (await revokedToken(t)).value })).statusCode).toBe(200),
  },
  'tokens.revoke-noop': {
    healthy: async (t) => {
      const r = await revokedToken(t);
      expect((await t.req('GET', `${r.base}/${r.id}`, { token: t.admin })).data).toMatchObject({ revoked: true, active: false });
    },
    faulty: async (t) => {
      const r = await revokedToken(t);
      expect((await t.req('GET', `${r.base}/${r.id}`, { token: t.admin })).data).toMatchObject({ revoked: false, active: true });
      expect((await t.req('GET', '/user', { token: r.value })).statusCode).toBe(200);
    },
  },
  'tokens.impersonation-flag-dropped': {
    healthy: async (t) =>
      expect(
        (await t.req('GET', `/users/${(await t.user('jane')).id}/impersonation_tokens`, { token: t.admin })).data[0].impersonation,
      ).toBe(true),
    faulty: async (t) =>
      expect(
        (await t.req('GET', `/users/${(await t.user('jane')).id}/impersonation_tokens`, { token: t.admin })).data[0].impersonation,
      ).toBe(false),
  },
  'tokens.state-filter-ignored': {
    healthy: async (t) => {
      const r = await revokedToken(t);
      expect((await t.req('GET', r.base, { token: t.admin, query: 'state=active' })).data.map((x: { name: string }) => x.name)).toEqual([
        'test',
      ]);
    },
    faulty: async (t) => {
      const r = await revokedToken(t);
      expect((await t.req('GET', r.base, { token: t.admin, query: 'state=active' })).data.map((x: { name: string }) => x.name)).toEqual([
        'test',
        'gone',
      ]);
    },
  },
  'tokens.revoke-again-hits-newest': {
    healthy: async (t) => expect(await activeAfterRevokingTwice(t)).toEqual(['test']),
    faulty: async (t) => expect(await activeAfterRevokingTwice(t)).toEqual([]),
  },
  'keys.duplicate-409': {
    healthy: async (t) => {
      const res = await duplicateKey(t);
      expect([res.statusCode, res.data]).toEqual([400, TAKEN_KEY]);
    },
    faulty: async (t) => {
      const res = await duplicateKey(t);
      expect([res.statusCode, res.data]).toEqual([409, { message: 'Fingerprint has already been taken' }]);
    },
  },
  'keys.duplicate-message-string': {
    healthy: async (t) => expect((await duplicateKey(t)).data).toEqual(TAKEN_KEY),
    faulty: async (t) => {
      const res = await duplicateKey(t);
      expect([res.statusCode, res.data]).toEqual([400, { message: 'Key has already been taken' }]);
    },
  },
  'keys.unchecked': {
    healthy: async (t) => {
      const jane = await t.user('jane');
      expect((await t.req('POST', '/user/keys', { token: jane.token, body: { title: 'x', key: 'ssh-rsa AAAA garbage' } })).statusCode).toBe(
        400,
      );
    },
    faulty: async (t) => {
      const jane = await t.user('jane');
      expect((await t.req('POST', '/user/keys', { token: jane.token, body: { title: 'x', key: 'ssh-rsa AAAA garbage' } })).statusCode).toBe(
        201,
      );
    },
  },
  'keys.list-by-id-only': {
    healthy: async (t) => {
      await t.user('jane');
      expect((await t.req('GET', '/users/jane/keys')).statusCode).toBe(200);
    },
    faulty: async (t) => {
      const jane = await t.user('jane');
      expect((await t.req('GET', '/users/jane/keys')).statusCode).toBe(404);
      expect((await t.req('GET', `/users/${jane.id}/keys`)).statusCode).toBe(200);
    },
  },
  'gpg.parse-error-500': {
    healthy: async (t) => {
      const k = await gpgPublicKey();
      const jane = await t.user('jane');
      const broken = k.armored.replace(/\n\n[\s\S]*\n-----END/, '\n\nbm90IGEga2V5\n-----END');
      expect((await t.req('POST', '/user/gpg_keys', { token: jane.token, body: { key: broken } })).statusCode).toBe(400);
      expect((await t.req('POST', '/user/gpg_keys', { token: jane.token, body: { key: k.armored } })).statusCode).toBe(201);
    },
    faulty: async (t) => {
      const k = await gpgPublicKey();
      const jane = await t.user('jane');
      const broken = k.armored.replace(/\n\n[\s\S]*\n-----END/, '\n\nbm90IGEga2V5\n-----END');
      expect((await t.req('POST', '/user/gpg_keys', { token: jane.token, body: { key: broken } })).statusCode).toBe(500);
      expect((await t.req('POST', '/user/gpg_keys', { token: jane.token, body: { key: 'not armored' } })).statusCode).toBe(400);
    },
  },
  'emails.duplicate-409': {
    healthy: async (t) => expect((await takenEmail(t, 'secondary')).data).toEqual(TAKEN_EMAIL),
    faulty: async (t) => {
      const res = await takenEmail(t, 'secondary');
      expect([res.statusCode, res.data]).toEqual([409, { message: 'Email has already been taken' }]);
    },
  },
  'emails.duplicate-base-error': {
    healthy: async (t) => expect((await takenEmail(t, 'secondary')).data).toEqual(TAKEN_EMAIL),
    faulty: async (t) => {
      const res = await takenEmail(t, 'secondary');
      expect([res.statusCode, res.data]).toEqual([400, { message: { base: ['Email has already been taken'] } }]);
    },
  },
  'emails.primary-not-checked': {
    healthy: async (t) => expect((await takenEmail(t, 'primary')).statusCode).toBe(400),
    faulty: async (t) => {
      expect((await takenEmail(t, 'primary')).statusCode).toBe(201);
    },
  },
  'keys.other-users-key-readable': ownershipCase('keys', 'GET'),
  'keys.other-users-key-deletable': ownershipCase('keys', 'DELETE'),
  'gpg.other-users-key-readable': ownershipCase('gpg_keys', 'GET'),
  'gpg.other-users-key-deletable': ownershipCase('gpg_keys', 'DELETE'),
  'emails.other-users-email-readable': ownershipCase('emails', 'GET'),
  'emails.other-users-email-deletable': ownershipCase('emails', 'DELETE'),
  'emails.admin-delete-allows-user': observe(
    async (t) => {
      const jane = await t.user('jane');
      const bob = await t.user('bob');
      const made = await t.req('POST', '/user/emails', { token: jane.token, body: { email: 'jane.other@example.com' } });
      const list = (await t.req('GET', `/users/${jane.id}/emails`, { token: bob.token })).statusCode;
      return [list, (await t.req('DELETE', `/users/${jane.id}/emails/${made.data.id}`, { token: bob.token })).statusCode];
    },
    [403, 403],
    [403, 204],
  ),
};
