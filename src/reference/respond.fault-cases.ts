/**
 * The proof of each fault respond.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'status.create-200'
 */
import { expect } from 'vitest';
import { seed } from './fixtures.fault-cases.ts';
import type { Case } from './testing.ts';
import type { FaultIdOf } from './variation/declaration.ts';
import type { STATUS_VARIATIONS } from './respond.variations.ts';

export const STATUS_FAULT_CASES = {
  'status.create-200': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).statusCode).toBe(201),
    faulty: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).statusCode).toBe(200),
  },
  'status.delete-200': {
    healthy: async (t) => {
      await seed(t, 1);
      const res = await t.req('DELETE', '/broadcast_messages/1', { token: t.admin });
      expect([res.statusCode, res.body]).toEqual([204, '']);
    },
    faulty: async (t) => {
      await seed(t, 1);
      const res = await t.req('DELETE', '/broadcast_messages/1', { token: t.admin });
      expect(res.statusCode).toBe(200);
      expect(res.data.id).toBe(1);
    },
  },
} satisfies Record<FaultIdOf<typeof STATUS_VARIATIONS>, Case>;
