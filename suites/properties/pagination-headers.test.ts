/**
 * Properties: the pagination headers agree with the counts for random collection sizes, per_page
 * values (including 1, odd ones, 100 and over 100, read as 100) and pages (in range, just past the
 * end, far past it): X-Total is the size and X-Total-Pages ceil(size / per_page) (at least 1) on
 * every page; X-Next-Page names page + 1 exactly when it is in range and X-Prev-Page names page - 1
 * on pages 2..last (past the end the spec fixes neither, so they are not read there).
 * The collection is the variables of a fresh project of this file, resized each run.
 *
 * Its tests run in order (a plain describe, not describe.concurrent): both tests resize one shared
 * collection and read X-Total against their own size.
 */
import { describe } from 'vitest';
import {
  appliedPerPage,
  check,
  clauseTest,
  collectionSizeArb,
  fc,
  forAll,
  pageChoiceArb,
  pageCount,
  perPageArb,
  requireThat,
  resolvePage,
} from '../../src/kit/index.ts';
import { getPage, refusedOverMax } from './paging.ts';
import { projectVariables } from './resizable-collections.ts';

const collection = projectVariables();
const runArb = fc.record({
  size: collectionSizeArb(30),
  reads: fc.array(fc.tuple(perPageArb, pageChoiceArb), { minLength: 1, maxLength: 3 }),
});
const header = (value: string | undefined) => value ?? '';

describe('pagination headers (properties)', () => {
  clauseTest(
    'conv.pagination.x_total_pages',
    'for any size, per_page and page, X-Total is the size and X-Total-Pages is ceil(size / per_page)',
    async (ctx) => {
      const { s } = ctx;
      await forAll(
        ctx,
        runArb,
        async ({ size, reads }) => {
          await collection.resize(s, size);
          for (const [perPage, choice] of reads) {
            const pages = pageCount(size, perPage);
            const page = resolvePage(choice, pages);
            const res = await getPage(s, collection, perPage, page);
            if (refusedOverMax(res, perPage)) continue;
            check.status(res, 200);
            const where = `per_page=${perPage}, page=${page}, ${size} items`;
            requireThat(
              check.intHeader(res, 'X-Total') === size,
              `X-Total MUST be the number of items (${where}).`,
              size,
              res.headers['x-total'],
            );
            requireThat(
              check.intHeader(res, 'X-Total-Pages') === pages,
              `X-Total-Pages MUST be ceil(${size} / ${appliedPerPage(perPage)}), at least 1 (${where}).`,
              pages,
              res.headers['x-total-pages'],
            );
          }
        },
        { scale: 0.3 },
      );
    },
    { timeout: 120_000 },
  );

  clauseTest(
    'conv.pagination.x_next_page',
    'for any size, per_page and page in range, X-Next-Page and X-Prev-Page name the neighbouring pages that exist',
    async (ctx) => {
      const { s } = ctx;
      await forAll(
        ctx,
        runArb,
        async ({ size, reads }) => {
          await collection.resize(s, size);
          for (const [perPage, choice] of reads) {
            const pages = pageCount(size, perPage);
            const page = resolvePage({ ...choice, where: 'in' }, pages);
            const res = await getPage(s, collection, perPage, page);
            if (refusedOverMax(res, perPage)) continue;
            check.status(res, 200);
            const where = `per_page=${perPage}, page ${page} of ${pages}`;
            const next = header(res.headers['x-next-page']);
            const prev = header(res.headers['x-prev-page']);
            requireThat(
              next === (page < pages ? String(page + 1) : ''),
              `X-Next-Page MUST be ${page < pages ? page + 1 : 'empty or absent on the last page'} (${where}).`,
              page < pages ? String(page + 1) : '(empty or absent)',
              next || '(empty or absent)',
            );
            requireThat(
              prev === (page > 1 ? String(page - 1) : ''),
              `X-Prev-Page MUST be ${page > 1 ? page - 1 : 'empty or absent on page 1'} (${where}).`,
              page > 1 ? String(page - 1) : '(empty or absent)',
              prev || '(empty or absent)',
            );
          }
        },
        { scale: 0.3 },
      );
    },
    { timeout: 120_000 },
  );
});
