/**
 * The proof of each fault epics.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'epics.relative-always-short'
 */
import { type Case, type TestServer, START, observe } from '../../testing.ts';
import { expect } from 'vitest';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { EPICS_VARIATIONS } from './epics.variations.ts';

/** Fields of two epics of a fresh group, from their create responses and a GET of the second. */
async function epics(t: TestServer, a: Record<string, unknown>, b: Record<string, unknown>, field: string): Promise<unknown[]> {
  const g = await group(t, 'g');
  const first = await t.req('POST', `/groups/${g}/epics`, { token: t.admin, body: { title: 't', ...a } });
  const second = await t.req('POST', `/groups/${g}/epics`, { token: t.admin, body: { title: 't', ...b } });
  const read = await t.req('GET', `/groups/${g}/epics/${second.data.iid}`, { token: t.admin });
  return [first.data[field], second.data[field], read.data[field]];
}

const LIMIT = 1_048_576;

/** Within the limit in characters (LIMIT - 1), 2 bytes each in UTF-8 but the last. */
const wide = `${'ж'.repeat(LIMIT - 2)}x`;

async function group(t: TestServer, path: string, parentId?: number): Promise<number> {
  const res = await t.req('POST', '/groups', { token: t.admin, body: { name: path, path, parent_id: parentId } });
  return res.data.id as number;
}

const epic = (t: TestServer, groupId: number, body: Record<string, unknown>) =>
  t.req('POST', `/groups/${groupId}/epics`, { token: t.admin, body });

/** The relative reference of a subgroup epic read through the parent's list. */
async function crossRelative(t: TestServer): Promise<string> {
  const p = await group(t, 'p');
  const c = await group(t, 'c', p);
  await epic(t, c, { title: 'e' });
  return (await t.req('GET', `/groups/${p}/epics`, { token: t.admin })).data[0].references.relative;
}

/** Titles of a group with x (label a) then y (a second later), listed with labels=a&sort=asc. */
async function labelledAsc(t: TestServer): Promise<string[]> {
  const g = await group(t, 'g');
  await epic(t, g, { title: 'x', labels: 'a' });
  t.setNow(1000);
  await epic(t, g, { title: 'y' });
  t.setNow(1000);
  await epic(t, g, { title: 'z', labels: 'a' });
  const res = await t.req('GET', `/groups/${g}/epics`, { token: t.admin, query: 'labels=a&sort=asc' });
  return res.data.map((e: { title: string }) => e.title);
}

async function concurrentIids(t: TestServer): Promise<number[]> {
  const g = await group(t, 'g');
  const made = await Promise.all([1, 2, 3].map(() => epic(t, g, { title: 'r' })));
  return made.map((r) => r.data.iid as number);
}

async function closeState(t: TestServer): Promise<string> {
  const g = await group(t, 'g');
  await epic(t, g, { title: 'e' });
  return (await t.req('PUT', `/groups/${g}/epics/1`, { token: t.admin, body: { state_event: 'close' } })).data.state;
}

/** closed_at after a close, and after a second close a minute later. */
async function closedAtTwice(t: TestServer): Promise<[string, string]> {
  const g = await group(t, 'g');
  await epic(t, g, { title: 'e' });
  const close = async () =>
    (await t.req('PUT', `/groups/${g}/epics/1`, { token: t.admin, body: { state_event: 'close' } })).data.closed_at as string;
  const first = await close();
  t.setNow(60_000);
  return [first, await close()];
}

/** The epic's state after a close, and after a second close. */
async function stateAfterTwoCloses(t: TestServer): Promise<[string, string]> {
  const g = await group(t, 'g');
  await epic(t, g, { title: 'e' });
  const close = async () =>
    (await t.req('PUT', `/groups/${g}/epics/1`, { token: t.admin, body: { state_event: 'close' } })).data.state as string;
  return [await close(), await close()];
}

async function overLimit(t: TestServer) {
  const g = await group(t, 'g');
  return epic(t, g, { title: 'e', description: 'd'.repeat(1_048_577) });
}

/** A guest member's view of an epic. */
async function guestView(t: TestServer): Promise<Record<string, unknown>> {
  const g = await group(t, 'g');
  await epic(t, g, { title: 'e' });
  const guest = await t.user('guest');
  await t.req('POST', `/groups/${g}/members`, { token: t.admin, body: { user_id: guest.id, access_level: 10 } });
  return (await t.req('GET', `/groups/${g}/epics/1`, { token: guest.token })).data;
}

async function secondTodo(t: TestServer): Promise<number> {
  const g = await group(t, 'g');
  await epic(t, g, { title: 'e' });
  await t.req('POST', `/groups/${g}/epics/1/todo`, { token: t.admin });
  return (await t.req('POST', `/groups/${g}/epics/1/todo`, { token: t.admin })).statusCode;
}

