/**
 * Epic limits (src/spec/limits.ts): the description holds at most 1,048,576 characters (exactly
 * that many is accepted, one more is refused with 400 on create and update, never cut), and the
 * list gives 20 epics per page by default. The over-limit request body is a little over 1 MiB.
 *
 *   npx conformance certify --suite epics
 */
import { describe } from 'vitest';
import {
  check,
  clauseTest,
  createGroup,
  EPIC_DESCRIPTION_MAX_LENGTH,
  EPIC_LIST_PER_PAGE_DEFAULT,
  requireThat,
  type Session,
} from '../../src/kit/index.ts';
import { searchTurn } from '../../src/kit/search-pacing.ts';
import { createEpic, epicsOrSkip, once, postEpic, text, type Epic } from './fixtures.ts';

const LIMIT = EPIC_DESCRIPTION_MAX_LENGTH;
/** The limit as the spec writes it: 1,048,576. */
const written = (n: number) => n.toLocaleString('en-US');

const world = once(async (s: Session) => ({ group: await createGroup(s) }));

describe.concurrent('epic limits', () => {
  clauseTest(
    'epics.create.description_max_ok',
    `a description of exactly ${written(LIMIT)} characters is accepted (201)`,
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { group } = await world(s);
      const res = await postEpic(s, group.id, { title: s.name('max'), description: text(LIMIT) });
      check.status(res, 201);
      const length = typeof res.json?.description === 'string' ? res.json.description.length : res.json?.description;
      requireThat(length === LIMIT, 'The accepted description MUST be kept whole.', LIMIT, length);
    },
    { timeout: 60_000 },
  );

  clauseTest(
    'epics.create.description_limit',
    `a description of ${written(LIMIT + 1)} characters is refused on create (400)`,
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { group } = await world(s);
      const title = s.name('over');
      const res = await postEpic(s, group.id, { title, description: text(LIMIT + 1) });
      check.status(res, 400, `A description longer than ${written(LIMIT)} characters MUST be refused with 400 (not cut and accepted).`);
      await searchTurn(s.target); // a deployed target may limit searches (src/kit/search-pacing.ts)
      const list = await s.admin.get(`/groups/${group.id}/epics`, { query: { search: title } });
      check.status(list, 200);
      requireThat(
        (list.json as Epic[]).every((e) => e.title !== title),
        'A refused epic MUST NOT be created.',
        'no such epic',
        (list.json as Epic[]).map((e) => e.title),
      );
    },
    { timeout: 60_000 },
  );

  clauseTest(
    'epics.update.description_limit',
    `PUT with a description of ${written(LIMIT + 1)} characters answers 400`,
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { group } = await world(s);
      const epic = await createEpic(s, group.id, { description: 'short' });
      const res = await s.admin.put(`/groups/${group.id}/epics/${epic.iid}`, { json: { description: text(LIMIT + 1) } });
      check.status(res, 400, `A description longer than ${written(LIMIT)} characters MUST be refused with 400.`);
      const read = await s.admin.get(`/groups/${group.id}/epics/${epic.iid}`);
      requireThat(
        read.json?.description === 'short',
        'A refused update MUST leave the description as it was.',
        'short',
        String(read.json?.description).slice(0, 40),
      );
    },
    { timeout: 60_000 },
  );

  clauseTest(
    'epics.list.page_size',
    `GET /groups/:id/epics gives at most ${EPIC_LIST_PER_PAGE_DEFAULT} epics per page by default`,
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const group = await createGroup(s);
      // One epic more than a page holds, made seven at a time.
      const over = EPIC_LIST_PER_PAGE_DEFAULT + 1;
      for (let made = 0; made < over; made += 7) {
        await Promise.all(Array.from({ length: Math.min(7, over - made) }, () => createEpic(s, group.id)));
      }
      const res = await s.admin.get(`/groups/${group.id}/epics`);
      check.status(res, 200);
      const n = (res.json as unknown[]).length;
      requireThat(
        n === EPIC_LIST_PER_PAGE_DEFAULT,
        `Without per_page the epic list MUST hold ${EPIC_LIST_PER_PAGE_DEFAULT} epics when the group has ${over}.`,
        EPIC_LIST_PER_PAGE_DEFAULT,
        n,
      );
    },
    { timeout: 60_000 },
  );
});
