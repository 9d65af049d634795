/**
 * The proof of each fault broadcast-messages.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'broadcast.read-requires-auth'
 */
import { type TestServer, observe, type Case } from '../../testing.ts';
import { expect } from 'vitest';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { BROADCAST_MESSAGES_VARIATIONS } from './broadcast-messages.variations.ts';

/** The status of a regular user's DELETE of a broadcast message the admin made. */
async function deleteAsUser(t: TestServer, user: { token: string }): Promise<number> {
  const id = (await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.id;
  return (await t.req('DELETE', `/broadcast_messages/${id}`, { token: user.token })).statusCode;
}

/** The statuses of two DELETEs of the same broadcast message. */
async function deleteTwice(t: TestServer): Promise<number[]> {
  const id = (await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.id;
  const statuses = [];
  for (let i = 0; i < 2; i++) statuses.push((await t.req('DELETE', `/broadcast_messages/${id}`, { token: t.admin })).statusCode);
  return statuses;
}

export const BROADCAST_MESSAGES_FAULT_CASES = {
  'broadcast.redelete-204': observe(deleteTwice, [204, 404], [204, 204]),
  'broadcast.read-requires-auth': {
    healthy: async (t) => expect((await t.req('GET', '/broadcast_messages')).statusCode).toBe(200),
    faulty: async (t) => expect((await t.req('GET', '/broadcast_messages')).statusCode).toBe(401),
  },
  'broadcast.write-allows-user': {
    healthy: async (t) => {
      const jane = await t.user('jane');
      expect((await t.req('POST', '/broadcast_messages', { token: jane.token, body: { message: 'x' } })).statusCode).toBe(403);
    },
    faulty: async (t) => {
      const jane = await t.user('jane');
      expect((await t.req('POST', '/broadcast_messages', { token: jane.token, body: { message: 'x' } })).statusCode).toBe(201);
    },
  },
  'broadcast.delete-allows-user': {
    healthy: async (t) => expect(await deleteAsUser(t, await t.user('jane'))).toBe(403),
    faulty: async (t) => {
      const jane = await t.user('jane');
      expect(await deleteAsUser(t, jane)).toBe(204);
      expect((await t.req('POST', '/broadcast_messages', { token: jane.token, body: { message: 'x' } })).statusCode).toBe(403);
    },
  },
  'broadcast.default-type-notification': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.broadcast_type).toBe('banner'),
    faulty: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.broadcast_type).toBe(
        'notification',
      ),
  },
  'broadcast.ends-at-default-two-hours': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.ends_at).toBe(
        '2024-05-01T13:00:00.000Z',
      ),
    faulty: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.ends_at).toBe(
        '2024-05-01T14:00:00.000Z',
      ),
  },
  'broadcast.update-resets-omitted': {
    healthy: async (t) => {
      await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x', color: '#000000' } });
      expect((await t.req('PUT', '/broadcast_messages/1', { token: t.admin, body: { message: 'y' } })).data.color).toBe('#000000');
    },
    faulty: async (t) => {
      await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x', color: '#000000' } });
      const res = await t.req('PUT', '/broadcast_messages/1', { token: t.admin, body: { message: 'y' } });
      expect(res.data).toMatchObject({ message: 'y', color: '#E75E40' });
    },
  },
  'broadcast.ignores-color': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x', color: '#123456' } })).data.color).toBe(
        '#123456',
      ),
    faulty: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x', color: '#123456' } })).data.color).toBe(
        '#E75E40',
      ),
  },
  'text.non-ascii-mangled': observe(
    async (t) => {
      const messages = [];
      for (const message of ['Привет, 東京', 'launch 🚀 now']) {
        messages.push((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message } })).data.message);
      }
      messages.push((await t.req('GET', '/broadcast_messages/2', { token: t.admin })).data.message);
      return messages;
    },
    ['Привет, 東京', 'launch 🚀 now', 'launch 🚀 now'],
    ['Привет, 東京', 'launch \uFFFD now', 'launch \uFFFD now'],
  ),
} satisfies Record<FaultIdOf<typeof BROADCAST_MESSAGES_VARIATIONS>, Case>;
