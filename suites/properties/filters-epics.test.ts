/**
 * Properties: an epic list filter's answer equals filtering the full list client-side. Each run
 * builds a random data set in a fresh private group (epics by the admin or by a maintainer, random
 * labels, title and description words, some closed) and sends a random combination of state,
 * labels, author_id and search, one of them always present (the one the test cites). The answer is
 * compared as a set of ids (the order among ties is left open). The cited filter is checked alone,
 * then the combination, unless another filter alone is already wrong (that filter's own test fails
 * for it), so a failure names the filter at fault. The group goes at the end of a passing run.
 *
 * Searches stay under a deployed target's search rate limit (30 a minute on the platform, admins
 * included): each takes a turn of the run's search pacer (src/kit/search-pacing.ts), and there
 * only the search property sends `search`, over fewer runs; the bundled reference is not paced.
 *
 * Its tests run in order (a plain describe, not describe.concurrent): a shared fixture (the extra
 * user) is made by whichever test asks first, and its requests would move between tests' logs from
 * run to run (same seed, same requests per test).
 */
import { describe, inject } from 'vitest';
import {
  PER_PAGE_MAX,
  check,
  clauseTest,
  createGroup,
  createUser,
  epicDataArb,
  epicFilterArb,
  fc,
  forAll,
  requireThat,
  type ClauseContext,
  type CreatedUser,
  type EpicFilter,
  type EpicSpec,
  type Session,
} from '../../src/kit/index.ts';
import { searchTimeAllowanceMs, searchTurn } from '../../src/kit/search-pacing.ts';
import { ACCESS_LEVEL, epicsOrSkip } from '../epics/fixtures.ts';

interface Listed {
  id: number;
  state: string;
  labels: string[];
  author: { id: number };
  title: string;
  description: string | null;
}

let other: Promise<CreatedUser> | undefined;
const otherAuthor = (s: Session) => (other ??= createUser(s));

async function build(s: Session, data: EpicSpec[], labels: string[]): Promise<number> {
  const author = await otherAuthor(s);
  const group = await createGroup(s);
  const member = await s.admin.post(`/groups/${group.id}/members`, { json: { user_id: author.id, access_level: ACCESS_LEVEL.maintainer } });
  check.status(member, 201, 'Adding a maintainer (set-up) MUST answer 201.');
  for (const [i, e] of data.entries()) {
    const client = e.byOther ? author.client : s.admin;
    const body = {
      title: [`e${i + 1}`, ...e.titleWords].join(' '),
      description: e.descriptionWords.join(' '),
      labels: e.labels.map((l) => labels[l]).join(','),
    };
    const res = await client.post(`/groups/${group.id}/epics`, { json: body });
    check.status(res, 201, 'Creating an epic (set-up) MUST answer 201.');
    if (e.closed)
      check.status(
        await s.admin.put(`/groups/${group.id}/epics/${res.json.iid}`, { json: { state_event: 'close' } }),
        200,
        'Closing an epic (set-up) MUST answer 200.',
      );
  }
  return group.id as number;
}

function query(f: EpicFilter, labels: string[], authors: Record<'admin' | 'other', number>): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.state) q.state = f.state;
  if (f.labels) q.labels = f.labels.map((l) => labels[l]).join(',');
  if (f.author) q.author_id = String(authors[f.author]);
  if (f.search) q.search = f.search;
  return q;
}

function matches(e: Listed, q: Record<string, string>): boolean {
  if (q.state && q.state !== 'all' && e.state !== q.state) return false;
  if (q.labels && !q.labels.split(',').every((l) => e.labels.includes(l))) return false;
  if (q.author_id && e.author.id !== Number(q.author_id)) return false;
  if (q.search && !`${e.title} ${e.description ?? ''}`.toLowerCase().includes(q.search)) return false;
  return true;
}

const KEY: Record<keyof EpicFilter, string> = { state: 'state', labels: 'labels', author: 'author_id', search: 'search' };

/** The share of the runs (CONFORMANCE_NUM_RUNS) a property makes: fewer for the search property on a deployed target. */
const SCALE = 0.3;
const SEARCH_SCALE_DEPLOYED = 0.2;
/** Searches of a run at most: the cited filter alone, then the combination. */
const SEARCHES_PER_RUN = 2;

