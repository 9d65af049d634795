/**
 * Offset pagination, as a table over the list endpoints the kit can fill: headers, Link rels,
 * following links, page/per_page parameters, defaults and the per_page maximum. The table is run
 * in three files, a third of the collections each (offset.test.ts, offset-b.test.ts,
 * offset-c.test.ts): the collections share nothing, and one file of them all was the longest of a
 * certification. Within a file the collections run side by side (`describe.concurrent`), each
 * collection's tests one after the other (some fill the collection that others read page by page).
 *
 *   offsetPaginationTable(COLLECTIONS.filter((_, i) => i % 3 === 0));   // in a test file
 */
import { beforeAll, describe } from 'vitest';
import {
  PAGE_DEFAULT,
  PER_PAGE_DEFAULT,
  PER_PAGE_MAX,
  check,
  clauseTest as kitClauseTest,
  parseLinks,
  requireThat,
  session,
  type ApiResponse,
  type Session,
} from '../../src/kit/index.ts';
import type { Collection } from './collections.ts';
import { checkPerPageMax } from './per-page-max.ts';

/** Items in the collection before the tests read it: enough for three pages of 2. */
const FILL = 5;
/** How items are told apart: by id unless the collection says otherwise (variables have keys). */
type ItemKey = (item: Record<string, any>) => number | string;
const byId: ItemKey = (i) => i.id;
const keysOf = (res: ApiResponse, key: ItemKey = byId) => (res.json as Record<string, any>[]).map(key);

/** Walks every page (per_page at its maximum) and returns all ids. */
async function walk(s: Session, path: string, filter: Record<string, string> = {}, key?: ItemKey): Promise<(number | string)[]> {
  const all: (number | string)[] = [];
  for (let page = 1; page <= 1000; page++) {
    const res = await s.admin.get(path, { query: { ...filter, per_page: PER_PAGE_MAX, page } });
    check.status(res, 200);
    all.push(...keysOf(res, key));
    if ((res.json as unknown[]).length < PER_PAGE_MAX) break;
  }
  return all;
}

/** The collections of one third of the table: `part` 0, 1 or 2 (every third collection, for balance). */
export function offsetPaginationTable(collections: readonly Collection[], part: number): void {
  for (const c of collections.filter((_, i) => i % 3 === part)) describeCollection(c);
}

