/**
 * Keyset pagination of GET /projects (pagination=keyset&order_by=id). The collection is every
 * project the administrator sees, which others change during the run, so the checks hold whatever
 * they add: the run's own projects (in a private group) give a known start (id_after just below
 * the first of them, sort=asc) and enough items to observe the per_page bounds; order, link shape
 * and the end of the collection are checked as such.
 *
 * Its tests run in order (a plain describe, not describe.concurrent): per_page_max creates up to 98
 * projects while the end-of-list checks walk GET /projects to its end.
 */
import { describe } from 'vitest';
import {
  PER_PAGE_DEFAULT,
  PER_PAGE_MAX,
  check,
  clauseTest,
  createGroup,
  createProject,
  parseLinks,
  requireThat,
  type ApiResponse,
  type Session,
} from '../../src/kit/index.ts';
import { checkPerPageMax } from './per-page-max.ts';

const OFFSET_HEADERS = ['x-total', 'x-total-pages', 'x-per-page', 'x-page', 'x-next-page', 'x-prev-page'];
const ids = (res: ApiResponse): number[] => (Array.isArray(res.json) ? res.json : []).map((p: { id: number }) => p.id);

/** The run's own projects for this file, made on demand (ids ascending). */
const mine: number[] = [];
let groupId: number | undefined;
async function ensure(s: Session, n: number): Promise<number[]> {
  groupId ??= (await createGroup(s)).id as number;
  while (mine.length < n) mine.push((await createProject(s, { namespace_id: groupId })).id as number);
  return [...mine].sort((a, b) => a - b);
}

/** A keyset page in ascending order after `after`. */
function page(s: Session, after: number, query: Record<string, unknown> = {}) {
  return s.admin.get('/projects', { query: { pagination: 'keyset', order_by: 'id', sort: 'asc', id_after: after, ...query } });
}

function ascending(list: number[], after: number): boolean {
  return list.every((id, i) => id > (i === 0 ? after : list[i - 1]!));
}

