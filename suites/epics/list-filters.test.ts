/**
 * The epic list's filters and order, each proven with epics this file creates in its own fresh
 * group, far enough apart that the server's timestamps tell them apart (a little over a second
 * when its clock may keep whole seconds, 50 ms when the first epic, read back, shows milliseconds):
 *   A  by the admin,       labels alpha,      title holds the search word;    updated last
 *   B  by a maintainer,    labels alpha,beta, description holds the search word
 *   C  by the admin,       labels beta,       closed
 * Created A < B < C; updated B < C < A. Time bounds are midpoints between two epics' times, and
 * an epic's own time, from either side (the spec's bounds are on-or-after / on-or-before): its
 * shown text as created_after, the last instant of its shown millisecond (or second, for a server
 * showing whole seconds) as created_before (src/kit/range-bounds.ts).
 * A search takes a turn of the run's search pacer first (src/kit/search-pacing.ts): a deployed
 * target may limit searches to 30 a minute.
 */
import { describe } from 'vitest';
import { PER_PAGE_MAX, check, clauseTest, createGroup, requireThat, waitPastTimestamp, type Session } from '../../src/kit/index.ts';
import { searchTurn } from '../../src/kit/search-pacing.ts';
import { onOrAfter, onOrBefore, timestampGrainMs } from '../../src/kit/range-bounds.ts';
import { ACCESS_LEVEL, createEpic, epicsOrSkip, member, midpoint, once, type Epic } from './fixtures.ts';

const world = once(async (s: Session) => {
  const group = await createGroup(s);
  const maintainer = await member(s, group.id, ACCESS_LEVEL.maintainer);
  const word = `kw${s.name('find').replace(/[^a-z0-9]/gi, '')}`.toLowerCase();
  const alpha = s.name('alpha').toLowerCase();
  const beta = s.name('beta').toLowerCase();
  const a = await createEpic(s, group.id, { title: `First ${word} epic`, labels: alpha });
  // The clock's grain as the server keeps it: A read back, not the create response.
  const readBack = await s.admin.get(`/groups/${group.id}/epics/${a.iid}`);
  if (readBack.status !== 200) throw new Error(`fixture: GET of a new epic answered ${readBack.status} ${readBack.text.slice(0, 200)}`);
  const wait = () => waitPastTimestamp(readBack.json?.created_at);
  await wait();
  const b = await createEpic(s, group.id, { description: `The ${word} is in here.`, labels: `${alpha},${beta}` }, maintainer.client);
  await wait();
  const c = await createEpic(s, group.id, { labels: beta });
  await wait();
  const closed = await s.admin.put(`/groups/${group.id}/epics/${c.iid}`, { json: { state_event: 'close' } });
  if (closed.status !== 200 || closed.json?.state !== 'closed')
    throw new Error(`fixture: closing an epic answered ${closed.status} ${closed.text.slice(0, 200)}`);
  await wait();
  const touched = await s.admin.put(`/groups/${group.id}/epics/${a.iid}`, { json: { title: `First ${word} epic, renamed` } });
  if (touched.status !== 200) throw new Error(`fixture: updating an epic answered ${touched.status} ${touched.text.slice(0, 200)}`);
  return {
    group,
    maintainer,
    word,
    alpha,
    beta,
    a: touched.json as Epic,
    b,
    c: closed.json as Epic,
  };
});

type World = Awaited<ReturnType<typeof world>>;

/** The names (A, B, C) of the epics a query lists, in the order listed. */
async function listed(s: Session, w: World, query: Record<string, unknown> | string = {}): Promise<string[]> {
  if (typeof query === 'string' ? new URLSearchParams(query).has('search') : query.search !== undefined) await searchTurn(s.target);
  const res =
    typeof query === 'string'
      ? await s.admin.get(`/groups/${w.group.id}/epics`, { query: `per_page=${PER_PAGE_MAX}&${query}` })
      : await s.admin.get(`/groups/${w.group.id}/epics`, { query: { per_page: PER_PAGE_MAX, ...query } });
  check.status(res, 200);
  const byId = new Map([
    [w.a.id, 'A'],
    [w.b.id, 'B'],
    [w.c.id, 'C'],
  ]);
  return (res.json as Epic[]).map((e) => byId.get(e.id) ?? `other(${e.id})`);
}

const sorted = (names: string[]) => [...names].sort();

function expectSet(got: string[], want: string[], requirement: string): void {
  requireThat(JSON.stringify(sorted(got)) === JSON.stringify(sorted(want)), requirement, want, got);
}

/** The grain of the server's timestamps, as the three epics show them (src/kit/range-bounds.ts). */
const grainOf = (w: World) => timestampGrainMs([w.a, w.b, w.c].flatMap((e) => [e.created_at, e.updated_at]));

function expectOrder(got: string[], want: string[], requirement: string): void {
  requireThat(JSON.stringify(got) === JSON.stringify(want), requirement, want, got);
}

