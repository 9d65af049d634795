/**
 * The proof of each fault respond.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'status.create-200'
 */
import { expect } from 'vitest';
import { project, seed } from './fixtures.fault-cases.ts';
import { observe, type Case, type TestServer } from './testing.ts';
import type { FaultIdOf } from './variation/declaration.ts';
import type { STATUS_VARIATIONS } from './respond.variations.ts';

/** A variable read (its ETag kept), changed, then read again with If-None-Match of the old ETag: [status, value]. */
async function staleRead(t: TestServer): Promise<[number, unknown]> {
  const id = await project(t);
  await t.req('POST', `/projects/${id}/variables`, { token: t.admin, body: { key: 'K', value: 'old' } });
  const first = await t.req('GET', `/projects/${id}/variables/K`, { token: t.admin });
  await t.req('PUT', `/projects/${id}/variables/K`, { token: t.admin, body: { value: 'new' } });
  const again = await t.req('GET', `/projects/${id}/variables/K`, {
    token: t.admin,
    headers: { 'if-none-match': String(first.headers.etag) },
  });
  return [again.statusCode, again.statusCode === 200 ? again.data.value : again.body];
}

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
  'conditional.stale-304': observe(staleRead, [200, 'new'], [304, '']),
} satisfies Record<FaultIdOf<typeof STATUS_VARIATIONS>, Case>;
