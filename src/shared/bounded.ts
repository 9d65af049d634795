/**
 * Side by side, within a bound: runs `fn` on every item with at most `limit` calls in flight at
 * once, taking the items in order, and answers their results in the items' order. A rejection
 * rejects the whole at once, as Promise.all does: callers that must not lose work catch inside fn.
 *
 *   const answers = await mapBounded(paths, 4, (p) => admin.delete(p));   // never more than 4 DELETEs in flight
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}
