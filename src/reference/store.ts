/**
 * In-memory store behind a narrow interface: one table per resource, ids increasing per table
 * from 1, rows kept in id order (deleting never reorders).
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
  readonly size: number;
}

export function createTable<T extends Row>(): Table<T> {
  const rows = new Map<number, T>();
  let lastId = 0;
  return {
    insert(values) {
      lastId += 1;
      const row = { ...values, id: lastId } as T;
      rows.set(row.id, row);
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
      rows.delete(id);
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
