/**
 * In-memory store behind a narrow interface: one table per resource, ids increasing per table
 * from 1, rows kept in id order (deleting never reorders). Each table keeps an id-ordered index,
 * so a page of the default (id) order costs O(page), not O(rows): `slice(start, end, 'desc')`.
 *
 *   const store = createStore();
 *   const msg = store.broadcastMessages.insert({ message: 'hi', ... }); // { id: 1, ... }
 *   store.broadcastMessages.update(msg.id, { message: 'bye' });
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
  let lastId = 0;
  return {
    insert(values) {
      lastId += 1;
      const row = { ...values, id: lastId } as T;
      rows.set(row.id, row);
      ids.push(row.id);
      return row;
    },
    get: (id) => rows.get(id),
    update(id, patch) {
      const old = rows.get(id);
      if (!old) return undefined;
      const row = { ...old, ...patch, id } as T;
      rows.set(id, row);
      return row;
    },
    delete(id) {
      const old = rows.get(id);
      if (!old) return undefined;
      rows.delete(id);
      ids.splice(indexOfId(ids, id), 1);
      return old;
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
}

export function createStore(): Store {
  return {
    users: createTable(),
    tokens: createTable(),
    broadcastMessages: createTable(),
    namespaces: createTable(),
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
    emails: createTable(),
  };
}
