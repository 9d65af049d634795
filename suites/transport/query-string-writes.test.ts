/**
 * Parameters in both transports (api-v4.md, What the service does: "Request parameters travel as
 * a query string or as a payload body"): every write of the operation table (each POST and PUT)
 * is sent with an attribute in the query string and the rest in a JSON body, and the attribute's
 * effect is read back, from the response or a later GET (query-string-writes.json). Every row cites
 * conv.params.query_string; its `effect` names the clause that states the effect it reads back, and
 * a capability of that clause's area (clusters, epics) skips or fails the row as it would that
 * clause. A write the table does not send is listed there with the reason;
 * the file refuses a table that misses a write, names a write the operation table lacks, or puts
 * in the query something that is not a body field of the write.
 *
 *   PUT /users/17?bio=cfk-1a2b3c4d-q-x-1      then GET /users/17 shows that bio (the effect of users.update.applies)
 *
 * What the rows name (a user of the file's own with its token, projects, a cluster, a variable, a
 * hidden broadcast message, a group and an epic) is made once, on first use, through the kit's
 * fixtures (in the ledger); what a row creates goes with them or is tracked itself.
 */
import { beforeAll, describe } from 'vitest';
import {
  casesOf,
  check,
  clauseTest,
  createGroup,
  createProject,
  createUser,
  fillAsync,
  gpgPublicKey,
  requireThat,
  session,
  sshPublicKey,
  type ApiResponse,
  type CreatedUser,
  type Lookup,
  type Session,
} from '../../src/kit/index.ts';
import { capabilityVerdict } from '../../src/kit/capabilities.ts';
import { ConformanceFailure } from '../../src/kit/checks.ts';
import type { LedgerKind } from '../../src/kit/ledger.ts';
import { KitError } from '../../src/shared/errors.ts';
import { OPERATIONS, operationKey } from '../../src/spec/operations/index.ts';
import { specPath } from '../../src/spec/paths.ts';
import { existingCluster, HIDDEN_REASON, newClusterToken } from '../clusters/fixtures.ts';
import { createEpic, epicsOrSkip } from '../epics/fixtures.ts';
import { variableKey } from '../variables/fixtures.ts';
import table from './query-string-writes.json' with { type: 'json' };

interface Row {
  operation: string;
  /** The clause that states the effect read back (the row cites conv.params.query_string). */
  effect: string;
  as: 'admin' | 'user';
  needs?: 'clusters' | 'epics';
  path: string;
  query: Record<string, string>;
  body?: Record<string, unknown>;
  /** 'response', or a GET path (with its query) that shows the effect. */
  read: string;
  expect: Record<string, string>;
  track?: { kind: LedgerKind; path?: string; query?: Record<string, string> };
}

const rows = casesOf<Row>(table);
const skipped: Record<string, string> = table.shared.skipped;

/** The table against the operation table: every write once, each query attribute a body field of its write. */
function checkTable(): void {
  const invalid = (why: string) => new KitError('CASE_TABLE_INVALID', `query-string-writes.json: ${why}`);
  const writes = OPERATIONS.filter((o) => o.method === 'POST' || o.method === 'PUT');
  for (const row of rows) {
    const op = writes.find((o) => operationKey(o) === row.operation);
    if (!op) throw invalid(`${row.operation} is not a write (POST or PUT) of the operation table`);
    const fields = Object.keys(op.body?.fields ?? {});
    const strays = Object.keys(row.query).filter((name) => !fields.includes(name));
    if (strays.length > 0) throw invalid(`${row.operation} takes no body attribute ${strays.join(', ')}`);
  }
  for (const op of writes) {
    const key = operationKey(op);
    const times = rows.filter((r) => r.operation === key).length + (key in skipped ? 1 : 0);
    if (times !== 1) throw invalid(`${key} is ${times === 0 ? 'neither sent nor listed as skipped' : 'listed more than once'}`);
  }
}
checkTable();

/** The success status the operation table gives each write. */
const successOf = new Map(OPERATIONS.map((o) => [operationKey(o), o.success.status]));