/** The filters a property draws: on a deployed target only the search property searches (the others leave search out). */
function filterArb(filter: keyof EpicFilter, bundled: boolean): fc.Arbitrary<EpicFilter> {
  const drawn = bundled || filter === 'search' ? epicFilterArb : epicFilterArb.map(({ search: _, ...rest }): EpicFilter => rest);
  return drawn.filter((f) => f[filter] !== undefined);
}

function property(clause: string, filter: keyof EpicFilter, title: string): void {
  const target = inject('target');
  const scale = filter === 'search' && !target.bundled ? SEARCH_SCALE_DEPLOYED : SCALE;
  const searches = filter === 'search' ? SEARCHES_PER_RUN * Math.max(1, Math.round(target.numRuns * scale)) : 0;
  clauseTest(
    clause,
    title,
    async (ctx: ClauseContext) => {
      const { s, skip } = ctx;
      await epicsOrSkip(s, skip);
      const labels = [0, 1, 2].map((i) => `${s.name('lbl').toLowerCase()}-${i}`);
      const runArb = fc.record({ data: epicDataArb, filter: filterArb(filter, s.target.bundled) });
      await forAll(
        ctx,
        runArb,
        async ({ data, filter: f }) => {
          const groupId = await build(s, data, labels);
          const full = await s.admin.get(`/groups/${groupId}/epics`, { query: { per_page: PER_PAGE_MAX } });
          check.status(full, 200);
          const all = full.json as Listed[];
          requireThat(
            all.length === data.length,
            'GET /groups/:id/epics (default state all) MUST list every epic of the group.',
            data.length,
            all.length,
          );
          const q = query(f, labels, { admin: s.target.admin.id, other: (await otherAuthor(s)).id });
          const answer = async (sent: Record<string, string>) => {
            if (sent.search !== undefined) await searchTurn(s.target);
            const res = await s.admin.get(`/groups/${groupId}/epics`, { query: { per_page: PER_PAGE_MAX, ...sent } });
            check.status(res, 200);
            const want = all
              .filter((e) => matches(e, sent))
              .map((e) => e.id)
              .sort((a, b) => a - b);
            const got = (res.json as Listed[]).map((e) => e.id).sort((a, b) => a - b);
            return { want, got, ok: JSON.stringify(got) === JSON.stringify(want) };
          };
          // The cited filter alone, then the combination, unless another filter alone is already wrong (its own test says so).
          const key = KEY[filter];
          const alone = await answer({ [key]: q[key]! });
          requireThat(
            alone.ok,
            `GET /groups/:id/epics?${key}=${q[key]} MUST list exactly the epics of the full list that match.`,
            alone.want,
            alone.got,
          );
          const others = Object.keys(q).filter((k) => k !== key);
          if (others.length === 0) return void (await s.admin.delete(`/groups/${groupId}`));
          for (const k of others) if (!(await answer({ [k]: q[k]! })).ok) return;
          const combined = await answer(q);
          requireThat(
            combined.ok,
            `GET /groups/:id/epics?${new URLSearchParams(q)} MUST list exactly the epics of the full list that match every filter.`,
            combined.want,
            combined.got,
          );
          await s.admin.delete(`/groups/${groupId}`);
        },
        { sideBySide: true, scale },
      );
    },
    { timeout: 180_000 + searchTimeAllowanceMs(target, searches) },
  );
}

describe('epic list filters (properties)', () => {
  property(
    'epics.filter.labels',
    'labels',
    'with random data and labels combined with other filters, the answer is the full list filtered client-side',
  );
  property(
    'epics.filter.search',
    'search',
    'with random data and search combined with other filters, the answer is the full list filtered client-side',
  );
  property(
    'epics.filter.author_id',
    'author',
    'with random data and author_id combined with other filters, the answer is the full list filtered client-side',
  );
  property(
    'epics.filter.state',
    'state',
    'with random data and state combined with other filters, the answer is the full list filtered client-side',
  );
});