/** Titles of the epics listed with a time bound equal to the one epic's own created_at or updated_at. */
async function onOwnBound(t: TestServer, bound: `${'created' | 'updated'}_${'after' | 'before'}`): Promise<string[]> {
  const g = await group(t, 'g');
  const made = (await epic(t, g, { title: 'e' })).data;
  const own = bound.startsWith('created') ? made.created_at : made.updated_at;
  const res = await t.req('GET', `/groups/${g}/epics`, { token: t.admin, query: `${bound}=${encodeURIComponent(own)}` });
  return res.data.map((e: { title: string }) => e.title);
}

/** The healthy and faulty cases of a bound read strictly instead of on or after / on or before. */
function exclusiveBound(bound: Parameters<typeof onOwnBound>[1]): Case {
  return {
    healthy: async (t) => expect(await onOwnBound(t, bound)).toEqual(['e']),
    faulty: async (t) => expect(await onOwnBound(t, bound)).toEqual([]),
  };
}

export const EPICS_FAULT_CASES = {
  'epics.relative-always-short': {
    healthy: async (t) => expect(await crossRelative(t)).toBe('p/c&1'),
    faulty: async (t) => expect(await crossRelative(t)).toBe('&1'),
  },
  'epics.reference-dropped': observe(
    async (t) => (await epics(t, {}, {}, 'reference')).map((r) => typeof r),
    ['string', 'string', 'string'],
    ['undefined', 'undefined', 'undefined'],
  ),
  'epics.labels-filter-ignored': {
    healthy: async (t) => expect(await labelledAsc(t)).toEqual(['x', 'z']),
    faulty: async (t) => expect(await labelledAsc(t)).toEqual(['x', 'y', 'z']),
  },
  'epics.sort-ignored': {
    healthy: async (t) => expect(await labelledAsc(t)).toEqual(['x', 'z']),
    faulty: async (t) => expect(await labelledAsc(t)).toEqual(['z', 'x']),
  },
  'epics.created-after-exclusive': exclusiveBound('created_after'),
  'epics.created-before-exclusive': exclusiveBound('created_before'),
  'epics.updated-after-exclusive': exclusiveBound('updated_after'),
  'epics.updated-before-exclusive': exclusiveBound('updated_before'),
  'epics.iid-race': {
    healthy: async (t) => expect(new Set(await concurrentIids(t)).size).toBe(3),
    faulty: async (t) => expect(new Set(await concurrentIids(t)).size).toBeLessThan(3),
  },
  'epics.state-event-ignored': {
    healthy: async (t) => expect(await closeState(t)).toBe('closed'),
    faulty: async (t) => expect(await closeState(t)).toBe('opened'),
  },
  'epics.description-truncated': {
    healthy: async (t) => expect((await overLimit(t)).statusCode).toBe(400),
    faulty: async (t) => {
      const res = await overLimit(t);
      expect([res.statusCode, res.data.description.length]).toEqual([201, 1_048_576]);
    },
  },
  'epics.fixed-fields-for-all': {
    healthy: async (t) => expect(await guestView(t)).not.toHaveProperty('start_date_is_fixed'),
    faulty: async (t) => expect(await guestView(t)).toHaveProperty('start_date_is_fixed', false),
  },
  'epics.reclose-moves-closed-at': observe(closedAtTwice, [START, START], [START, '2024-05-01T12:01:00.000Z']),
  'epics.reclose-reopens': observe(stateAfterTwoCloses, ['closed', 'closed'], ['closed', 'opened']),
  'todos.repeat-201': {
    healthy: async (t) => expect(await secondTodo(t)).toBe(304),
    faulty: async (t) => expect(await secondTodo(t)).toBe(201),
  },
  'text.html-escaped': observe(
    (t) => epics(t, { title: 'plain' }, { title: `<b>Tom & "Jerry"</b>` }, 'title'),
    ['plain', `<b>Tom & "Jerry"</b>`, `<b>Tom & "Jerry"</b>`],
    ['plain', '&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;', '&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;'],
  ),
  'text.long-values-cut': observe(
    async (t) => {
      const [ascii, cut, read] = await epics(t, { description: 'd'.repeat(LIMIT) }, { description: wide }, 'description');
      return [String(ascii).length, String(cut).length, String(read).length];
    },
    [LIMIT, LIMIT - 1, LIMIT - 1],
    [LIMIT, LIMIT / 2, LIMIT / 2],
  ),
  'dates.month-end-shifted': observe(
    (t) =>
      epics(
        t,
        { due_date_is_fixed: true, due_date_fixed: '2031-03-30' },
        { due_date_is_fixed: true, due_date_fixed: '2032-02-29' },
        'due_date',
      ),
    ['2031-03-30', '2032-02-29', '2032-02-29'],
    ['2031-03-30', '2032-02-28', '2032-02-28'],
  ),
} satisfies Record<FaultIdOf<typeof EPICS_VARIATIONS>, Case>;
