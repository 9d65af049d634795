/**
 * Epics: list, read (by iid), create, update, delete, the core fields of every response, the
 * author, and subscribed (single epic only). Each file works in its own fresh private group.
 */
import { describe } from 'vitest';
import { check, clauseTest, createGroup, requireThat, type Session } from '../../src/kit/index.ts';
import {
  ACCESS_LEVEL,
  checkFields,
  checkShortUser,
  CORE_FIELDS,
  createEpic,
  FIXTURE_DESCRIPTION,
  epicsOrSkip,
  member,
  once,
  postEpic,
  type Epic,
} from './fixtures.ts';

const world = once(async (s: Session) => {
  const group = await createGroup(s);
  const epic = await createEpic(s, group.id, { description: 'Read by the crud suite.' });
  return { group, epic };
});

describe.concurrent('epics: create, read, update, delete', () => {
  clauseTest('epics.list.status', 'GET /groups/:id/epics answers 200', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group } = await world(s);
    check.status(await s.admin.get(`/groups/${group.id}/epics`), 200);
  });

  clauseTest('epics.list.shape', 'GET /groups/:id/epics answers a JSON array of epics', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group, epic } = await world(s);
    const res = await s.admin.get(`/groups/${group.id}/epics`);
    check.status(res, 200);
    const items = check.arrayOf(res, 'epic') as Epic[];
    requireThat(
      items.some((e) => e.id === epic.id),
      'The list MUST hold the epics of the group.',
      `an epic with id ${epic.id}`,
      items.map((e) => e.id),
    );
  });

  clauseTest('epics.get.status', 'GET /groups/:id/epics/:epic_iid answers 200 with that epic', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group, epic } = await world(s);
    const res = await s.admin.get(`/groups/${group.id}/epics/${epic.iid}`);
    check.status(res, 200);
    check.jsonContentType(res);
    requireThat(
      res.json.id === epic.id && res.json.title === epic.title,
      'The response MUST be that epic.',
      { id: epic.id, title: epic.title },
      { id: res.json.id, title: res.json.title },
    );
  });

  clauseTest('epics.get.by_iid', 'the :epic_iid path segment is the iid, not the id', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const group = await createGroup(s);
    let epic = await createEpic(s, group.id);
    for (let i = 0; i < 5 && epic.id === epic.iid; i++) epic = await createEpic(s, group.id);
    requireThat(epic.id !== epic.iid, 'The kit needs an epic whose id and iid differ.', 'id != iid', { id: epic.id, iid: epic.iid });
    const res = await s.admin.get(`/groups/${group.id}/epics/${epic.iid}`);
    check.status(res, 200, 'GET /groups/:id/epics/:epic_iid with the iid MUST find the epic.');
    requireThat(
      res.json.iid === epic.iid && res.json.id === epic.id,
      'The epic returned MUST be the one whose iid is in the path.',
      { id: epic.id, iid: epic.iid },
      { id: res.json.id, iid: res.json.iid },
    );
  });

  clauseTest('epics.create.status', 'POST /groups/:id/epics with a title answers 201 with the epic', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group } = await world(s);
    const title = s.name('created');
    const res = await postEpic(s, group.id, { title, description: FIXTURE_DESCRIPTION });
    check.status(res, 201);
    check.jsonContentType(res);
    requireThat(
      res.json.title === title && Number.isInteger(res.json.iid),
      'The created epic MUST be returned.',
      { title, iid: 'an integer' },
      { title: res.json.title, iid: res.json.iid },
    );
  });

  clauseTest('epics.create.title_required', 'POST /groups/:id/epics without title answers 400', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group } = await world(s);
    check.status(await postEpic(s, group.id, { description: 'no title' }), 400);
  });

  clauseTest('epics.create.opened', 'a new epic is opened with closed_at null', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { epic } = await world(s);
    requireThat(epic.state === 'opened', 'A new epic MUST be in state opened.', 'opened', epic.state);
    requireThat(epic.closed_at === null, 'A new epic MUST have closed_at null.', null, epic.closed_at);
  });

  clauseTest('epics.create.author', 'the author of a created epic is the caller', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const group = await createGroup(s);
    const maintainer = await member(s, group.id, ACCESS_LEVEL.maintainer);
    const epic = await createEpic(s, group.id, {}, maintainer.client);
    const author = epic.author as { id?: number; username?: string };
    requireThat(
      author?.id === maintainer.id,
      'The author MUST be the user who created the epic.',
      { id: maintainer.id, username: maintainer.username },
      author,
    );
  });

  clauseTest('conv.types.short_user', 'the epic author is a short user', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group, epic } = await world(s);
    checkShortUser(epic.author as Record<string, unknown>, 'The author of a created epic');
    const read = await s.admin.get(`/groups/${group.id}/epics/${epic.iid}`);
    check.status(read, 200);
    checkShortUser(read.json.author, 'The author of a read epic');
  });

  clauseTest('epics.update.status', 'PUT /groups/:id/epics/:epic_iid answers 200 with the epic', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group } = await world(s);
    const epic = await createEpic(s, group.id);
    const title = s.name('renamed');
    const res = await s.admin.put(`/groups/${group.id}/epics/${epic.iid}`, { json: { title } });
    check.status(res, 200);
    check.jsonContentType(res);
    requireThat(
      res.json.id === epic.id && res.json.title === title,
      'PUT MUST answer with the updated epic.',
      { id: epic.id, title },
      { id: res.json.id, title: res.json.title },
    );
  });

  clauseTest('epics.update.fields', 'PUT changes title, description and labels, and a later GET shows them', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group } = await world(s);
    const epic = await createEpic(s, group.id, { description: 'before', labels: 'old-label' });
    const wanted = { title: s.name('new-title'), description: 'after the update', labels: ['upd-one', 'upd-two'] };
    const put = await s.admin.put(`/groups/${group.id}/epics/${epic.iid}`, { json: { ...wanted, labels: wanted.labels.join(',') } });
    check.status(put, 200);
    const read = await s.admin.get(`/groups/${group.id}/epics/${epic.iid}`);
    check.status(read, 200);
    for (const [what, body] of [
      ['The PUT response', put.json],
      ['A later GET', read.json],
    ] as const) {
      requireThat(body.title === wanted.title, `${what} MUST show the new title.`, wanted.title, body.title);
      requireThat(body.description === wanted.description, `${what} MUST show the new description.`, wanted.description, body.description);
      const labels = [...(body.labels as string[])].sort();
      requireThat(
        JSON.stringify(labels) === JSON.stringify(wanted.labels),
        `${what} MUST show exactly the new labels.`,
        wanted.labels,
        body.labels,
      );
    }
  });

  clauseTest('epics.delete.status', 'DELETE /groups/:id/epics/:epic_iid answers 204 and the epic is gone', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group } = await world(s);
    const epic = await createEpic(s, group.id);
    const res = await s.admin.delete(`/groups/${group.id}/epics/${epic.iid}`);
    check.status(res, 204);
    check.status(await s.admin.get(`/groups/${group.id}/epics/${epic.iid}`), 404, 'A deleted epic MUST no longer be found.');
  });

  clauseTest('epics.field.core', 'list items, GET, POST and PUT responses carry the core epic fields', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    // Created without a description, in a group of its own (no sibling lists it): its description is still a string.
    const group = await createGroup(s);
    const posted = await postEpic(s, group.id, { title: s.name('core') });
    check.status(posted, 201);
    checkFields(posted.json, CORE_FIELDS, 'The POST response');
    const got = await s.admin.get(`/groups/${group.id}/epics/${posted.json.iid}`);
    check.status(got, 200);
    checkFields(got.json, CORE_FIELDS, 'The GET response');
    const put = await s.admin.put(`/groups/${group.id}/epics/${posted.json.iid}`, { json: { description: 'changed' } });
    check.status(put, 200);
    checkFields(put.json, CORE_FIELDS, 'The PUT response');
    const list = await s.admin.get(`/groups/${group.id}/epics`);
    check.status(list, 200);
    const item = (list.json as Epic[]).find((e) => e.id === posted.json.id);
    requireThat(
      item !== undefined,
      'The list MUST hold the created epic.',
      posted.json.id,
      (list.json as Epic[]).map((e) => e.id),
    );
    checkFields(item!, CORE_FIELDS, 'A list item');
  });

  clauseTest('epics.field.subscribed_single', 'the single-epic GET carries subscribed (boolean)', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group, epic } = await world(s);
    const res = await s.admin.get(`/groups/${group.id}/epics/${epic.iid}`);
    check.status(res, 200);
    requireThat(
      typeof res.json.subscribed === 'boolean',
      'The single epic MUST carry subscribed (boolean).',
      'true or false',
      res.json.subscribed ?? '(absent)',
    );
  });

  clauseTest('epics.field.subscribed_list', 'epics in the list carry no subscribed field', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group, epic } = await world(s);
    const res = await s.admin.get(`/groups/${group.id}/epics`);
    check.status(res, 200);
    const items = res.json as Epic[];
    requireThat(
      items.some((e) => e.id === epic.id),
      'The list MUST hold the epics of the group.',
      epic.id,
      items.map((e) => e.id),
    );
    const with_ = items.filter((e) => 'subscribed' in e).map((e) => e.iid);
    requireThat(
      with_.length === 0,
      'List items MUST NOT carry subscribed.',
      'no subscribed field',
      `subscribed on iids ${with_.join(', ')}`,
    );
  });
});
