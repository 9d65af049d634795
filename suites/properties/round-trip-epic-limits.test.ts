/**
 * Epic descriptions near the limit: 1,048,512..1,048,576 characters of non-ASCII text (Cyrillic,
 * CJK, emoji: more UTF-8 bytes than characters) are accepted and come back whole. Each run sends
 * and reads about 3 MB, so the property runs a fifth of CONFORMANCE_NUM_RUNS; each epic is deleted
 * after its run.
 *
 *   npx conformance certify suites/properties/round-trip-epic-limits.test.ts
 */
import { describe } from 'vitest';
import { check, clauseTest, createGroup, forAll, nearLimitDescription, type Session } from '../../src/kit/index.ts';
import { once, sameText } from './fixtures.ts';

const world = once(async (s: Session) => ({ group: await createGroup(s) }));

describe.concurrent('epic descriptions near the limit', () => {
  clauseTest(
    'epics.create.description_max_ok',
    'a non-ASCII description within 1,048,576 characters is accepted (201) and kept whole',
    async (ctx) => {
      const { group } = await world(ctx.s);
      await forAll(
        ctx,
        nearLimitDescription(),
        async (description) => {
          const res = await ctx.s.admin.post(`/groups/${group.id}/epics`, { json: { title: ctx.s.name('near-limit'), description } });
          check.status(res, 201, 'A description of at most 1,048,576 characters MUST be accepted (201).');
          try {
            sameText(res.json, 'description', description, 'The create response');
            const read = await ctx.s.admin.get(`/groups/${group.id}/epics/${res.json.iid}`);
            check.status(read, 200);
            sameText(read.json, 'description', description, 'GET of the created epic');
          } finally {
            await ctx.s.admin.delete(`/groups/${group.id}/epics/${res.json.iid}`);
          }
        },
        { sideBySide: true, scale: 0.2 },
      );
    },
    { timeout: 120_000 },
  );
});
