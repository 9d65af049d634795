/**
 * The store's tables: ids, updates in place, and the id index behind `slice` (the O(page) read
 * of the default list order), kept right across deletes.
 *
 *   npx vitest run src/reference/store.test.ts
 */
import { describe, expect, it } from 'vitest';
import { createTable } from './store.ts';

interface Item {
  id: number;
  name: string;
}

function table(n: number) {
  const t = createTable<Item>();
  for (let i = 1; i <= n; i += 1) t.insert({ name: `n${i}` });
  return t;
}

const ids = (rows: Item[]) => rows.map((r) => r.id);

describe('table slice (the id index)', () => {
  it('answers positions of the id order, ascending or descending, clipped to the table', () => {
    const t = table(10);
    expect(ids(t.slice(0, 3))).toEqual([1, 2, 3]);
    expect(ids(t.slice(0, 3, 'desc'))).toEqual([10, 9, 8]);
    expect(ids(t.slice(8, 20, 'desc'))).toEqual([2, 1]);
    expect(t.slice(10, 20)).toEqual([]);
  });

  it('follows deletes and updates (an update keeps the place; a new row goes last)', () => {
    const t = table(6);
    t.delete(3);
    t.delete(1);
    expect(t.delete(3)).toBeUndefined();
    t.update(4, { name: 'four' });
    t.insert({ name: 'n7' });
    expect(ids(t.slice(0, 10))).toEqual([2, 4, 5, 6, 7]);
    expect(ids(t.slice(1, 3, 'desc'))).toEqual([6, 5]);
    expect(t.slice(1, 2)[0]!.name).toBe('four');
    expect(t.size).toBe(5);
    expect(ids(t.all())).toEqual([2, 4, 5, 6, 7]);
  });
});

describe('table index (a derived key)', () => {
  it('finds rows by key through inserts, updates that change the key, and deletes', () => {
    const t = createTable<Item>();
    t.insert({ name: 'Ada' });
    const byName = t.index((row) => row.name.toLowerCase()); // made over rows already there
    const b = t.insert({ name: 'ADA' });
    const c = t.insert({ name: 'Bob' });
    expect(byName.get('ada').map((r) => r.id)).toEqual([1, b.id]);
    expect(byName.get('bob')).toEqual([c]);
    const renamed = t.update(b.id, { name: 'Carl' })!;
    expect(byName.get('ada').map((r) => r.id)).toEqual([1]);
    expect(byName.get('carl')).toEqual([renamed]);
    t.update(c.id, { name: 'BOB' }); // same key, new row object
    expect(byName.get('bob')).toEqual([t.get(c.id)]);
    t.delete(1);
    expect(byName.get('ada')).toEqual([]);
    expect(byName.get('nobody')).toEqual([]);
  });

  it('answers as a scan of the table would, after any sequence of changes', () => {
    const t = createTable<Item>();
    const byName = t.index((row) => row.name);
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let step = 0; step < 500; step++) {
      const ids = t.all().map((r) => r.id);
      const op = next(3);
      if (op === 0 || ids.length === 0) t.insert({ name: `n${next(5)}` });
      else if (op === 1) t.update(ids[next(ids.length)]!, { name: `n${next(5)}` });
      else t.delete(ids[next(ids.length)]!);
      for (let k = 0; k < 5; k++) expect(byName.get(`n${k}`)).toEqual(t.filter((r) => r.name === `n${k}`));
    }
  });
});
