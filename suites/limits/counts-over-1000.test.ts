/**
 * Counts on a collection of 1,001 items (CONFORMANCE_LARGE_COLLECTION, on against the bundled
 * reference): X-Total, X-Total-Pages and rel="last" may be left out only above 10,000 items, so a
 * server that drops them past 1,000 breaks the pagination clauses, which no smaller collection the
 * kit makes can show. The collection is filled once for the file: the impersonation tokens of a
 * fresh user, the cheapest resource to make in bulk (one small POST each, nothing else touched,
 * all removed with the user in one DELETE; src/kit/bulk-tokens.ts).
 *
 *   CONFORMANCE_LARGE_COLLECTION=on npx vitest run --project suites suites/limits/counts-over-1000.test.ts
 */
import { beforeAll, describe } from 'vitest';
import {
  addImpersonationTokens,
  check,
  clauseTest,
  createUser,
  parseLinks,
  requireThat,
  session,
  type Session,
} from '../../src/kit/index.ts';

const ITEMS = 1_001;
/** Tokens created side by side while filling. */
const PARALLEL = 4;
/** 1,001 items at 100 a page: 11 pages, the last holding one item (a floor instead of a ceiling shows). */
const PER_PAGE = 100;
const LAST_PAGE = Math.ceil(ITEMS / PER_PAGE);
const ON_LAST_PAGE = ITEMS - (LAST_PAGE - 1) * PER_PAGE;
const OFF = 'the collection of 1,001 items is not filled (about 1,000 requests): set CONFORMANCE_LARGE_COLLECTION=on to run it';

describe.concurrent('a collection of 1,001 items keeps its counts', () => {
  let path = '';
  beforeAll(async () => {
    const s = session();
    if (!s.target.largeCollection) return;
    const user = await createUser(s, {}, { token: false });
    await addImpersonationTokens(s, user.id, ITEMS, PARALLEL);
    path = `/users/${user.id}/impersonation_tokens`;
  }, 300_000);

  /** The first page at 100 a page, the option on (skipped with the way to turn it on otherwise). */
  async function firstPage(s: Session, skip: (reason: string) => never) {
    if (!s.target.largeCollection) skip(OFF);
    const res = await s.admin.get(path, { query: { per_page: PER_PAGE } });
    check.status(res, 200);
    return res;
  }

  clauseTest('conv.pagination.x_total', 'X-Total is 1001 on a collection of 1,001 items', async ({ s, skip }) => {
    const res = await firstPage(s, skip);
    const total = check.intHeader(res, 'X-Total', 'X-Total MUST be sent on a collection of at most 10,000 items.');
    requireThat(total === ITEMS, 'X-Total MUST be the number of items in the collection.', ITEMS, total);
  });

  clauseTest(
    'conv.pagination.x_total_pages',
    'X-Total-Pages is ceil(1001 / per_page) on a collection of 1,001 items',
    async ({ s, skip }) => {
      const res = await firstPage(s, skip);
      const pages = check.intHeader(res, 'X-Total-Pages', 'X-Total-Pages MUST be sent on a collection of at most 10,000 items.');
      requireThat(pages === LAST_PAGE, `X-Total-Pages MUST be ceil(${ITEMS} / ${PER_PAGE}).`, LAST_PAGE, pages);
    },
  );

  clauseTest(
    'conv.pagination.link_last',
    'rel="last" is present on a collection of 1,001 items and leads to its last page',
    async ({ s, skip }) => {
      const res = await firstPage(s, skip);
      const last = parseLinks(res).last;
      requireThat(
        last !== undefined,
        'The Link header MUST have rel="last" on a collection of at most 10,000 items.',
        'rel="last"',
        res.headers.link ?? '(no Link)',
      );
      const followed = await s.admin.follow(last!);
      check.status(followed, 200);
      check.header(followed, 'X-Page', String(LAST_PAGE), `rel="last" MUST lead to the last page (${LAST_PAGE} at ${PER_PAGE} a page).`);
      const items = (followed.json as unknown[]).length;
      requireThat(items === ON_LAST_PAGE, 'The last page MUST hold the items left after the full pages.', ON_LAST_PAGE, items);
    },
  );
});
