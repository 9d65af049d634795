/**
 * The whole store's state at one moment, and putting it back: the reset between tests. Each table
 * keeps its rows (shared, not copied: a row never changes in place, an update replaces it) and its
 * id sequence, so ids after a reset continue exactly as after the seed.
 *
 *   const seeded = snapshotStore(store);
 *   ... requests ...
 *   restoreStore(store, seeded);   // the seeded rows, ids and indexes again; the snapshot stays reusable
 */
import type { Row, Store, Table, TableSnapshot } from '../store.ts';

/** The snapshots of every table of a store, by its field name. */
export type StoreSnapshot = ReadonlyMap<string, TableSnapshot<Row>>;

/** The store's tables (its other fields are indexes, kept by their table). */
function tables(store: Store): [string, Table<Row>][] {
  return Object.entries(store).filter(([, field]) => typeof (field as Partial<Table<Row>>).snapshot === 'function') as [
    string,
    Table<Row>,
  ][];
}

export function snapshotStore(store: Store): StoreSnapshot {
  return new Map(tables(store).map(([name, table]) => [name, table.snapshot()]));
}

export function restoreStore(store: Store, snapshot: StoreSnapshot): void {
  for (const [name, table] of tables(store)) table.restore(snapshot.get(name) ?? { rows: [], lastId: 0 });
}
