/**
 * What the pagination properties share: one page request, the items' keys, and the page a
 * collection of known size must serve (a slice of the full list).
 *
 *   const res = await getPage(s, c, 3, 2);        // GET <path>?per_page=3&page=2
 *   const want = expectedSlice(all, 3, 2);        // items 4..6 of the list
 */
import { appliedPerPage, check, requireThat, type ApiResponse, type Session } from '../../src/kit/index.ts';
import type { ResizableCollection } from './resizable-collections.ts';

export function getPage(s: Session, c: ResizableCollection, perPage: number, page: number): Promise<ApiResponse> {
  return s.admin.get(c.path(), { query: { per_page: perPage, page } });
}

export function keysOf(c: ResizableCollection, res: ApiResponse): (string | number)[] {
  requireThat(Array.isArray(res.json), 'A list MUST answer a JSON array.', 'an array', res.text.slice(0, 120));
  return (res.json as Record<string, any>[]).map((item) => c.key(item));
}

/**
 * Every item of a collection of at most 100 items, in the list's order (one request, per_page=100):
 * the `size` items of the kit's own, and the one item the collection says the server may also list
 * (mayAlsoList), if it does, once. The pages of the collection are then slices of this list.
 */
export async function fullList(s: Session, c: ResizableCollection, size: number): Promise<(string | number)[]> {
  const res = await getPage(s, c, 100, 1);
  check.status(res, 200);
  const all = keysOf(c, res);
  const extra = (res.json as Record<string, any>[]).filter((item) => c.mayAlsoList?.(item) === true).map((item) => c.key(item));
  requireThat(
    extra.length <= 1,
    `GET ${c.path()}?per_page=100 MAY list the user's primary address beside the collection's items, but at most once.`,
    'at most 1',
    extra,
  );
  const also = extra.length ? ` and the one other item it shows (${extra[0]})` : '';
  requireThat(
    all.length === size + extra.length,
    `GET ${c.path()}?per_page=100 MUST list all ${size} items of the collection${also}.`,
    size + extra.length,
    all.length,
  );
  return all;
}

/** The items page `page` must hold: the page's slice of the full list. */
export function expectedSlice<T>(all: readonly T[], perPage: number, page: number): T[] {
  const per = appliedPerPage(perPage);
  return all.slice((page - 1) * per, page * per);
}

/** per_page over 100 may be refused (not-shown.md): true when it was, and nothing can be checked. */
export function refusedOverMax(res: ApiResponse, perPage: number): boolean {
  return perPage > 100 && res.status >= 400 && res.status < 500;
}

export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
