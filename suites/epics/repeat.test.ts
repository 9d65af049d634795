/**
 * Epic requests asked twice: closing a closed epic moves nothing (it stays closed, closed_at the
 * first close's: the close transition starts from opened), and a second DELETE of an epic answers
 * 404 and leaves the group's other epics alone.
 *
 *   PUT /groups/7/epics/1 {"state_event":"close"}  -> closed_at T;  again -> closed, closed_at still T
 *   DELETE /groups/7/epics/1 -> 204;  again -> 404, GET /groups/7/epics lists the same ids
 */
import { describe } from 'vitest';
import {
  check,
  clauseTest,
  createGroup,
  deleteTwice,
  isApiDatetime,
  listedIds,
  requireThat,
  waitPastTimestamp,
} from '../../src/kit/index.ts';
import { createEpic, epicsOrSkip } from './fixtures.ts';

describe.concurrent('epic requests asked twice', () => {
  clauseTest(
    'epics.transition.close_closed',
    'state_event=close on an epic already closed leaves it closed, closed_at at the first close',
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const group = await createGroup(s);
      const epic = await createEpic(s, group.id);
      const path = `/groups/${group.id}/epics/${epic.iid}`;
      const first = await s.admin.put(path, { json: { state_event: 'close' } });
      check.status(first, 200, 'Closing the epic (set-up) MUST answer 200.');
      const closedAt = first.json?.closed_at;
      requireThat(
        first.json?.state === 'closed' && typeof closedAt === 'string' && isApiDatetime(closedAt),
        'After state_event=close the epic MUST be closed with a datetime closed_at (set-up).',
        'closed, closed_at a datetime',
        { state: first.json?.state, closed_at: closedAt },
      );
      // closed_at is the datetime of the close. A second close closes nothing (the epic is closed
      // already), so it has no datetime of its own to give: the value must stay the first close's.
      // The wait lets the server's clock pass closed_at, so a restamp would show.
      await waitPastTimestamp(closedAt);
      const again = await s.admin.put(path, { json: { state_event: 'close' } });
      const read = await s.admin.get(path);
      check.status(read, 200);
      // The spec gives no status of its own to a close of a closed epic: its answer is judged only when it shows the epic.
      const judged = [
        ['A later GET', read.json] as const,
        ...(again.status === 200 ? [['The second PUT response', again.json] as const] : []),
      ];
      for (const [what, body] of judged) {
        requireThat(
          body?.state === 'closed' && typeof body?.closed_at === 'string' && Date.parse(body.closed_at) === Date.parse(closedAt),
          `${what}: a close asked of a closed epic MUST leave it closed, closed_at the instant of the first close.`,
          { state: 'closed', closed_at: closedAt },
          { state: body?.state, closed_at: body?.closed_at },
          ['state', 'closed_at'],
        );
      }
    },
  );

  clauseTest(
    'errors.not_found.resource',
    "a second DELETE of an epic answers 404 and leaves the group's other epics",
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const group = await createGroup(s);
      const epic = await createEpic(s, group.id);
      await createEpic(s, group.id); // the neighbour a faulty second DELETE could take
      await deleteTwice(s, {
        path: `/groups/${group.id}/epics/${epic.iid}`,
        collection: () => listedIds(s, `/groups/${group.id}/epics`),
      });
    },
  );
});