/**
 * The names of the file's fixtures, drawn in a hook (named after the file alone): a run names them
 * as the one before did, whichever row happens to make each first.
 */
let named: Record<'user' | 'project' | 'clusterProject' | 'cluster' | 'variable' | 'message' | 'group' | 'epic', string>;
beforeAll(() => {
  const s = session();
  const name = (label: string) => s.name(label).toLowerCase();
  named = {
    user: name('u'),
    project: name('p'),
    clusterProject: name('p'),
    cluster: name('cluster'),
    variable: variableKey(s, 'QUERY'),
    message: name('query'),
    group: name('g'),
    epic: name('epic'),
  };
});

/** Values made once for the file, on first use. */
const made = new Map<string, Promise<string | number>>();
let fileUser: Promise<CreatedUser> | undefined;

function userOf(s: Session): Promise<CreatedUser> {
  fileUser ??= createUser(s, { username: named.user });
  return fileUser;
}

function setUp(res: ApiResponse, what: string): void {
  requireThat(res.status === 201, `${what} (set-up) MUST succeed with 201.`, 201, `${res.status} ${res.text.slice(0, 200)}`);
}

const shared: Record<string, (s: Session, v: Lookup) => Promise<string | number>> = {
  user_id: async (s) => (await userOf(s)).id,
  project_id: async (s) => (await createProject(s, { path: named.project })).id,
  cluster_project_id: async (s) => (await createProject(s, { path: named.clusterProject })).id,
  cluster_id: async (s, v) => (await existingCluster(s, Number(await v('cluster_project_id')), { name: named.cluster })).res.json.id,
  variable: async (s, v) => {
    const key = named.variable;
    setUp(await s.admin.post(`/projects/${await v('project_id')}/variables`, { json: { key, value: 'before' } }), 'Adding a variable');
    return key;
  },
  message_id: async (s) => {
    const res = await s.admin.post('/broadcast_messages', {
      json: { message: named.message, target_path: s.hiddenTargetPath(), ...FUTURE },
    });
    s.track(res, 'broadcast_message');
    setUp(res, 'Adding a broadcast message');
    return res.json.id;
  },
  group_id: async (s) => (await createGroup(s, { path: named.group })).id,
  epic_iid: async (s, v) => (await createEpic(s, Number(await v('group_id')), { title: named.epic })).iid,
};

/** A window in the future: the kit's broadcast messages show to nobody. */
const FUTURE = { starts_at: '2099-01-01T10:00:00.000Z', ends_at: '2099-01-02T10:00:00.000Z' };

/** The placeholders of one row: fresh values made once in the row, the file's values made once in the file. */
function valuesFor(s: Session): Lookup {
  const fresh = new Map<string, Promise<string>>();
  const freshMakers: Record<string, () => Promise<string> | string> = {
    name: () => s.name('q').toLowerCase(),
    ssh_key: async () => (await sshPublicKey()).text,
    gpg_key: async () => (await gpgPublicKey({ email: (await userOf(s)).email })).armored,
    target_path: () => s.hiddenTargetPath(),
    cluster_token: () => newClusterToken(s),
    variable_key: () => variableKey(s, 'QUERY'),
    token_expires_at: () => s.target.tokenExpiresAt,
  };
  const v: Lookup = (name) => {
    const makeFresh = freshMakers[name];
    if (makeFresh) {
      if (!fresh.has(name)) fresh.set(name, Promise.resolve(makeFresh()));
      return fresh.get(name)!;
    }
    const make = shared[name];
    if (!make) throw new KitError('CASE_TABLE_INVALID', `query-string-writes.json: unknown placeholder {${name}}`);
    if (!made.has(name)) made.set(name, make(s, v));
    return made.get(name)!;
  };
  return v;
}

/** The same text, whatever the whitespace (an armored key's line endings). */
function same(actual: unknown, expected: string): boolean {
  return typeof actual === 'string' && actual.replace(/\s+/g, '') === expected.replace(/\s+/g, '');
}

