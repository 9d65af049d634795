/**
 * Maps and sets that stay within a bound however long the process runs: an entry set again moves to
 * the end, and past the bound the oldest one goes (observe over days: callers, credentials, owners).
 *
 *   rememberIn(map, key, value, 100_000);   // map.set, the oldest entry dropped past 100,000
 *   addIn(set, value, 100_000);             // set.add, likewise
 */

/** map.set(key, value), the key moved to the end; the oldest entry dropped past `limit`. */
export function rememberIn<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as K);
}

/** set.add(value), the value moved to the end; the oldest dropped past `limit`. */
export function addIn<T>(set: Set<T>, value: T, limit: number): void {
  set.delete(value);
  set.add(value);
  if (set.size > limit) set.delete(set.values().next().value as T);
}
