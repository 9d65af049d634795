/**
 * The proof of each fault ssh-keys.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'keys.duplicate-409'
 */
import { observe, type TestServer, type Case } from '../../testing.ts';
import { expect } from 'vitest';
import { sshPublicKey } from '../../../kit/generators/ssh-keys.ts';
import { ownershipCase } from '../../fixtures.fault-cases.ts';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { SSH_KEYS_VARIATIONS } from './ssh-keys.variations.ts';

/** Status and body of adding the same SSH key twice (Jane, then Bob). */
async function duplicateKey(t: TestServer) {
  const k = await sshPublicKey();
  const jane = await t.user('jane');
  const bob = await t.user('bob');
  await t.req('POST', '/user/keys', { token: jane.token, body: { title: 'a', key: k.text } });
  return t.req('POST', '/user/keys', { token: bob.token, body: { title: 'b', key: k.text } });
}

/** The statuses of three identical POST /user/keys by Jane sent together, and how many keys she has after. */
async function keyRace(t: TestServer): Promise<{ statuses: number[]; stored: number }> {
  const k = await sshPublicKey();
  const jane = await t.user('jane');
  const post = () => t.req('POST', '/user/keys', { token: jane.token, body: { title: 'a', key: k.text } });
  const answers = await Promise.all([post(), post(), post()]);
  const list = await t.req('GET', '/user/keys', { token: jane.token });
  return { statuses: answers.map((r) => r.statusCode).sort(), stored: list.data.length };
}

const TAKEN_KEY = { message: { fingerprint: ['has already been taken'], key: ['has already been taken'] } };

export const SSH_KEYS_FAULT_CASES = {
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
  'keys.duplicate-race': observe(keyRace, { statuses: [201, 400, 400], stored: 1 }, { statuses: [201, 201, 201], stored: 3 }),
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
  'keys.other-users-key-readable': ownershipCase('keys', 'GET'),
  'keys.other-users-key-deletable': ownershipCase('keys', 'DELETE'),
} satisfies Record<FaultIdOf<typeof SSH_KEYS_VARIATIONS>, Case>;
