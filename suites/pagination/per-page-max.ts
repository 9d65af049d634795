/**
 * The check both pagination kinds make of the per_page maximum (offset-table.ts, keyset.test.ts),
 * on a collection holding more than PER_PAGE_MAX items: per_page at the maximum is served whole
 * (PER_PAGE_MAX items), and one past it (and far past it, 500) is either refused (allowed,
 * not-shown.md) or served with 200 and at most PER_PAGE_MAX items.
 *
 *   await checkPerPageMax((perPage) => get(s, { per_page: perPage }), (res) => ids(res).length);
 */
import { PER_PAGE_MAX, check, requireThat, type ApiResponse } from '../../src/kit/index.ts';

/** per_page values past the maximum: one past it, and far past it. */
const OVER_MAX = [PER_PAGE_MAX + 1, 500];

export async function checkPerPageMax(get: (perPage: number) => Promise<ApiResponse>, count: (res: ApiResponse) => number): Promise<void> {
  const at = await get(PER_PAGE_MAX);
  check.status(at, 200, `per_page=${PER_PAGE_MAX}, the maximum itself, MUST be accepted.`);
  requireThat(
    count(at) === PER_PAGE_MAX,
    `per_page=${PER_PAGE_MAX}, the maximum itself, MUST yield ${PER_PAGE_MAX} items where the collection holds more.`,
    PER_PAGE_MAX,
    count(at),
  );
  for (const perPage of OVER_MAX) {
    const res = await get(perPage);
    if (res.status >= 400 && res.status < 500) continue; // refused: no page over the maximum was served
    check.status(res, 200);
    const n = count(res);
    requireThat(n <= PER_PAGE_MAX, `per_page=${perPage} MUST yield at most ${PER_PAGE_MAX} items.`, `<= ${PER_PAGE_MAX}`, n);
  }
}
