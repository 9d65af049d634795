/**
 * Properties: an epic time-range filter's answer equals filtering the full list client-side, with
 * bounds on an item's own time as often as between two items' times. Each run makes one to five
 * epics in a fresh private group, one after another, then updates some of them in a random order
 * (so updated times need not follow created ones), reads the full list, and sends a drawn
 * created_after and/or created_before (or updated_*) built from the times the list showed
 * (src/kit/generators/list-filters.ts rangeBounds): on or after / on or before are inclusive, so
 * an epic whose own time is the bound is listed. Answers are compared as sets of ids. The group
 * goes at the end of a passing run.
 *
 *   GET /groups/:id/epics?created_after=2026-11-23T14:37:14.082Z&created_before=2026-11-23T14:37:14.131999Z
 */
import { describe } from 'vitest';
import {
  PER_PAGE_MAX,
  check,
  clauseTest,
  createGroup,
  fc,
  forAll,
  rangeBounds,
  rangeDataArb,
  rangePickArb,
  requireThat,
  withinBounds,
  type ClauseContext,
  type RangeDataSpec,
  type Session,
} from '../../src/kit/index.ts';
import { epicsOrSkip } from '../epics/fixtures.ts';

interface Listed {
  id: number;
  created_at: string;
  updated_at: string;
}

/** A group holding the data set's epics; its id. */
async function build(s: Session, data: RangeDataSpec): Promise<number> {
  const group = await createGroup(s);
  const iids: number[] = [];
  for (let i = 0; i < data.count; i += 1) {
    const res = await s.admin.post(`/groups/${group.id}/epics`, { json: { title: `r${i + 1}`, description: 'range' } });
    check.status(res, 201, 'Creating an epic (set-up) MUST answer 201.');
    iids.push(res.json.iid as number);
  }
  for (const i of data.touched) {
    const res = await s.admin.put(`/groups/${group.id}/epics/${iids[i]}`, { json: { title: `r${i + 1} touched` } });
    check.status(res, 200, 'Updating an epic (set-up) MUST answer 200.');
  }
  return group.id as number;
}

/** The share of the runs (CONFORMANCE_NUM_RUNS) each property makes. */
const SCALE = 0.2;

function property(clause: string, field: 'created' | 'updated'): void {
  const key = field === 'created' ? 'created_at' : 'updated_at';
  clauseTest(
    clause,
    `with random epics and ${field}_after / ${field}_before on an epic's own ${key} or between two, the answer is the full list filtered client-side`,
    async (ctx: ClauseContext) => {
      const { s, skip } = ctx;
      await epicsOrSkip(s, skip);
      await forAll(
        ctx,
        fc.record({ data: rangeDataArb, pick: rangePickArb }),
        async ({ data, pick }) => {
          const groupId = await build(s, data);
          const full = await s.admin.get(`/groups/${groupId}/epics`, { query: { per_page: PER_PAGE_MAX } });
          check.status(full, 200);
          const all = full.json as Listed[];
          requireThat(all.length === data.count, 'GET /groups/:id/epics MUST list every epic of the group.', data.count, all.length);
          const bounds = rangeBounds(
            all.map((e) => e[key]),
            pick,
          );
          const sent: Record<string, string> = {};
          if (bounds.after) sent[`${field}_after`] = bounds.after.sent;
          if (bounds.before) sent[`${field}_before`] = bounds.before.sent;
          const res = await s.admin.get(`/groups/${groupId}/epics`, { query: { per_page: PER_PAGE_MAX, ...sent } });
          check.status(res, 200);
          const want = all
            .filter((e) => withinBounds(e[key], bounds))
            .map((e) => `${e.id} (${key} ${e[key]})`)
            .sort();
          const byId = new Map(all.map((e) => [e.id, e]));
          const got = (res.json as Listed[]).map((e) => `${e.id} (${key} ${byId.get(e.id)?.[key] ?? e[key]})`).sort();
          requireThat(
            JSON.stringify(got) === JSON.stringify(want),
            `GET /groups/:id/epics?${new URLSearchParams(sent)} MUST list exactly the epics whose ${key} is on or after / on or before the bounds.`,
            want,
            got,
          );
          await s.admin.delete(`/groups/${groupId}`);
        },
        { sideBySide: true, scale: SCALE },
      );
    },
    { timeout: 180_000 },
  );
}

describe.concurrent('epic list time ranges (properties)', () => {
  property('epics.filter.created_range', 'created');
  property('epics.filter.updated_range', 'updated');
});
