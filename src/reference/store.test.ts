/**
 * The store's tables: ids, updates in place, and the id index behind `slice` (the O(page) read
 * of the default list order), kept right across deletes.
 *
 *   npx vitest run src/reference/store.test.ts
 */
import { describe, expect, it } from 'vitest';
import { createTable } from './store.ts';

interface Item { id: number; name: string }

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
