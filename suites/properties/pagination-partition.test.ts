/**
 * Property: over random collection sizes (0..45) and per_page values (1, small odd and even, up to
 * 100 and beyond), pages 1..ceil(size / per_page) requested by number partition the list: each page
 * is exactly its slice of the full list (every item once, in the list's order, full pages then a
 * short or full last page), no page in range is empty, and pages past the end are empty.
 * The collection is the variables of a fresh project, resized each run; the first run is always
 * 45 items one and three a page, so deep pages and odd page sizes are checked whatever the seed.
 */
import { describe } from 'vitest';
import { check, clauseTest, collectionSizeArb, fc, forAll, pageCount, perPageListArb, requireThat } from '../../src/kit/index.ts';
import { expectedSlice, fullList, getPage, keysOf, refusedOverMax, same } from './paging.ts';
import { projectVariables } from './resizable-collections.ts';

const collection = projectVariables();
/** One small per_page (many pages, deep ones too) and one to three others. */
const perPagesArb = fc
  .tuple(fc.integer({ min: 1, max: 4 }), perPageListArb)
  .map(([small, others]) => [small, ...others.filter((p) => p !== small)]);
const runArb = fc.record({ size: collectionSizeArb(45), perPages: perPagesArb, beyond: fc.integer({ min: 1, max: 12 }) });

describe.concurrent('pagination partition (property)', () => {
  clauseTest(
    'conv.pagination.page_param',
    'for any size and per_page, page=N holds exactly the Nth slice of the list, and pages past the end are empty',
    async (ctx) => {
      const { s } = ctx;
      await forAll(
        ctx,
        runArb,
        async ({ size, perPages, beyond }) => {
          await collection.resize(s, size);
          const all = await fullList(s, collection, size);
          for (const perPage of perPages) {
            const pages = pageCount(size, perPage);
            for (let page = 1; page <= pages; page++) {
              const res = await getPage(s, collection, perPage, page);
              if (refusedOverMax(res, perPage)) break;
              check.status(res, 200);
              const want = expectedSlice(all, perPage, page);
              const got = keysOf(collection, res);
              requireThat(
                same(got, want),
                `page=${page} with per_page=${perPage} of a ${size}-item list MUST hold exactly its slice of the list (the pages partition the collection, in order).`,
                want,
                got,
              );
            }
            const past = pages + beyond;
            const res = await getPage(s, collection, perPage, past);
            if (refusedOverMax(res, perPage)) continue;
            check.status(res, 200, `page=${past}, past the last page (${pages}), MUST answer 200.`);
            requireThat(
              same(keysOf(collection, res), []),
              `page=${past}, past the last page (${pages}), MUST be empty.`,
              [],
              keysOf(collection, res),
            );
          }
        },
        {
          scale: 0.4,
          // Every run pages deep (page 11 and beyond) and with an odd per_page, whatever the seed draws.
          examples: [{ size: 45, perPages: [1, 3], beyond: 2 }],
        },
      );
    },
    { timeout: 120_000 },
  );
});
