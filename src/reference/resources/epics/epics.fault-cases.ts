/**
 * The fault cases of epics and epic todos for src/reference/faults.test.ts: what the healthy
 * server does, checked with the fault off and on.
 *
 *   const CASES = { ...CORE_CASES, ...EPIC_FAULT_CASES };
 */
import { expect } from 'vitest';
import type { TestServer } from '../../testing.ts';

type Check = (t: TestServer) => Promise<void>;
type Case = { healthy: Check; faulty: Check };

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

export const EPIC_FAULT_CASES: Record<string, Case> = {
  'epics.created-after-exclusive': exclusiveBound('created_after'),
  'epics.created-before-exclusive': exclusiveBound('created_before'),
  'epics.updated-after-exclusive': exclusiveBound('updated_after'),
  'epics.updated-before-exclusive': exclusiveBound('updated_before'),
  'epics.relative-always-short': {
    healthy: async (t) => expect(await crossRelative(t)).toBe('p/c&1'),
    faulty: async (t) => expect(await crossRelative(t)).toBe('&1'),
  },
  'epics.labels-filter-ignored': {
    healthy: async (t) => expect(await labelledAsc(t)).toEqual(['x', 'z']),
    faulty: async (t) => expect(await labelledAsc(t)).toEqual(['x', 'y', 'z']),
  },
  'epics.sort-ignored': {
    healthy: async (t) => expect(await labelledAsc(t)).toEqual(['x', 'z']),
    faulty: async (t) => expect(await labelledAsc(t)).toEqual(['z', 'x']),
  },
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
  'todos.repeat-201': {
    healthy: async (t) => expect(await secondTodo(t)).toBe(304),
    faulty: async (t) => expect(await secondTodo(t)).toBe(201),
  },
};
