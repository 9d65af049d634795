/**
 * In-memory store behind a narrow interface: one table per resource, ids increasing per table
 * from 1, rows kept in id order (deleting never reorders). Each table keeps an id-ordered index,
 * so a page of the default (id) order costs O(page), not O(rows): `slice(start, end, 'desc')`.
 *
 *   const store = createStore();
 *   const msg = store.broadcastMessages.insert({ message: 'hi', ... }); // { id: 1, ... }
 *   store.broadcastMessages.update(msg.id, { message: 'bye' });
 *   store.usersByUsername.get('jdoe');   // indexes by a derived key: no scan of the table
 */
import type {
  BroadcastMessageRecord,
  ClusterRecord,
  DependencyRecord,
  EpicRecord,
  LabelRecord,
  MemberRecord,
  NamespaceRecord,
  ProjectRecord,
  TodoRecord,
  TokenRecord,
  UserRecord,
  VariableRecord,
  SshKeyRecord,
  GpgKeyRecord,
  EmailRecord,
} from './domain/records.ts';

export interface Row {
  id: number;
}

export interface Table<T extends Row> {
  /** Adds a row with the next id and returns it. */
  insert(values: Omit<T, 'id'>): T;
  get(id: number): T | undefined;
  /** Replaces the row by a copy with `patch` applied; undefined when the id is unknown. */
  update(id: number, patch: Partial<Omit<T, 'id'>>): T | undefined;
  /** Removes the row; returns it, or undefined when the id is unknown. */
  delete(id: number): T | undefined;
  /** A fresh array of all rows, id ascending. */
  all(): T[];
  find(predicate: (row: T) => boolean): T | undefined;
  filter(predicate: (row: T) => boolean): T[];
  /** Rows at positions [start, end) of the id order, ascending or descending: O(end - start). */
  slice(start: number, end: number, order?: 'asc' | 'desc'): T[];
  readonly size: number;
  /** An index of the rows by a key derived from each (kept current by insert, update and delete). */
  index(key: (row: T) => string): Index<T>;
  /** The rows and the id sequence, for restore() (control/snapshot.ts: the reset between tests). Rows are shared, not copied: they never change in place (update replaces a row by a copy). */
  snapshot(): TableSnapshot<T>;
  /** Puts back the rows and id sequence of a snapshot (which stays reusable); indexes rebuilt. */
  restore(snapshot: TableSnapshot<T>): void;
}

/** A table's rows and its last id, as snapshot() took them. */
export interface TableSnapshot<T extends Row> {
  readonly rows: readonly T[];
  readonly lastId: number;
}

/** Rows by a derived key: a lookup costs O(matches), not a scan of the table. */
export interface Index<T> {
  /** The rows whose key is `key`, in id order (empty when none). */
  get(key: string): readonly T[];
}

/**
 * An index's entries: key -> its row, or its rows in id order when several share the key (rare:
 * most indexed keys are unique). No collection per key: an index of 100,000 users costs a few MB.
 */
class KeyIndex<T extends Row> implements Index<T> {
  private readonly entries = new Map<string, T | T[]>();
  constructor(readonly keyOf: (row: T) => string) {}
  get(key: string): readonly T[] {
    const entry = this.entries.get(key);
    return entry === undefined ? [] : Array.isArray(entry) ? entry.slice() : [entry];
  }
  add(row: T): void {
    const key = this.keyOf(row);
    const entry = this.entries.get(key);
    if (entry === undefined) this.entries.set(key, row);
    else
      this.entries.set(
        key,
        [...(Array.isArray(entry) ? entry : [entry]), row].sort((a, b) => a.id - b.id),
      );
  }
  clear(): void {
    this.entries.clear();
  }
  remove(row: T): void {
    const key = this.keyOf(row);
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    const rest = (Array.isArray(entry) ? entry : [entry]).filter((r) => r.id !== row.id);
    if (rest.length === 0) this.entries.delete(key);
    else this.entries.set(key, rest.length === 1 ? rest[0]! : rest);
  }
}

