/**
 * The proof of each fault pagination.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'pagination.no-link-last'
 */
import { type TestServer, observe, type Case } from './testing.ts';
import { expect } from 'vitest';
import { project, seed } from './fixtures.fault-cases.ts';
import type { FaultIdOf } from './variation/declaration.ts';
import type { PAGINATION_VARIATIONS } from './pagination.variations.ts';

/** Five broadcast messages, then one page of them (per_page=2). */
async function page(t: TestServer, n: number) {
  for (let i = 0; i < 5; i += 1) {
    await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: `m${i}` } });
  }
  return t.req('GET', '/broadcast_messages', { query: `per_page=2&page=${n}` });
}

const header = (name: string, n: number) => async (t: TestServer) => (await page(t, n)).headers[name];

const link = (n: number) => async (t: TestServer) => String((await page(t, n)).headers.link);

const ids = (n: number) => async (t: TestServer) => ((await page(t, n)).data as { id: number }[]).map((m) => m.id);

/** `count` broadcast messages, then the number of items on page `n` with that per_page. */
const sizeOfPage = (count: number, perPage: number, n: number) => async (t: TestServer) => {
  for (let i = 0; i < count; i += 1) await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: `m${i}` } });
  return ((await t.req('GET', '/broadcast_messages', { query: `per_page=${perPage}&page=${n}` })).data as unknown[]).length;
};

/** X-Total, X-Total-Pages and whether rel="last" is sent, at 100 a page, on 1,000 broadcast messages and then on 1,001. */
async function countsAt1000And1001(t: TestServer) {
  const counts = async () => {
    const res = await t.req('GET', '/broadcast_messages', { query: 'per_page=100' });
    return [res.headers['x-total'], res.headers['x-total-pages'], String(res.headers.link).includes('rel="last"')];
  };
  await seed(t, 1_000);
  const at1000 = await counts();
  await seed(t, 1);
  return [at1000, await counts()];
}

async function keysetPage(t: TestServer, query: string) {
  const res = await t.req('GET', '/projects', { token: t.admin, query: `pagination=keyset&order_by=id&sort=asc&${query}` });
  return { count: (res.data as unknown[]).length, xTotal: res.headers['x-total'] ?? null };
}

export const PAGINATION_FAULT_CASES = {
  'pagination.no-link-last': {
    healthy: async (t) => expect(String((await t.req('GET', '/broadcast_messages')).headers.link)).toContain('rel="last"'),
    faulty: async (t) => expect(String((await t.req('GET', '/broadcast_messages')).headers.link)).not.toContain('rel="last"'),
  },
  'pagination.x-total-off-by-one': {
    healthy: async (t) => {
      await seed(t, 2);
      expect((await t.req('GET', '/broadcast_messages')).headers['x-total']).toBe('2');
    },
    faulty: async (t) => {
      await seed(t, 2);
      expect((await t.req('GET', '/broadcast_messages')).headers['x-total']).toBe('3');
    },
  },
  'pagination.link-drops-filters': {
    healthy: async (t) => expect(String((await t.req('GET', '/broadcast_messages', { query: 'x=1' })).headers.link)).toContain('x=1'),
    faulty: async (t) => expect(String((await t.req('GET', '/broadcast_messages', { query: 'x=1' })).headers.link)).not.toContain('x=1'),
  },
  'pagination.next-on-last-page': observe(async (t) => (await link(3)(t)).includes('rel="next"'), false, true),
  'pagination.link-drops-per-page': observe(async (t) => /per_page=2/.test(await link(1)(t)), true, false),
  'pagination.link-first-current-page': observe(async (t) => /[?&]page=1[&>][^,]*rel="first"/.test(await link(2)(t)), true, false),
  'pagination.link-without-host': observe(async (t) => /^<http:\/\/[^/]/.test(await link(1)(t)), true, false),
  'pagination.page-two-repeats-first': observe(ids(2), [3, 2], [5, 4]),
  'pagination.no-x-total-pages': observe(header('x-total-pages', 1), '3', undefined),
  'pagination.no-x-per-page': observe(header('x-per-page', 1), '2', undefined),
  'pagination.x-page-zero-based': observe(header('x-page', 1), '1', '0'),
  'pagination.no-x-next-page': observe(header('x-next-page', 1), '2', undefined),
  'pagination.no-x-prev-page': observe(header('x-prev-page', 2), '1', undefined),
  'pagination.no-x-total': observe(header('x-total', 1), '5', undefined),
  'pagination.x-next-page-on-last': observe(header('x-next-page', 3), '', '4'),
  'pagination.per-page-default-50': observe(
    async (t) => {
      const res = await t.req('GET', '/users', { token: t.admin });
      return res.headers['x-per-page'];
    },
    '20',
    '50',
  ),
  'pagination.keyset-offset-headers': observe(
    async (t) => {
      await project(t);
      return (await keysetPage(t, '')).xTotal;
    },
    null,
    '1',
  ),
  'pagination.keyset-per-page-unclamped': observe(
    async (t) => {
      for (let i = 0; i < 101; i += 1) await t.req('POST', '/projects', { token: t.admin, body: { name: `p${i}` } });
      return (await keysetPage(t, 'per_page=101')).count;
    },
    100,
    101,
  ),
  'pagination.odd-per-page-short': observe(sizeOfPage(7, 3, 2), 3, 2),
  'pagination.deep-pages-empty': observe(sizeOfPage(12, 1, 11), 1, 0),
  'pagination.per-page-max-exclusive': observe(sizeOfPage(101, 100, 1), 100, 20),
  'pagination.counts-dropped-over-1000': observe(
    countsAt1000And1001,
    [
      ['1000', '10', true],
      ['1001', '11', true],
    ],
    [
      ['1000', '10', true],
      [undefined, undefined, false],
    ],
  ),
} satisfies Record<FaultIdOf<typeof PAGINATION_VARIATIONS>, Case>;
