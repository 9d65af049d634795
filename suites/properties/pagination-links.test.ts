/**
 * Property: over random collection sizes and per_page values, following Link rel="next" from page 1
 * gives, hop after hop, exactly the slices of the list page 2, 3, ... hold: every item once, in the
 * list's order, and the walk stops (no rel="next") after the last page. The collection is the
 * secondary e-mails of a fresh user, resized each run; the list may also show the user's primary
 * address (fullList), and the pages are then counted over every listed item.
 */
import { describe } from 'vitest';
import { check, clauseTest, collectionSizeArb, fc, forAll, pageCount, parseLinks, perPageArb, requireThat } from '../../src/kit/index.ts';
import { expectedSlice, fullList, getPage, keysOf, refusedOverMax, same } from './paging.ts';
import { userEmails } from './resizable-collections.ts';

const collection = userEmails();
const runArb = fc.record({ size: collectionSizeArb(30), perPage: perPageArb });

describe.concurrent('following pagination links (property)', () => {
  clauseTest(
    'conv.pagination.link_follow',
    'for any size and per_page, walking rel="next" from page 1 visits each item exactly once, in order, and stops after the last page',
    async (ctx) => {
      const { s } = ctx;
      await forAll(
        ctx,
        runArb,
        async ({ size, perPage }) => {
          await collection.resize(s, size);
          const all = await fullList(s, collection, size);
          const pages = pageCount(all.length, perPage);
          let res = await getPage(s, collection, perPage, 1);
          if (refusedOverMax(res, perPage)) return;
          const seen: (string | number)[] = [];
          for (let page = 1; ; page++) {
            check.status(res, 200);
            const got = keysOf(collection, res);
            const want = expectedSlice(all, perPage, page);
            requireThat(
              same(got, want),
              `Hop ${page - 1} along rel="next" (per_page=${perPage}, ${all.length} items) MUST give the items of page ${page}.`,
              want,
              got,
            );
            seen.push(...got);
            const next = parseLinks(res).next;
            if (next === undefined) break;
            requireThat(
              page < pages,
              `The last page (${pages}) MUST NOT link rel="next": following links MUST stop.`,
              `no rel="next" on page ${pages}`,
              next,
            );
            res = await s.admin.follow(next);
          }
          requireThat(
            same(seen, all),
            `Following rel="next" from page 1 (per_page=${perPage}) MUST visit every one of the ${all.length} items exactly once, in the list's order.`,
            all,
            seen,
          );
        },
        { scale: 0.4 },
      );
    },
    { timeout: 120_000 },
  );
});
