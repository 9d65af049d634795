/**
 * Group epics on the reference: create/read/update/delete, iids, references, labels, dates and
 * their visibility, access, the feature switch (the faults: epics.fault-cases.ts).
 *
 *   npx vitest run src/reference/resources/epics/epics.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;
let parent: { id: number; full_path: string };
let child: { id: number; full_path: string };

async function group(path: string, parentId?: number, server = t) {
  const res = await server.req('POST', '/groups', { token: server.admin, body: { name: path, path, parent_id: parentId } });
  expect(res.statusCode).toBe(201);
  return res.data;
}

const epic = (groupId: number | string, body: Record<string, unknown>, token = t.admin) =>
  t.req('POST', `/groups/${groupId}/epics`, { token, body });

beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
  parent = await group('parent');
  child = await group('child', parent.id);
});

describe('creating and reading', () => {
  it('creates an opened epic (201) with iid per group, references and the caller as author', async () => {
    const a = await epic(parent.id, { title: 'A' });
    const b = await epic(child.id, { title: 'B' });
    expect(a.statusCode).toBe(201);
    expect(a.data).toMatchObject({
      iid: 1,
      group_id: parent.id,
      title: 'A',
      description: '',
      state: 'opened',
      closed_at: null,
      labels: [],
      author: { id: 1 },
      references: { short: '&1', relative: '&1', full: 'parent&1' },
      reference: '&1',
      web_url: 'http://localhost:80/groups/parent/-/epics/1',
      upvotes: 0,
      downvotes: 0,
      start_date: null,
      end_date: null,
      due_date: null,
      start_date_from_milestones: null,
      due_date_from_milestones: null,
      start_date_is_fixed: false,
      start_date_fixed: null,
      start_date_from_inherited_source: null,
    });
    expect(a.data).not.toHaveProperty('subscribed');
    expect(b.data.iid).toBe(1);
    expect(b.data.id).not.toBe(a.data.id);
    expect((await epic(parent.id, { title: 'C' })).data.iid).toBe(2);
  });

  it('never reuses an iid, even after a delete', async () => {
    await epic(parent.id, { title: 'A' });
    await epic(parent.id, { title: 'B' });
    expect((await t.req('DELETE', `/groups/${parent.id}/epics/2`, { token: t.admin })).statusCode).toBe(204);
    expect((await epic(parent.id, { title: 'C' })).data.iid).toBe(3);
  });

  it('reads by iid through an encoded path, with subscribed on the single epic', async () => {
    await epic(child.id, { title: 'B' });
    const res = await t.req('GET', '/groups/parent%2Fchild/epics/1', { token: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ iid: 1, title: 'B', subscribed: true });
    expect((await t.req('GET', `/groups/${child.id}/epics/9`, { token: t.admin })).data).toEqual({ message: '404 Epic Not Found' });
  });

  it('fixes dates: start_date and due_date follow the fixed values only when fixed', async () => {
    const fixed = await epic(parent.id, {
      title: 'D',
      start_date_is_fixed: true,
      start_date_fixed: '2030-01-15',
      due_date_is_fixed: 'true',
      due_date_fixed: '2030-03-31',
    });
    expect(fixed.data).toMatchObject({
      start_date: '2030-01-15',
      due_date: '2030-03-31',
      end_date: '2030-03-31',
      due_date_fixed: '2030-03-31',
    });
    const loose = await epic(parent.id, { title: 'E', start_date_fixed: '2030-01-15' });
    expect(loose.data).toMatchObject({ start_date: null, start_date_fixed: '2030-01-15', start_date_is_fixed: false });
    expect((await epic(parent.id, { title: 'F', due_date_fixed: '2030-02-30' })).statusCode).toBe(400);
  });

  it('takes labels as a comma list and shows names sorted, or objects with details', async () => {
    const res = await epic(parent.id, { title: 'L', labels: 'zeta, alpha,alpha' });
    expect(res.data.labels).toEqual(['alpha', 'zeta']);
    const list = await t.req('GET', `/groups/${parent.id}/epics`, { token: t.admin, query: 'with_labels_details=true' });
    expect(list.data[0].labels[0]).toEqual({
      id: expect.any(Number),
      name: 'alpha',
      color: '#6699cc',
      description: null,
      description_html: '',
      text_color: '#FFFFFF',
    });
  });

  it('refuses a missing or too long title and a description over 1,048,576 characters (400), accepts exactly that many', async () => {
    expect((await epic(parent.id, {})).data).toEqual({ message: 'title is missing' });
    expect((await epic(parent.id, { title: 'x'.repeat(256) })).statusCode).toBe(400);
    expect((await epic(parent.id, { title: 'ok', description: 'd'.repeat(1_048_576) })).statusCode).toBe(201);
    const over = await epic(parent.id, { title: 'no', description: 'd'.repeat(1_048_577) });
    expect(over.statusCode).toBe(400);
    expect(over.data).toEqual({ message: { description: ['is too long (maximum is 1048576 characters)'] } });
  });
});

describe('updating and deleting', () => {
  it('changes title, description and labels; closes and reopens with state_event', async () => {
    await epic(parent.id, { title: 'A', labels: 'a' });
    t.setNow(1000);
    const put = await t.req('PUT', `/groups/${parent.id}/epics/1`, {
      token: t.admin,
      body: { title: 'A2', description: 'x', labels: 'b,c' },
    });
    expect(put.data).toMatchObject({ title: 'A2', description: 'x', labels: ['b', 'c'], updated_at: '2024-05-01T12:00:01.000Z' });
    const closed = await t.req('PUT', `/groups/${parent.id}/epics/1`, { token: t.admin, body: { state_event: 'close' } });
    expect(closed.data).toMatchObject({ state: 'closed', closed_at: '2024-05-01T12:00:01.000Z' });
    const reopened = await t.req('PUT', `/groups/${parent.id}/epics/1`, { token: t.admin, body: { state_event: 'reopen' } });
    expect(reopened.data).toMatchObject({ state: 'opened', closed_at: null });
    expect((await t.req('PUT', `/groups/${parent.id}/epics/1`, { token: t.admin, body: {} })).statusCode).toBe(400);
    expect((await t.req('PUT', `/groups/${parent.id}/epics/1`, { token: t.admin, body: { state_event: 'open' } })).statusCode).toBe(400);
  });

  it('deletes (204) for the owner only; the group takes its epics along', async () => {
    await epic(parent.id, { title: 'A' });
    await t.req('POST', `/groups/${parent.id}/members`, { token: t.admin, body: { user_id: jane.id, access_level: 40 } });
    expect((await t.req('DELETE', `/groups/${parent.id}/epics/1`, { token: jane.token })).statusCode).toBe(403);
    expect((await t.req('DELETE', `/groups/${parent.id}/epics/1`, { token: t.admin })).statusCode).toBe(204);
    await epic(child.id, { title: 'B' });
    await t.req('DELETE', `/groups/${parent.id}`, { token: t.admin });
    expect(t.app.ref.store.epics.size).toBe(0);
  });
});

describe('access and views', () => {
  it('needs a token (401), hides private groups from non-members (404), lets reporters edit and guests read', async () => {
    await epic(parent.id, { title: 'A' });
    expect((await t.req('GET', `/groups/${parent.id}/epics`)).statusCode).toBe(401);
    expect((await t.req('GET', `/groups/${parent.id}/epics`, { token: jane.token })).data).toEqual({ message: '404 Group Not Found' });
    await t.req('POST', `/groups/${parent.id}/members`, { token: t.admin, body: { user_id: jane.id, access_level: 10 } });
    const asGuest = await t.req('GET', `/groups/${parent.id}/epics/1`, { token: jane.token });
    expect(asGuest.statusCode).toBe(200);
    expect(asGuest.data).not.toHaveProperty('start_date_is_fixed');
    expect(asGuest.data).not.toHaveProperty('due_date_from_inherited_source');
    expect(asGuest.data).toHaveProperty('start_date_from_milestones');
    expect(asGuest.data.subscribed).toBe(false);
    expect((await epic(parent.id, { title: 'G' }, jane.token)).statusCode).toBe(403);
  });

  it('lists subgroup epics by default, ancestors on request, with relative references from the group read', async () => {
    await epic(parent.id, { title: 'P' });
    await epic(child.id, { title: 'C' });
    const fromParent = await t.req('GET', `/groups/${parent.id}/epics`, { token: t.admin });
    expect(fromParent.data.map((e: any) => e.title)).toEqual(['C', 'P']);
    expect(fromParent.data[0].references).toEqual({ short: '&1', relative: 'parent/child&1', full: 'parent/child&1' });
    const noSub = await t.req('GET', `/groups/${parent.id}/epics`, { token: t.admin, query: 'include_descendant_groups=false' });
    expect(noSub.data.map((e: any) => e.title)).toEqual(['P']);
    const fromChild = await t.req('GET', `/groups/${child.id}/epics`, { token: t.admin });
    expect(fromChild.data.map((e: any) => e.title)).toEqual(['C']);
    const withAncestors = await t.req('GET', `/groups/${child.id}/epics`, { token: t.admin, query: 'include_ancestor_groups=true' });
    expect(withAncestors.data.map((e: any) => e.title)).toEqual(['C', 'P']);
    expect(withAncestors.headers['x-per-page']).toBe('20');
  });

  it('answers 403 on every epic route when epics are disabled, after authentication', async () => {
    const off = await testServer({ epicsDisabled: true });
    const g = await group('g', undefined, off);
    for (const [method, path] of [
      ['GET', '/epics'],
      ['GET', '/epics/1'],
      ['POST', '/epics'],
      ['PUT', '/epics/1'],
      ['DELETE', '/epics/1'],
      ['POST', '/epics/1/todo'],
    ]) {
      expect((await off.req(method!, `/groups/${g.id}${path}`, { token: off.admin })).statusCode).toBe(403);
    }
    expect((await off.req('GET', `/groups/${g.id}/epics`)).statusCode).toBe(401);
  });
});

describe('the list', () => {
  async function three() {
    await epic(parent.id, { title: 'apple one', labels: 'a' });
    t.setNow(1000);
    await epic(parent.id, { title: 'two', description: 'has APPLE', labels: 'a,b' }, t.admin);
    t.setNow(1000);
    await epic(parent.id, { title: 'three', labels: 'b' });
    t.setNow(1000);
    await t.req('PUT', `/groups/${parent.id}/epics/1`, { token: t.admin, body: { state_event: 'close' } });
  }
  const titles = async (query: string) =>
    (await t.req('GET', `/groups/${parent.id}/epics`, { token: t.admin, query })).data.map((e: any) => e.title);

  it('filters by labels, search, state and time ranges; orders by created_at or updated_at', async () => {
    await three();
    expect(await titles('')).toEqual(['three', 'two', 'apple one']);
    expect(await titles('labels=a,b')).toEqual(['two']);
    expect(await titles('search=apple')).toEqual(['two', 'apple one']);
    expect(await titles('state=closed')).toEqual(['apple one']);
    expect(await titles('state=opened')).toEqual(['three', 'two']);
    expect(await titles('sort=asc')).toEqual(['apple one', 'two', 'three']);
    expect(await titles('order_by=updated_at')).toEqual(['apple one', 'three', 'two']);
    expect(await titles('created_after=2024-05-01T12:00:01.000Z')).toEqual(['three', 'two']);
    expect(await titles('created_before=2024-05-01T13:00:01%2B01:00')).toEqual(['two', 'apple one']);
    expect(await titles('updated_after=2024-05-01T12:00:03Z')).toEqual(['apple one']);
    expect(await titles(`author_id=${jane.id}`)).toEqual([]);
    expect((await t.req('GET', `/groups/${parent.id}/epics`, { token: t.admin, query: 'order_by=title' })).statusCode).toBe(400);
  });
});
