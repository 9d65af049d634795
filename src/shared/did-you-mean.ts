/**
 * "Did you mean": the known name closest to a mistyped one, for one-line errors.
 *
 *   closest('certfy', ['certify', 'serve'])   // 'certify'
 *   didYouMean('nosuch', ['users'])           // '' (nothing close enough)
 *   didYouMean('usres', ['users'])            // '; did you mean users?'
 */

/** Edit distance (insertions, deletions, substitutions; a swap of neighbours counts as one). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The known name nearest to `name` (at most a third of its letters off, or one that starts with it); undefined when none is near. */
export function closest(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const k of known) {
    const d = distance(lower, k.toLowerCase());
    if (!best || d < best.d) best = { name: k, d };
  }
  if (best && best.d <= Math.max(1, Math.floor(name.length / 3))) return best.name;
  return lower.length >= 3 ? known.find((k) => k.toLowerCase().startsWith(lower)) : undefined;
}

/** '; did you mean X?' or '' : the tail of a one-line error. */
export function didYouMean(name: string, known: readonly string[]): string {
  const near = closest(name, known);
  return near === undefined ? '' : `; did you mean ${near}?`;
}
