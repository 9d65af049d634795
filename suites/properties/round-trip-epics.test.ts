/**
 * Round trips of epics and their todos: what POST and PUT /groups/:id/epics send (titles and
 * descriptions in many scripts, emoji, HTML-special characters, long texts; label lists; fixed
 * dates on month ends and leap days) is what the response and a later GET return, field by field.
 * All in one private group of the run (deleted at the end with its epics).
 *
 *   npx conformance certify suites/properties/round-trip-epics.test.ts
 *
 * Its tests run in order (a plain describe, not describe.concurrent): the tests share one group and
 * often draw the same new labels, which two creates at once could race on.
 */
import { describe } from 'vitest';
import {
  check,
  clauseTest,
  createGroup,
  epicBody,
  epicCreate,
  epicUpdate,
  dateSpan,
  fc,
  forAll,
  mixedText,
  type Session,
} from '../../src/kit/index.ts';
import { once, sameSet, sameText, sameValue } from './fixtures.ts';

const world = once(async (s: Session) => ({ group: await createGroup(s) }));

async function postEpic(s: Session, groupId: number, body: Record<string, unknown>) {
  const res = await s.admin.post(`/groups/${groupId}/epics`, { json: body });
  check.status(res, 201);
  return res;
}

describe('epic round trips', () => {
  clauseTest('epics.create.status', 'the created epic has the title and description sent, in the response and a later GET', async (ctx) => {
    const { group } = await world(ctx.s);
    await forAll(
      ctx,
      epicCreate(),
      async (epic) => {
        const res = await postEpic(ctx.s, group.id, epicBody(epic));
        const read = await ctx.s.admin.get(`/groups/${group.id}/epics/${res.json.iid}`);
        check.status(read, 200);
        for (const [body, what] of [
          [res.json, 'The create response'],
          [read.json, 'GET of the created epic'],
        ] as const) {
          sameText(body, 'title', epic.title, what);
          // A description sent comes back as sent; what an epic made without one carries is epics.field.core's.
          if (epic.description !== undefined) sameText(body, 'description', epic.description, what);
        }
      },
      { examples: [{ ...fc.sample(epicCreate(), { seed: 7, numRuns: 1 })[0]!, title: 'Q3 <b>plan</b> & "review" — l\'été' }] },
    ); // HTML-special characters, whatever the seed
  });

  clauseTest('epics.create.fixed_dates', 'fixed start and due dates (month ends, leap days) come back as sent', async (ctx) => {
    const { group } = await world(ctx.s);
    await forAll(
      ctx,
      fc.tuple(dateSpan(), mixedText({ maxUnits: 80 })),
      async ([span, title]) => {
        const res = await postEpic(ctx.s, group.id, {
          title,
          start_date_is_fixed: true,
          start_date_fixed: span.start,
          due_date_is_fixed: true,
          due_date_fixed: span.due,
        });
        const read = await ctx.s.admin.get(`/groups/${group.id}/epics/${res.json.iid}`);
        check.status(read, 200);
        for (const [body, what] of [
          [res.json, 'The create response'],
          [read.json, 'GET of the created epic'],
        ] as const) {
          sameValue(body, 'start_date', span.start, what);
          sameValue(body, 'due_date', span.due, what);
        }
      },
      { sideBySide: true, examples: [[{ start: '2024-01-31', due: '2024-02-29' }, 'Month ends']] },
    ); // a month end and a leap day, whatever the seed
  });

  clauseTest('epics.create.labels', 'the labels sent (names in any script) are the labels of the created epic', async (ctx) => {
    const { group } = await world(ctx.s);
    await forAll(ctx, epicCreate(), async (epic) => {
      const res = await postEpic(ctx.s, group.id, epicBody({ title: epic.title, description: 'Labelled', labels: epic.labels }));
      const read = await ctx.s.admin.get(`/groups/${group.id}/epics/${res.json.iid}`);
      check.status(read, 200);
      sameSet(res.json, 'labels', epic.labels ?? [], 'The create response');
      sameSet(read.json, 'labels', epic.labels ?? [], 'GET of the created epic');
    });
  });

  clauseTest('epics.update.fields', 'PUT sets title, description and labels as sent; the response and a later GET agree', async (ctx) => {
    const { group } = await world(ctx.s);
    await forAll(ctx, fc.tuple(epicCreate(), epicUpdate()), async ([before, change]) => {
      const created = await postEpic(ctx.s, group.id, epicBody(before));
      const res = await ctx.s.admin.put(`/groups/${group.id}/epics/${created.json.iid}`, { json: epicBody(change) });
      check.status(res, 200);
      const read = await ctx.s.admin.get(`/groups/${group.id}/epics/${created.json.iid}`);
      check.status(read, 200);
      const expected = {
        title: change.title ?? before.title,
        description: change.description ?? before.description,
        labels: change.labels ?? before.labels ?? [],
      };
      for (const [body, what] of [
        [res.json, 'The update response'],
        [read.json, 'GET of the updated epic'],
      ] as const) {
        sameText(body, 'title', expected.title, what);
        if (expected.description !== undefined) sameText(body, 'description', expected.description, what);
        sameSet(body, 'labels', expected.labels, what);
      }
    });
  });

  clauseTest('todos.field.target', "a todo's target carries the epic's title and description as they were sent", async (ctx) => {
    const { group } = await world(ctx.s);
    await forAll(
      ctx,
      epicCreate(),
      async (epic) => {
        const created = await postEpic(ctx.s, group.id, epicBody({ title: epic.title, description: epic.description }));
        const todo = await ctx.s.admin.post(`/groups/${group.id}/epics/${created.json.iid}/todo`);
        check.status(todo, 201);
        sameText(todo.json?.target, 'title', epic.title, "The todo's target");
        if (epic.description !== undefined) sameText(todo.json?.target, 'description', epic.description, "The todo's target");
      },
      { sideBySide: true, scale: 0.4 },
    );
  });
});
