/**
 * Epic state transitions, as a table (transitions.json): each case puts a fresh epic in its
 * starting state, sends the state_event, and checks the state (or closed_at) in the response and
 * in a later GET.
 */
import { describe } from 'vitest';
import { check, clauseTest, createGroup, isApiDatetime, requireThat, type Session } from '../../src/kit/index.ts';
import { createEpic, epicsOrSkip, once, type Epic } from './fixtures.ts';
import table from './transitions.json' with { type: 'json' };

interface TransitionCase {
  clause: string;
  title: string;
  from: 'opened' | 'closed';
  state_event: string;
  state?: string;
  closed_at?: 'datetime';
}

const world = once(async (s: Session) => ({ group: await createGroup(s) }));

/** A fresh epic in the given state (closing it first when needed). */
async function epicIn(s: Session, groupId: number, state: 'opened' | 'closed'): Promise<Epic> {
  const epic = await createEpic(s, groupId);
  if (state === 'opened') return epic;
  const res = await s.admin.put(`/groups/${groupId}/epics/${epic.iid}`, { json: { state_event: 'close' } });
  requireThat(
    res.status === 200 && res.json?.state === 'closed',
    'The kit puts the epic in state closed first (state_event=close MUST close it).',
    'closed',
    res.json?.state ?? res.status,
  );
  return res.json as Epic;
}

describe.concurrent('epic state transitions', () => {
  for (const c of table.cases as TransitionCase[]) {
    clauseTest(c.clause, c.title, async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { group } = await world(s);
      const epic = await epicIn(s, group.id, c.from);
      const put = await s.admin.put(`/groups/${group.id}/epics/${epic.iid}`, { json: { state_event: c.state_event } });
      check.status(put, 200);
      const read = await s.admin.get(`/groups/${group.id}/epics/${epic.iid}`);
      check.status(read, 200);
      for (const [what, body] of [
        ['The PUT response', put.json],
        ['A later GET', read.json],
      ] as const) {
        if (c.state) {
          requireThat(
            body.state === c.state,
            `${what}: state_event=${c.state_event} MUST move a ${c.from} epic to ${c.state}.`,
            c.state,
            body.state,
          );
        }
        if (c.closed_at) {
          requireThat(
            typeof body.closed_at === 'string' && isApiDatetime(body.closed_at),
            `${what}: closed_at MUST be a datetime after state_event=${c.state_event}.`,
            'a datetime',
            body.closed_at,
          );
        }
      }
    });
  }
});
