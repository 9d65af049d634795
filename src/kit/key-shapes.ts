/**
 * What a walk of a JSON body asks of each key (which rules look at it), answered once per key
 * name and once per object shape: the items of a list share their keys in one order, so a walk
 * compares an object's keys with the last shape met at its depth instead of looking up each key.
 *
 *   const classes = new KeyClasses((key) => (key.endsWith('_at') ? 1 : 0));
 *   const shapes = new KeyShapes(classes);                 // one per walk
 *   shapes.at(depth, Object.keys(item)).masks[i]          // the class of the item's i-th key
 */

/** A classifier's answers by key name (field names repeat), the cache bounded. */
export class KeyClasses {
  private readonly known = new Map<string, number>();
  constructor(
    private readonly classify: (key: string) => number,
    private readonly kept = 10_000,
  ) {}

  of(key: string): number {
    let mask = this.known.get(key);
    if (mask === undefined) {
      mask = this.classify(key);
      if (this.known.size >= this.kept) this.known.clear();
      this.known.set(key, mask);
    }
    return mask;
  }
}

/** An object's keys and the class of each; `union`: every class some key has (0: none). */
interface Shape {
  keys: readonly string[];
  masks: number[];
  union: number;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The shapes one walk met, the last one at each depth. */
export class KeyShapes {
  private readonly last: (Shape | undefined)[] = [];
  constructor(private readonly classes: KeyClasses) {}

  at(depth: number, keys: readonly string[]): Shape {
    const last = this.last[depth];
    if (last && sameKeys(last.keys, keys)) return last;
    const masks = keys.map((k) => this.classes.of(k));
    const shape = { keys, masks, union: masks.reduce((u, m) => u | m, 0) };
    this.last[depth] = shape;
    return shape;
  }
}