/** The object that shows every expected value: the body itself, or one item of an array body. */
function showing(body: unknown, expected: Record<string, string>): boolean {
  const items = Array.isArray(body) ? body : [body];
  return items.some(
    (item) =>
      item !== null &&
      typeof item === 'object' &&
      Object.entries(expected).every(([k, x]) => same((item as Record<string, unknown>)[k], x)),
  );
}

/** What the read showed of the expected fields, for the failure (the first item of an array). */
function shown(body: unknown, expected: Record<string, string>): Record<string, unknown> | string {
  const item = Array.isArray(body) ? body[0] : body;
  if (item === null || typeof item !== 'object') return Array.isArray(body) ? '(an empty list)' : String(body);
  return Object.fromEntries(Object.keys(expected).map((k) => [k, k in item ? (item as Record<string, unknown>)[k] : '(absent)']));
}

async function client(s: Session, row: Row): Promise<CreatedUser['client']> {
  return row.as === 'admin' ? s.admin : (await userOf(s)).client;
}

/** Tracks what a faulty or healthy write created, when the row says it is not removed with a fixture. */
async function track(s: Session, row: Row, res: ApiResponse, values: Lookup): Promise<void> {
  if (!row.track || typeof res.json?.id !== 'number') return;
  const path = row.track.path && (await fillAsync(row.track.path, (name) => (name === 'id' ? res.json.id : values(name))));
  s.track(res, row.track.kind, path, row.track.query);
}

async function skipWithout(s: Session, row: Row, skip: (reason: string) => never): Promise<void> {
  // CONFORMANCE_SKIP, CONFORMANCE_REQUIRE and the probed capabilities, as they decide for the effect's clause.
  const verdict = capabilityVerdict(row.effect, s.target.capabilities, s.target.skip, s.target.require);
  if (verdict.action === 'skip') skip(verdict.reason);
  if (verdict.action === 'fail') throw new ConformanceFailure(verdict.reason);
  if (row.needs === 'epics') await epicsOrSkip(s, skip);
  if (row.needs === 'clusters' && s.target.capabilities.find((c) => c.id === 'clusters')?.probed === 'absent') skip(HIDDEN_REASON);
}

describe.concurrent('writes read an attribute sent in the query string', () => {
  for (const row of rows) {
    const [method, tablePath] = row.operation.split(' ') as [string, string];
    const write = `${method} ${specPath(tablePath)}`;
    const names = Object.keys(row.query).join(' and ');
    const rest = row.body ? 'the rest in a JSON body' : 'no body';
    const title = `${write} reads ${names} from the query string (${rest}), with the effect ${row.effect} states`;
    clauseTest('conv.params.query_string', title, async ({ s, skip }) => {
      await skipWithout(s, row, skip);
      const values = valuesFor(s);
      const { path, query, body, expect } = await fillAsync(
        { path: row.path, query: row.query, body: row.body, expect: row.expect },
        values,
      );
      const caller = await client(s, row);
      const res = await caller.request(method, path, body ? { query, json: body } : { query });
      await track(s, row, res, values);
      check.status(res, successOf.get(row.operation)!, `${write} with ${names} in the query string MUST succeed as with a body.`);
      let shows: unknown = res.json;
      if (row.read !== 'response') {
        const [readPath, readQuery] = (await fillAsync(row.read, (name) => (name === 'id' ? res.json?.id : values(name)))).split('?');
        const got = await caller.get(readPath!, readQuery ? { query: readQuery } : {});
        check.status(got, 200, `GET ${readPath} (reading back what ${write} changed) MUST answer 200.`);
        shows = got.json;
      }
      requireThat(
        showing(shows, expect),
        `Parameters travel as a query string or as a payload body: ${names} sent in the query string of ${write} MUST be read (${row.read === 'response' ? 'its response' : `GET ${row.read.split('?')[0]}`} shows ${names} as sent).`,
        expect,
        shown(shows, expect),
        Object.keys(expect),
      );
    });
  }
});
