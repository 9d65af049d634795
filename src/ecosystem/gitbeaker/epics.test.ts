/**
 * Group epics and epic todos through `@gitbeaker/rest` (Epics): create with labels and fixed
 * dates, read back by group id and by URL-encoded group path, filters and the page walk of the
 * list (subgroup epics included), close and reopen, delete, and manual todo creation (201, then
 * 304 surfacing as the client's error).
 *
 * Todos go through the client's requester: gitbeaker's Epics.createTodo posts to
 * /groups/:id/epics/:epic_iid/todos (plural), a path the spec does not document (it documents
 * .../todo), and TodoLists (GET /todos) is not part of the spec either; neither is called here.
 *
 *   npx vitest run src/ecosystem/gitbeaker/epics.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startWorld, type Client, type World, type WorldUser } from './harness.ts';

let w: World;
let jane: WorldUser;
let bob: WorldUser;
let groupId: number;
let groupPath: string;
let subgroupId: number;

/** POST /groups/:id/epics/:epic_iid/todo, as the spec documents it, with the client's requester. */
async function markTodo(api: Client, group: string | number, epicIid: number) {
  return api.requester.post<Record<string, unknown>>(`groups/${encodeURIComponent(String(group))}/epics/${epicIid}/todo`);
}

beforeAll(async () => {
  w = await startWorld();
  jane = await w.newUser('jane');
  bob = await w.newUser('bob');
  const group = await jane.api.Groups.create('Planning', 'planning', { visibility: 'private' });
  groupId = group.id;
  groupPath = group.full_path;
  subgroupId = (await jane.api.Groups.create('Team', 'team', { parentId: groupId, visibility: 'private' })).id;
});
afterAll(() => w?.close());

describe('epics', () => {
  it('creates an epic whose attributes read back by group id and by encoded subgroup path', async () => {
    const made = await jane.api.Epics.create(subgroupId, 'Roadmap 2031', {
      description: 'The *plan*',
      labels: 'planning,roadmap',
      startDateIsFixed: true,
      startDateFixed: '2031-01-01',
      dueDateIsFixed: true,
      dueDateFixed: '2031-12-31',
    });
    const expected = {
      id: made.id,
      iid: made.iid,
      group_id: subgroupId,
      title: 'Roadmap 2031',
      description: 'The *plan*',
      state: 'opened',
      labels: ['planning', 'roadmap'],
      start_date_is_fixed: true,
      start_date_fixed: '2031-01-01',
      start_date: '2031-01-01',
      due_date_is_fixed: true,
      due_date_fixed: '2031-12-31',
      due_date: '2031-12-31',
      author: { id: jane.id, username: 'jane' },
    };
    expect(made).toMatchObject(expected);
    expect(made.references).toMatchObject({ short: `&${made.iid}` });
    expect(await jane.api.Epics.show(subgroupId, made.iid)).toMatchObject(expected);
    expect(await jane.api.Epics.show(`${groupPath}/team`, made.iid)).toMatchObject(expected);
  });

  it('walks the list page by page, subgroup epics included, and filters by state, labels and search', async () => {
    const group = await jane.api.Groups.create('Listing', 'listing');
    const sub = await jane.api.Groups.create('Sub', 'sub', { parentId: group.id });
    const top = [];
    for (let i = 0; i < 4; i++) top.push(await jane.api.Epics.create(group.id, `top ${i}`, { labels: i % 2 ? 'odd' : 'even' }));
    const nested = await jane.api.Epics.create(sub.id, 'nested needle');
    const walked = await jane.api.Epics.all(group.id, { perPage: 2, showExpanded: true });
    const ids = walked.data.map((e) => e.id);
    expect([...ids].sort()).toEqual([...top.map((e) => e.id), nested.id].sort());
    expect(walked.paginationInfo).toMatchObject({ total: 5, totalPages: 3, perPage: 2, next: null });

    await jane.api.Epics.edit(group.id, top[0].iid, { stateEvent: 'close' });
    expect((await jane.api.Epics.all(group.id, { state: 'closed' })).map((e) => e.id)).toEqual([top[0].id]);
    expect((await jane.api.Epics.all(group.id, { state: 'opened' })).map((e) => e.id)).not.toContain(top[0].id);
    expect((await jane.api.Epics.all(group.id, { labels: 'odd' })).map((e) => e.id).sort()).toEqual([top[1].id, top[3].id].sort());
    expect((await jane.api.Epics.all(group.id, { search: 'needle' })).map((e) => e.id)).toEqual([nested.id]);
    expect((await jane.api.Epics.all(group.id, { includeDescendantGroups: false })).map((e) => e.id)).not.toContain(nested.id);
  });

  it('closes and reopens an epic, and the state read back follows', async () => {
    const made = await jane.api.Epics.create(groupId, 'Toggle');
    const closed = await jane.api.Epics.edit(groupId, made.iid, { stateEvent: 'close' });
    expect(closed.state).toBe('closed');
    expect(typeof closed.closed_at).toBe('string');
    expect((await jane.api.Epics.show(groupId, made.iid)).state).toBe('closed');
    await jane.api.Epics.edit(groupId, made.iid, { stateEvent: 'reopen', title: 'Toggled' });
    expect(await jane.api.Epics.show(groupId, made.iid)).toMatchObject({ state: 'opened', title: 'Toggled', closed_at: null });
  });

  it('deletes an epic, after which it is a 404', async () => {
    const made = await jane.api.Epics.create(groupId, 'Doomed');
    await jane.api.Epics.remove(groupId, made.iid);
    expect((await failure(jane.api.Epics.show(groupId, made.iid))).status).toBe(404);
  });

  it('hides a private group from a non-member with 404 and names a missing title in a 400', async () => {
    expect((await failure(bob.api.Epics.all(groupId))).status).toBe(404);
    const missing = await failure(jane.api.Epics.create(groupId, undefined as unknown as string));
    expect(missing.status).toBe(400);
    expect(missing.description).toContain('title');
  });
});

describe('epic todos', () => {
  it('creates a pending todo on the epic for the caller, then answers 304 while it is pending', async () => {
    const epic = await jane.api.Epics.create(groupId, 'Needs attention');
    const made = await markTodo(jane.api, groupId, epic.iid);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      group: { id: groupId },
      author: { id: jane.id },
      state: 'pending',
      action_name: 'marked',
      target: { id: epic.id, iid: epic.iid, title: 'Needs attention' },
    });
    expect((await failure(markTodo(jane.api, groupPath, epic.iid))).status).toBe(304);
  });

  it('answers 404 for a todo on an epic that does not exist', async () => {
    expect((await failure(markTodo(jane.api, groupId, 999_999))).status).toBe(404);
  });
});
