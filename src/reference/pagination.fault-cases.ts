/**
 * The fault cases of the shared offset pagination and of the token transports, for
 * src/reference/faults.test.ts: one observation, its healthy value with the fault off and its
 * broken value with the fault on.
 *
 *   const CASES = { ...CORE_CASES, ...CONVENTION_FAULT_CASES };
 */
import { type Case, type TestServer, observe } from './testing.ts';

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

/** GET /user as the admin with its token in one transport: the username, or the status. */
const whoAmI = (via: 'bearer' | 'query') => async (t: TestServer) => {
  const res =
    via === 'bearer'
      ? await t.req('GET', '/user', { headers: { authorization: `Bearer ${t.admin}` } })
      : await t.req('GET', '/user', { query: `private_token=${t.admin}` });
  return res.statusCode === 200 ? res.data.username : res.statusCode;
};

export const CONVENTION_FAULT_CASES: Record<string, Case> = {
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
  'auth.bearer-ignored': observe(whoAmI('bearer'), 'root', 401),
  'auth.private-token-query-ignored': observe(whoAmI('query'), 'root', 401),
  'pagination.odd-per-page-short': observe(sizeOfPage(7, 3, 2), 3, 2),
  'pagination.deep-pages-empty': observe(sizeOfPage(12, 1, 11), 1, 0),
  'pagination.per-page-max-exclusive': observe(sizeOfPage(101, 100, 1), 100, 20),
};
