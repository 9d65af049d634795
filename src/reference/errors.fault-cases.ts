/**
 * The proof of each fault errors.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'errors.unknown-route-message-body'
 */
import { expect } from 'vitest';
import type { Case } from './testing.ts';
import type { FaultIdOf } from './variation/declaration.ts';
import type { ERROR_VARIATIONS } from './errors.variations.ts';

export const ERROR_FAULT_CASES = {
  'errors.unknown-route-message-body': {
    healthy: async (t) => expect((await t.req('GET', '/nope')).data).toEqual({ error: '404 Not Found' }),
    faulty: async (t) => expect((await t.req('GET', '/nope')).data).toEqual({ message: '404 Not Found' }),
  },
  'errors.missing-attr-unnamed': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: {} })).data).toEqual({ message: 'message is missing' }),
    faulty: async (t) => {
      const res = await t.req('POST', '/broadcast_messages', { token: t.admin, body: {} });
      expect([res.statusCode, res.data]).toEqual([400, { message: 'Bad request' }]);
    },
  },
  'errors.missing-attr-object-message': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: {} })).data).toEqual({ message: 'message is missing' }),
    faulty: async (t) => {
      const res = await t.req('POST', '/broadcast_messages', { token: t.admin, body: {} });
      expect([res.statusCode, res.data]).toEqual([400, { message: { message: ['is missing'] } }]);
    },
  },
  'errors.405-as-404': {
    healthy: async (t) => expect((await t.req('PATCH', '/broadcast_messages')).statusCode).toBe(405),
    faulty: async (t) => {
      const res = await t.req('PATCH', '/broadcast_messages');
      expect([res.statusCode, res.data]).toEqual([404, { error: '404 Not Found' }]);
    },
  },
  'errors.405-classic-methods-only': {
    healthy: async (t) => {
      for (const method of ['QUERY', 'TRACE', 'PROPFIND']) {
        const res = await t.req(method, '/broadcast_messages', { token: t.admin });
        expect([method, res.statusCode, res.headers.allow]).toEqual([method, 405, 'GET, HEAD, POST, OPTIONS']);
      }
    },
    faulty: async (t) => {
      expect((await t.req('PATCH', '/broadcast_messages')).statusCode).toBe(405);
      expect((await t.req('QUERY', '/broadcast_messages', { token: t.admin })).statusCode).toBe(400);
      for (const method of ['TRACE', 'PROPFIND']) {
        const res = await t.req(method, '/broadcast_messages', { token: t.admin });
        expect([method, res.statusCode, res.data]).toEqual([method, 404, { error: '404 Not Found' }]);
      }
    },
  },
} satisfies Record<FaultIdOf<typeof ERROR_VARIATIONS>, Case>;
