/**
 * Epic limits: the description holds at most 1,048,576 characters (exactly that many is
 * accepted, one more is refused with 400 on create and update, never cut), and the list gives
 * 20 epics per page by default. The over-limit request body is a little over 1 MiB.
 */
import { describe } from 'vitest';
import { check, clauseTest, createGroup, requireThat, type Session } from '../../src/kit/index.ts';
import { createEpic, epicsOrSkip, once, postEpic, text, type Epic } from './fixtures.ts';

const LIMIT = 1_048_576;

const world = once(async (s: Session) => ({ group: await createGroup(s) }));

describe('epic limits', () => {
  clauseTest('epics.create.description_max_ok', 'a description of exactly 1,048,576 characters is accepted (201)', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group } = await world(s);
    const res = await postEpic(s, group.id, { title: s.name('max'), description: text(LIMIT) });
    check.status(res, 201);
    const length = typeof res.json?.description === 'string' ? res.json.description.length : res.json?.description;
    requireThat(length === LIMIT, 'The accepted description MUST be kept whole.', LIMIT, length);
  }, { timeout: 60_000 });

  clauseTest('epics.create.description_limit', 'a description of 1,048,577 characters is refused on create (400)', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group } = await world(s);
    const title = s.name('over');
    const res = await postEpic(s, group.id, { title, description: text(LIMIT + 1) });
    check.status(res, 400, 'A description longer than 1,048,576 characters MUST be refused with 400 (not cut and accepted).');
    const list = await s.admin.get(`/groups/${group.id}/epics`, { query: { search: title } });
    check.status(list, 200);
    requireThat((list.json as Epic[]).every((e) => e.title !== title), 'A refused epic MUST NOT be created.', 'no such epic', (list.json as Epic[]).map((e) => e.title));
  }, { timeout: 60_000 });

  clauseTest('epics.update.description_limit', 'PUT with a description of 1,048,577 characters answers 400', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group } = await world(s);
    const epic = await createEpic(s, group.id, { description: 'short' });
    const res = await s.admin.put(`/groups/${group.id}/epics/${epic.iid}`, { json: { description: text(LIMIT + 1) } });
    check.status(res, 400, 'A description longer than 1,048,576 characters MUST be refused with 400.');
    const read = await s.admin.get(`/groups/${group.id}/epics/${epic.iid}`);
    requireThat(read.json?.description === 'short', 'A refused update MUST leave the description as it was.', 'short', String(read.json?.description).slice(0, 40));
  }, { timeout: 60_000 });

  clauseTest('epics.list.page_size', 'GET /groups/:id/epics gives at most 20 epics per page by default', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const group = await createGroup(s);
    for (let batch = 0; batch < 3; batch++) {
      await Promise.all(Array.from({ length: 7 }, () => createEpic(s, group.id)));
    }
    const res = await s.admin.get(`/groups/${group.id}/epics`);
    check.status(res, 200);
    const n = (res.json as unknown[]).length;
    requireThat(n === 20, 'Without per_page the epic list MUST hold 20 epics when the group has 21.', 20, n);
  }, { timeout: 60_000 });
});