describe('keyset pagination of GET /projects', () => {
  clauseTest(
    'conv.keyset.projects_supported',
    'GET /projects?pagination=keyset&order_by=id answers 200 with an id-ordered array',
    async ({ s }) => {
      const own = await ensure(s, 3);
      const start = own[0]! - 1;
      const res = await page(s, start, { per_page: 3 });
      check.status(res, 200);
      check.jsonContentType(res);
      requireThat(Array.isArray(res.json), 'The body MUST be a JSON array.', 'an array', typeof res.json);
      requireThat(
        ascending(ids(res), start),
        'With sort=asc the ids MUST ascend, all after id_after.',
        `ascending ids above ${start}`,
        ids(res),
      );
      requireThat(ids(res)[0] === own[0], 'The first project after id_after MUST come first.', own[0], ids(res)[0]);
      const plain = await s.admin.get('/projects', { query: { pagination: 'keyset', order_by: 'id', per_page: 5 } });
      check.status(plain, 200, 'Keyset pagination without sort MUST also answer 200.');
      const list = ids(plain);
      const monotonic = list.every((id, i) => i === 0 || id < list[i - 1]!) || list.every((id, i) => i === 0 || id > list[i - 1]!);
      requireThat(monotonic, 'A keyset page MUST be ordered by id.', 'ids in order', list);
    },
  );

  clauseTest(
    'conv.keyset.link_next',
    'a page that is not the last links rel="next" with an extra filter, leading to the items after it',
    async ({ s }) => {
      const own = await ensure(s, 3);
      const start = own[0]! - 1;
      const first = await page(s, start, { per_page: 1 });
      check.status(first, 200);
      const next = parseLinks(first).next;
      requireThat(
        next !== undefined,
        'A keyset page with more items after it MUST have a Link rel="next".',
        'rel="next"',
        first.headers.link ?? '(no Link)',
      );
      const sent = new URL(first.url).searchParams;
      const extra = [...new URL(next!).searchParams.keys()].filter(
        (k) => !sent.has(k) || new URL(next!).searchParams.get(k) !== sent.get(k),
      );
      requireThat(
        extra.length > 0,
        'The rel="next" URL MUST carry an extra filter (such as id_after) the request did not have.',
        'a new or changed filter',
        next,
      );
      const followed = await s.admin.follow(next!);
      check.status(followed, 200);
      const last = ids(first)[0]!;
      requireThat(
        ids(followed).length === 1 && ascending(ids(followed), last),
        'rel="next" MUST lead to the next item after the page.',
        `one id above ${last}`,
        ids(followed),
      );
    },
  );

  clauseTest(
    'conv.keyset.per_page_default',
    `without per_page a keyset page holds at most ${PER_PAGE_DEFAULT} items (${PER_PAGE_DEFAULT + 1} and more follow)`,
    async ({ s }) => {
      const own = await ensure(s, PER_PAGE_DEFAULT + 1);
      const res = await page(s, own[0]! - 1);
      check.status(res, 200);
      requireThat(
        ids(res).length >= 1 && ids(res).length <= PER_PAGE_DEFAULT,
        `Without per_page a keyset page MUST hold at most ${PER_PAGE_DEFAULT} items.`,
        `1 to ${PER_PAGE_DEFAULT}`,
        ids(res).length,
      );
    },
    { timeout: 120_000 },
  );

  clauseTest(
    'conv.keyset.per_page_max',
    `with per_page=${PER_PAGE_MAX} a keyset page holds ${PER_PAGE_MAX} items, with ${PER_PAGE_MAX + 1} or 500 at most ${PER_PAGE_MAX} (${PER_PAGE_MAX + 1} and more follow)`,
    async ({ s }) => {
      const own = await ensure(s, PER_PAGE_MAX + 1);
      await checkPerPageMax(
        (perPage) => page(s, own[0]! - 1, { per_page: perPage }),
        (res) => ids(res).length,
      );
    },
    { timeout: 300_000 },
  );

  /** Walks from the newest project of the run to the end of the collection; returns the final page. */
  async function end(s: Session): Promise<ApiResponse> {
    const own = await ensure(s, 3);
    let cursor = own[own.length - 1]!;
    for (let hops = 0; hops < 50; hops++) {
      const res = await page(s, cursor, { per_page: PER_PAGE_MAX });
      check.status(res, 200);
      requireThat(Array.isArray(res.json), 'A keyset page MUST be a JSON array.', 'an array', typeof res.json);
      if (ids(res).length === 0) return res;
      requireThat(
        ascending(ids(res), cursor),
        'A keyset page after id_after MUST hold only later ids, ascending.',
        `ascending ids above ${cursor}`,
        ids(res),
      );
      cursor = ids(res)[ids(res).length - 1]!;
    }
    throw new Error(`the collection did not end within 50 pages of ${PER_PAGE_MAX}`);
  }

  clauseTest('conv.keyset.end_empty', 'id_after the largest id answers 200 with an empty array', async ({ s }) => {
    const last = await end(s);
    requireThat(
      JSON.stringify(last.json) === '[]',
      'Past the end of the collection the array MUST be empty.',
      '[]',
      last.text.slice(0, 120),
    );
  });

  clauseTest('conv.keyset.end_no_links', 'at the end of the collection there is no rel="next" and no Links header', async ({ s }) => {
    const last = await end(s);
    requireThat(
      parseLinks(last).next === undefined,
      'At the end of a keyset collection there MUST be no rel="next".',
      'no rel="next"',
      last.headers.link,
    );
    requireThat(
      last.headers.links === undefined,
      'At the end of a keyset collection the Links header MUST be absent.',
      '(absent)',
      last.headers.links,
    );
  });

  clauseTest(
    'conv.keyset.no_offset_headers',
    'keyset pages send none of X-Total, X-Total-Pages, X-Per-Page, X-Page, X-Next-Page, X-Prev-Page',
    async ({ s }) => {
      const own = await ensure(s, 3);
      const first = await page(s, own[0]! - 1, { per_page: 1 });
      check.status(first, 200);
      const next = parseLinks(first).next;
      const pages: [string, ApiResponse][] = [['The first keyset page', first]];
      if (next) pages.push(['The page rel="next" leads to', await s.admin.follow(next)]);
      for (const [what, res] of pages) {
        const sent = OFFSET_HEADERS.filter((h) => res.headers[h] !== undefined);
        requireThat(
          sent.length === 0,
          `${what} MUST NOT send offset-pagination headers.`,
          'none',
          sent.map((h) => `${h}: ${res.headers[h]}`),
        );
      }
    },
  );
});
