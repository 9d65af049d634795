/**
 * The check both pagination kinds make of a page asked for with per_page over the maximum
 * (offset-table.ts, keyset.test.ts): refusing it is allowed (not-shown.md), serving it means
 * 200 with at most PER_PAGE_MAX items.
 *
 *   checkPerPageCapped(await get(s, { per_page: 500 }), (res) => ids(res).length);
 */
import { PER_PAGE_MAX, check, requireThat, type ApiResponse } from '../../src/kit/index.ts';

export function checkPerPageCapped(res: ApiResponse, count: (res: ApiResponse) => number): void {
  if (res.status >= 400 && res.status < 500) return; // refused: no page over the maximum was served
  check.status(res, 200);
  const n = count(res);
  requireThat(n <= PER_PAGE_MAX, `per_page=500 MUST yield at most ${PER_PAGE_MAX} items.`, `<= ${PER_PAGE_MAX}`, n);
}