function describeCollection(c: Collection): void {
  describe.concurrent(`pagination of ${c.name}`, () => {
    let absent: string | undefined;
    beforeAll(async () => {
      absent = await c.unavailable?.(session());
      if (!absent) await c.fill(session(), FILL);
    });
    /** A collection the target cannot hold (a missing capability): its tests are skipped with the reason. */
    // In order within the collection (`sequential`), beside the other collections of the file.
    const clauseTest: typeof kitClauseTest = (id, title, fn, options) =>
      kitClauseTest(id, title, (ctx) => (absent ? ctx.skip(absent) : fn(ctx)), { ...options, sequential: true });
    const get = (s: Session, query: Record<string, unknown> = {}) => s.admin.get(c.path(), { query: { ...c.query, ...query } });
    const ids = (res: ApiResponse) => keysOf(res, c.itemKey);
    /** Checks that compare several requests need a collection nobody else changes meanwhile. */
    const stable: typeof clauseTest = (...args) => {
      if (!c.shared) clauseTest(...args);
    };

    clauseTest('conv.pagination.offset_all_lists', `${c.name}: the list is offset-paginated by default`, async ({ s }) => {
      const res = await get(s);
      check.status(res, 200);
      check.header(res, 'X-Page', String(PAGE_DEFAULT), `A list without page MUST be offset-paginated (X-Page: ${PAGE_DEFAULT}).`);
      check.header(
        res,
        'X-Per-Page',
        String(PER_PAGE_DEFAULT),
        `A list without per_page MUST be offset-paginated (X-Per-Page: ${PER_PAGE_DEFAULT}).`,
      );
      requireThat(
        parseLinks(res).first !== undefined,
        'An offset-paginated list MUST carry a Link header with rel="first".',
        'rel="first"',
        res.headers.link ?? '(no Link)',
      );
    });

    stable('conv.pagination.page_param', `${c.name}: page=2 with per_page=1 returns another item than page=1`, async ({ s }) => {
      const one = await get(s, { per_page: 1, page: 1 });
      const two = await get(s, { per_page: 1, page: 2 });
      check.status(one, 200);
      check.status(two, 200);
      requireThat(
        ids(two).length === 1 && ids(one)[0] !== ids(two)[0],
        'page=2 MUST return the second item.',
        `an id other than ${ids(one)[0]}`,
        ids(two),
      );
    });

    clauseTest('conv.pagination.per_page_param', `${c.name}: per_page=N returns at most N items`, async ({ s }) => {
      for (const n of [1, 2, 3]) {
        const res = await get(s, { per_page: n });
        check.status(res, 200);
        requireThat(ids(res).length === n, `per_page=${n} MUST return ${n} items when the collection has more.`, n, ids(res).length);
      }
    });

    stable('conv.pagination.link_next', `${c.name}: Link has rel="next" when a page follows and rel="prev" after page 1`, async ({ s }) => {
      const first = parseLinks(await get(s, { per_page: 2, page: 1 }));
      requireThat(first.next !== undefined, 'Page 1 of several MUST link rel="next".', 'rel="next"', Object.keys(first));
      const second = parseLinks(await get(s, { per_page: 2, page: 2 }));
      requireThat(second.prev !== undefined, 'Page 2 MUST link rel="prev".', 'rel="prev"', Object.keys(second));
      requireThat(second.next !== undefined, 'Page 2 of at least 3 MUST link rel="next".', 'rel="next"', Object.keys(second));
      const total = Number((await get(s, { per_page: 2 })).headers['x-total-pages']);
      const last = parseLinks(await get(s, { per_page: 2, page: total }));
      requireThat(last.next === undefined, 'The last page MUST NOT link rel="next".', 'no rel="next"', last.next);
    });

    clauseTest('conv.pagination.link_first', `${c.name}: Link has a rel="first" URL leading to page 1`, async ({ s }) => {
      const res = await get(s, { per_page: 2, page: 2 });
      const first = parseLinks(res).first;
      requireThat(first !== undefined, 'The Link header MUST have rel="first".', 'rel="first"', res.headers.link ?? '(no Link)');
      const followed = await s.admin.follow(first!);
      check.status(followed, 200);
      check.header(followed, 'X-Page', '1', 'rel="first" MUST lead to page 1.');
    });

    stable('conv.pagination.link_last', `${c.name}: Link has a rel="last" URL leading to the last page`, async ({ s }) => {
      const res = await get(s, { per_page: 2 });
      const last = parseLinks(res).last;
      requireThat(last !== undefined, 'The Link header MUST have rel="last".', 'rel="last"', res.headers.link ?? '(no Link)');
      const followed = await s.admin.follow(last!);
      check.status(followed, 200);
      requireThat(
        followed.headers['x-page'] === res.headers['x-total-pages'],
        'rel="last" MUST lead to the last page.',
        `X-Page ${res.headers['x-total-pages']}`,
        `X-Page ${followed.headers['x-page']}`,
      );
      requireThat(
        parseLinks(followed).next === undefined,
        'The page rel="last" leads to MUST have no rel="next".',
        'no rel="next"',
        parseLinks(followed).next,
      );
    });

    stable(
      'conv.pagination.link_follow',
      `${c.name}: following rel="next" gives the items of page N+1, and walking it visits every item once`,
      async ({ s }) => {
        const page1 = await get(s, { per_page: 2, page: 1 });
        const page2 = await get(s, { per_page: 2, page: 2 });
        const url = parseLinks(page1).next;
        requireThat(url !== undefined, 'Page 1 MUST link rel="next".', 'rel="next"', page1.headers.link ?? '(no Link)');
        const perPage = new URL(url!).searchParams.get('per_page');
        requireThat(perPage === '2', 'The rel="next" URL MUST keep per_page=2.', 'per_page=2', url);
        const followed = await s.admin.follow(url!);
        check.status(followed, 200);
        check.header(followed, 'X-Page', '2', 'rel="next" of page 1 MUST lead to page 2.');
        check.header(followed, 'X-Per-Page', '2', 'rel="next" of page 1 MUST keep per_page=2.');
        requireThat(
          JSON.stringify(ids(followed)) === JSON.stringify(ids(page2)),
          'rel="next" MUST give exactly the items of page 2.',
          ids(page2),
          ids(followed),
        );
        // Walking every rel="next" visits each item exactly once.
        const seen: (number | string)[] = [...ids(page1)];
        let next = parseLinks(page1).next;
        for (let hops = 0; next && hops < 500; hops++) {
          const r = await s.admin.follow(next);
          check.status(r, 200);
          seen.push(...ids(r));
          next = parseLinks(r).next;
        }
        const all = await walk(s, c.path(), c.query, c.itemKey);
        requireThat(new Set(seen).size === seen.length, 'Following rel="next" MUST NOT repeat an item.', 'no repeats', seen);
        requireThat(seen.length === all.length, 'Following rel="next" MUST visit every item once.', all.length, seen.length);
      },
    );

    stable('conv.pagination.x_total', `${c.name}: X-Total is the number of items`, async ({ s }) => {
      const exact = await c.fill(s, FILL);
      const res = await get(s, { per_page: 2 });
      const total = check.intHeader(res, 'X-Total');
      const all = await walk(s, c.path(), c.query, c.itemKey);
      requireThat(total === all.length, 'X-Total MUST be the number of items in the collection.', all.length, total);
      if (exact !== undefined) requireThat(total === exact, 'X-Total MUST count exactly the items created.', exact, total);
    });

    stable('conv.pagination.x_total_pages', `${c.name}: X-Total-Pages is the number of pages for per_page`, async ({ s }) => {
      for (const perPage of [2, 3]) {
        const res = await get(s, { per_page: perPage });
        const total = check.intHeader(res, 'X-Total');
        const pages = check.intHeader(res, 'X-Total-Pages');
        requireThat(
          pages === Math.max(1, Math.ceil(total / perPage)),
          `X-Total-Pages MUST be ceil(X-Total / ${perPage}).`,
          Math.ceil(total / perPage),
          pages,
        );
      }
    });

    clauseTest('conv.pagination.x_per_page', `${c.name}: X-Per-Page is the per_page applied`, async ({ s }) => {
      for (const n of [1, 3, 7]) check.header(await get(s, { per_page: n }), 'X-Per-Page', String(n));
    });

    clauseTest('conv.pagination.x_page', `${c.name}: X-Page is the current page, starting at 1`, async ({ s }) => {
      check.header(await get(s, { per_page: 2 }), 'X-Page', '1');
      check.header(await get(s, { per_page: 2, page: 2 }), 'X-Page', '2');
    });

    stable('conv.pagination.x_next_page', `${c.name}: X-Next-Page and X-Prev-Page name the neighbouring pages`, async ({ s }) => {
      const first = await get(s, { per_page: 2, page: 1 });
      check.header(first, 'X-Next-Page', '2');
      const second = await get(s, { per_page: 2, page: 2 });
      check.header(second, 'X-Prev-Page', '1');
      check.header(second, 'X-Next-Page', '3');
      const pages = check.intHeader(first, 'X-Total-Pages');
      const last = await get(s, { per_page: 2, page: pages });
      const next = last.headers['x-next-page'] ?? '';
      requireThat(next === '', 'The last page MUST NOT name a next page.', '(empty or absent)', next);
    });

    clauseTest(
      'limits.pagination.per_page_default',
      `${c.name}: without per_page at most ${PER_PAGE_DEFAULT} items and X-Per-Page ${PER_PAGE_DEFAULT}`,
      async ({ s }) => {
        await c.fill(s, PER_PAGE_DEFAULT + 1);
        const res = await get(s);
        check.status(res, 200);
        requireThat(
          ids(res).length === PER_PAGE_DEFAULT,
          `Without per_page a page MUST hold ${PER_PAGE_DEFAULT} items when there are more.`,
          PER_PAGE_DEFAULT,
          ids(res).length,
        );
        check.header(res, 'X-Per-Page', String(PER_PAGE_DEFAULT));
      },
    );

    stable('limits.pagination.page_default', `${c.name}: without page the first page is returned`, async ({ s }) => {
      const res = await get(s, { per_page: 2 });
      const one = await get(s, { per_page: 2, page: 1 });
      check.header(res, 'X-Page', String(PAGE_DEFAULT));
      requireThat(
        JSON.stringify(ids(res)) === JSON.stringify(ids(one)),
        'Without page the items MUST be those of page 1.',
        ids(one),
        ids(res),
      );
    });

    clauseTest(
      'limits.pagination.per_page_max',
      `${c.name}: per_page=${PER_PAGE_MAX} yields ${PER_PAGE_MAX} items; one past it and above, at most ${PER_PAGE_MAX}`,
      async ({ s, skip }) => {
        if (c.bulk) await c.fill(s, PER_PAGE_MAX + 1);
        else if ((await walk(s, c.path(), c.query, c.itemKey)).length <= PER_PAGE_MAX)
          skip(
            `${c.name}: the collection holds ${PER_PAGE_MAX} items or fewer, so the maximum cannot be observed (the impersonation-token collection checks it)`,
          );
        await checkPerPageMax(
          (perPage) => get(s, { per_page: perPage }),
          (res) => ids(res).length,
        );
      },
      { timeout: 120_000 },
    );
  });
}
