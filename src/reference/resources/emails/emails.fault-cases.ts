/**
 * The proof of each fault emails.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'emails.duplicate-409'
 */
import { type TestServer, observe, type Case } from '../../testing.ts';
import { expect } from 'vitest';
import { ownershipCase } from '../../fixtures.fault-cases.ts';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { EMAILS_VARIATIONS } from './emails.variations.ts';

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

/** The statuses of Jane and Bob adding one new address together, and the rows that hold it after. */
async function emailRace(t: TestServer): Promise<{ statuses: number[]; stored: number }> {
  const [jane, bob] = [await t.user('jane'), await t.user('bob')];
  const add = (token: string) => t.req('POST', '/user/emails', { token, body: { email: 'shared@example.com' } });
  const answers = await Promise.all([add(jane.token), add(bob.token)]);
  const lists = await Promise.all([jane, bob].map((u) => t.req('GET', '/user/emails', { token: u.token })));
  const stored = lists.flatMap((l) => l.data as { email: string }[]).filter((e) => e.email === 'shared@example.com').length;
  return { statuses: answers.map((r) => r.statusCode).sort(), stored };
}

const TAKEN_EMAIL = { message: { email: ['has already been taken'] } };

export const EMAILS_FAULT_CASES = {
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
  'emails.taken-race': observe(emailRace, { statuses: [201, 400], stored: 1 }, { statuses: [201, 201], stored: 2 }),
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
} satisfies Record<FaultIdOf<typeof EMAILS_VARIATIONS>, Case>;
