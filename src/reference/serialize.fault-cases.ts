/**
 * The proof of each fault serialize.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'format.datetime-no-millis'
 */
import { expect } from 'vitest';
import type { Case } from './testing.ts';
import type { FaultIdOf } from './variation/declaration.ts';
import type { FORMAT_VARIATIONS } from './serialize.variations.ts';

export const FORMAT_FAULT_CASES = {
  'format.datetime-no-millis': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.starts_at).toBe(
        '2024-05-01T12:00:00.000Z',
      ),
    faulty: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.starts_at).toBe(
        '2024-05-01T12:00:00Z',
      ),
  },
  'format.json-content-type': {
    healthy: async (t) => expect((await t.req('GET', '/broadcast_messages')).headers['content-type']).toMatch(/^application\/json/),
    faulty: async (t) => {
      const res = await t.req('GET', '/broadcast_messages');
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.data).toEqual([]);
    },
  },
  'format.datetime-offset': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.starts_at).toBe(
        '2024-05-01T12:00:00.000Z',
      ),
    faulty: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.starts_at).toBe(
        '2024-05-01T12:00:00.000+00:00',
      ),
  },
  'format.ids-as-strings': {
    healthy: async (t) =>
      expect(typeof (await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.id).toBe('number'),
    faulty: async (t) =>
      expect(typeof (await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.id).toBe('string'),
  },
} satisfies Record<FaultIdOf<typeof FORMAT_VARIATIONS>, Case>;
