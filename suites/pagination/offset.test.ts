/**
 * Offset pagination, the first third of the table over the list endpoints the kit can fill
 * (offset-table.ts: headers, Link rels, following links, page/per_page, defaults, the maximum).
 *
 *   npx vitest run --project suites suites/pagination/offset.test.ts
 */
import { COLLECTIONS } from './collections.ts';
import { offsetPaginationTable } from './offset-table.ts';

offsetPaginationTable(COLLECTIONS, 0);