describe.concurrent('epic list filters', () => {
  clauseTest('epics.filter.author_id', 'author_id=N lists only the epics user N authored', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const w = await world(s);
    expectSet(await listed(s, w, { author_id: w.maintainer.id }), ['B'], 'author_id MUST keep only the epics of that author.');
    expectSet(await listed(s, w, { author_id: s.target.admin.id }), ['A', 'C'], 'author_id MUST keep only the epics of that author.');
  });

  clauseTest('epics.filter.labels', 'labels=a,b lists only the epics carrying both labels', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const w = await world(s);
    expectSet(await listed(s, w, { labels: `${w.alpha},${w.beta}` }), ['B'], 'labels=a,b MUST keep only the epics carrying a and b.');
    expectSet(await listed(s, w, { labels: w.alpha }), ['A', 'B'], 'labels=a MUST keep only the epics carrying a.');
  });

  clauseTest('epics.filter.search', 'search=X lists only the epics whose title or description holds X', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const w = await world(s);
    expectSet(
      await listed(s, w, { search: w.word }),
      ['A', 'B'],
      'search MUST match the title (A) and the description (B), and nothing else.',
    );
  });

  clauseTest('epics.filter.state_default', 'without state both opened and closed epics are listed', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const w = await world(s);
    expectSet(await listed(s, w), ['A', 'B', 'C'], 'Without state the list MUST hold opened and closed epics (default all).');
  });

  clauseTest('epics.filter.state', 'state=opened lists only opened epics and state=closed only closed ones', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const w = await world(s);
    expectSet(await listed(s, w, { state: 'opened' }), ['A', 'B'], 'state=opened MUST keep only opened epics.');
    expectSet(await listed(s, w, { state: 'closed' }), ['C'], 'state=closed MUST keep only closed epics.');
  });

  clauseTest(
    'epics.filter.created_range',
    'created_after and created_before keep the epics created within the bounds',
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const w = await world(s);
      const ab = midpoint(w.a.created_at, w.b.created_at);
      const bc = midpoint(w.b.created_at, w.c.created_at);
      expectSet(await listed(s, w, { created_after: ab }), ['B', 'C'], 'created_after MUST keep only epics created on or after it.');
      expectSet(await listed(s, w, { created_before: bc }), ['A', 'B'], 'created_before MUST keep only epics created on or before it.');
      expectSet(await listed(s, w, { created_after: ab, created_before: bc }), ['B'], 'Both bounds MUST apply together.');
    },
  );

  clauseTest(
    'epics.filter.updated_range',
    'updated_after and updated_before keep the epics updated within the bounds',
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const w = await world(s);
      const bc = midpoint(w.b.updated_at, w.c.updated_at);
      const ca = midpoint(w.c.updated_at, w.a.updated_at);
      expectSet(await listed(s, w, { updated_after: ca }), ['A'], 'updated_after MUST keep only epics updated on or after it.');
      expectSet(await listed(s, w, { updated_before: bc }), ['B'], 'updated_before MUST keep only epics updated on or before it.');
      expectSet(await listed(s, w, { updated_after: bc, updated_before: ca }), ['C'], 'Both bounds MUST apply together.');
    },
  );

  clauseTest(
    'epics.filter.created_range',
    "created_after and created_before equal to an epic's own created_at keep that epic (on or after, on or before)",
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const w = await world(s);
      const after = onOrAfter(w.b.created_at);
      const before = onOrBefore(w.b.created_at, grainOf(w));
      expectSet(
        await listed(s, w, { created_after: after }),
        ['B', 'C'],
        `created_after=${after}, B's own created_at, MUST keep B (created on or after it).`,
      );
      expectSet(
        await listed(s, w, { created_before: before }),
        ['A', 'B'],
        `created_before=${before}, B's own created_at (${w.b.created_at}) to its last microsecond, MUST keep B (created on or before it).`,
      );
    },
  );

  clauseTest(
    'epics.filter.updated_range',
    "updated_after and updated_before equal to an epic's own updated_at keep that epic (on or after, on or before)",
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const w = await world(s);
      const after = onOrAfter(w.c.updated_at);
      const before = onOrBefore(w.c.updated_at, grainOf(w));
      expectSet(
        await listed(s, w, { updated_after: after }),
        ['A', 'C'],
        `updated_after=${after}, C's own updated_at, MUST keep C (updated on or after it).`,
      );
      expectSet(
        await listed(s, w, { updated_before: before }),
        ['B', 'C'],
        `updated_before=${before}, C's own updated_at (${w.c.updated_at}) to its last microsecond, MUST keep C (updated on or before it).`,
      );
    },
  );

  clauseTest(
    'conv.query.pct2b_is_plus',
    '%2B in a query string is a literal + (created_after with a +01:00 offset)',
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const w = await world(s);
      const ab = new Date(midpoint(w.a.created_at, w.b.created_at));
      const local = new Date(ab.getTime() + 3_600_000).toISOString().replace('Z', '+01:00');
      const raw = `created_after=${local.replace('+', '%2B')}`;
      expectSet(await listed(s, w, raw), ['B', 'C'], `${raw} MUST be read as the instant ${ab.toISOString()} (a +01:00 offset).`);
    },
  );
});

describe.concurrent('epic list order', () => {
  clauseTest('epics.order.default', 'without order_by and sort epics come by created_at, newest first', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const w = await world(s);
    expectOrder(await listed(s, w), ['C', 'B', 'A'], 'The default order MUST be created_at descending.');
  });

  clauseTest('epics.order.updated_at', 'order_by=updated_at orders epics by updated_at', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const w = await world(s);
    expectOrder(
      await listed(s, w, { order_by: 'updated_at' }),
      ['A', 'C', 'B'],
      'order_by=updated_at MUST order by updated_at (descending by default).',
    );
  });

  clauseTest('epics.order.asc', 'sort=asc returns epics in ascending order', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const w = await world(s);
    expectOrder(await listed(s, w, { sort: 'asc' }), ['A', 'B', 'C'], 'sort=asc MUST order by created_at ascending.');
    expectOrder(
      await listed(s, w, { order_by: 'updated_at', sort: 'asc' }),
      ['B', 'C', 'A'],
      'order_by=updated_at&sort=asc MUST order by updated_at ascending.',
    );
  });
});