/** Position of `id` in the ascending `ids`, or -1: binary search. */
function indexOfId(ids: readonly number[], id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = ids[mid]!;
    if (at === id) return mid;
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export function createTable<T extends Row>(): Table<T> {
  const rows = new Map<number, T>();
  /** Ids ascending (new ids are always the largest: insert appends). */
  const ids: number[] = [];
  const indexes: KeyIndex<T>[] = [];
  let lastId = 0;
  return {
    insert(values) {
      lastId += 1;
      const row = { ...values, id: lastId } as T;
      rows.set(row.id, row);
      ids.push(row.id);
      for (const index of indexes) index.add(row);
      return row;
    },
    get: (id) => rows.get(id),
    update(id, patch) {
      const old = rows.get(id);
      if (!old) return undefined;
      const row = { ...old, ...patch, id } as T;
      rows.set(id, row);
      for (const index of indexes) {
        index.remove(old);
        index.add(row);
      }
      return row;
    },
    delete(id) {
      const old = rows.get(id);
      if (!old) return undefined;
      rows.delete(id);
      ids.splice(indexOfId(ids, id), 1);
      for (const index of indexes) index.remove(old);
      return old;
    },
    index(key) {
      const index = new KeyIndex<T>(key);
      for (const row of rows.values()) index.add(row);
      indexes.push(index);
      return index;
    },
    snapshot: () => ({ rows: Array.from(rows.values()), lastId }),
    restore(snapshot) {
      rows.clear();
      ids.length = 0;
      for (const index of indexes) index.clear();
      for (const row of snapshot.rows) {
        rows.set(row.id, row);
        ids.push(row.id);
        for (const index of indexes) index.add(row);
      }
      lastId = snapshot.lastId;
    },
    all: () => Array.from(rows.values()),
    find(predicate) {
      for (const row of rows.values()) if (predicate(row)) return row;
      return undefined;
    },
    filter(predicate) {
      const out: T[] = [];
      for (const row of rows.values()) if (predicate(row)) out.push(row);
      return out;
    },
    slice(start, end, order = 'asc') {
      const from = Math.max(0, start);
      const to = Math.min(ids.length, end);
      const out: T[] = [];
      for (let i = from; i < to; i += 1) out.push(rows.get(order === 'asc' ? ids[i]! : ids[ids.length - 1 - i]!)!);
      return out;
    },
    get size() {
      return rows.size;
    },
  };
}

export interface Store {
  users: Table<UserRecord>;
  tokens: Table<TokenRecord>;
  broadcastMessages: Table<BroadcastMessageRecord>;
  /** Groups and personal (user) namespaces share one id sequence, as on the real platform. */
  namespaces: Table<NamespaceRecord>;
  projects: Table<ProjectRecord>;
  members: Table<MemberRecord>;
  epics: Table<EpicRecord>;
  labels: Table<LabelRecord>;
  todos: Table<TodoRecord>;
  clusters: Table<ClusterRecord>;
  variables: Table<VariableRecord>;
  dependencies: Table<DependencyRecord>;
  sshKeys: Table<SshKeyRecord>;
  gpgKeys: Table<GpgKeyRecord>;
  /** Secondary e-mail addresses. */
  emails: Table<EmailRecord>;
  /** Tokens by their secret value (every authenticated request looks one up). */
  tokensByValue: Index<TokenRecord>;
  /** Users by username and by primary e-mail, lower-cased (both unique in any case). */
  usersByUsername: Index<UserRecord>;
  usersByEmail: Index<UserRecord>;
  /** Secondary addresses by address, lower-cased. */
  emailsByAddress: Index<EmailRecord>;
  /** Namespaces by their place: parent and lower-cased path (placeKey). */
  namespacesByPlace: Index<NamespaceRecord>;
}

/** The key of a namespace's place: its parent (none for top-level ones) and its path in any case. */
export function placeKey(parentId: number | null, path: string): string {
  return `${parentId ?? ''}/${path.toLowerCase()}`;
}

export function createStore(): Store {
  const users = createTable<UserRecord>();
  const tokens = createTable<TokenRecord>();
  const emails = createTable<EmailRecord>();
  const namespaces = createTable<NamespaceRecord>();
  return {
    users,
    tokens,
    broadcastMessages: createTable(),
    namespaces,
    projects: createTable(),
    members: createTable(),
    epics: createTable(),
    labels: createTable(),
    todos: createTable(),
    clusters: createTable(),
    variables: createTable(),
    dependencies: createTable(),
    sshKeys: createTable(),
    gpgKeys: createTable(),
    emails,
    tokensByValue: tokens.index((t) => t.token),
    usersByUsername: users.index((u) => u.username.toLowerCase()),
    usersByEmail: users.index((u) => u.email.toLowerCase()),
    emailsByAddress: emails.index((e) => e.email.toLowerCase()),
    namespacesByPlace: namespaces.index((n) => placeKey(n.parentId, n.path)),
  };
}
