/**
 * Admin-only operations, from the operation table (src/spec/operations/, auth 'admin'): each
 * answers 403 to the run's regular user (auth.admin_only.403) and 401 without credentials
 * (auth.missing.401), sent with the table's sample body where it takes one. What the paths name
 * (a user of the file's own, its token, keys, e-mail; a hidden broadcast message) is made by the
 * administrator on first use; whatever a faulty server creates for a refused caller is tracked
 * (admin-only.json).
 *
 * Its tests run in order (a plain describe, not describe.concurrent): the rows share the file's
 * fixtures, and the DELETE rows go last (on a server that wrongly lets a non-admin delete, rows
 * after them would meet a missing fixture).
 */
import { describe } from 'vitest';
import {
  PER_PAGE_MAX,
  check,
  clauseTest,
  createImpersonationToken,
  createUser,
  fillAsync,
  gpgPublicKey,
  sshPublicKey,
  type ApiResponse,
  type Lookup,
  type Session,
} from '../../src/kit/index.ts';
import type { LedgerKind } from '../../src/kit/ledger.ts';
import { KitError } from '../../src/shared/errors.ts';
import { OPERATIONS, operationKey } from '../../src/spec/operations/index.ts';
import { pathTemplate, specPath } from '../../src/spec/paths.ts';
import table from './admin-only.json' with { type: 'json' };

interface Track {
  operation: string;
  track: { kind: LedgerKind; path?: string };
}

interface Row {
  method: string;
  /** The path as the spec writes it, for titles. */
  title: string;
  /** The path with {placeholders} for its parameters. */
  path: string;
  body?: Record<string, unknown>;
  track?: Track['track'];
}

/** The placeholder of each path parameter, by the segment before it and its name. */
const PARAMETERS: Record<string, string> = {
  'users/id': 'user_id',
  'users/user_id': 'user_id',
  'users/id_or_username': 'user_id',
  'impersonation_tokens/impersonation_token_id': 'token_id',
  'keys/key_id': 'key_id',
  'gpg_keys/key_id': 'gpg_key_id',
  'emails/email_id': 'email_id',
  'broadcast_messages/id': 'message_id',
  'identities/provider': 'provider',
};

/** Deleting the file's user goes last: the other rows name it. */
const LAST = 'DELETE /users/:id(int)';

const tracks = new Map((table.cases as Track[]).map((c) => [c.operation, c.track]));
const adminOnly = OPERATIONS.filter((o) => o.auth === 'admin');
for (const key of tracks.keys()) {
  if (!adminOnly.some((o) => operationKey(o) === key))
    throw new KitError('CASE_TABLE_INVALID', `admin-only.json: ${key} is not an admin-only operation of the table`);
}
const rows: Row[] = adminOnly
  .map((o) => {
    const path = pathTemplate(o.path, (p) => {
      const name = PARAMETERS[`${p.resource}/${p.name}`];
      if (!name)
        throw new KitError('CASE_TABLE_INVALID', `admin-only.test.ts: no placeholder for the parameter ${p.name} of ${operationKey(o)}`);
      return name;
    });
    const key = operationKey(o);
    return { method: o.method, title: `${o.method} ${specPath(o.path)}`, path, body: o.sample, track: tracks.get(key), last: key === LAST };
  })
  .sort((a, b) => Number(a.last) - Number(b.last))
  .map(({ last: _last, ...row }) => row);

function created(res: ApiResponse, what: string): void {
  if (res.status !== 201) throw new Error(`fixture: ${what} answered ${res.status || res.error} ${res.text.slice(0, 200)}`);
}

/** The id of the item of a user's list (GET path) that `match` picks. */
async function idIn(s: Session, path: string, match: (item: Record<string, any>) => boolean): Promise<string> {
  const res = await s.admin.get(path, { query: { per_page: PER_PAGE_MAX } });
  const item = Array.isArray(res.json) ? (res.json as Record<string, any>[]).find(match) : undefined;
  if (!item) throw new Error(`fixture: GET ${path} does not list the item just added (${res.status})`);
  return String(item.id);
}

/** Values shared by every row of the file, made once by the administrator. */
const shared: Record<string, (s: Session, v: Lookup) => Promise<string>> = {
  user_id: async (s) => String((await createUser(s, {}, { token: false })).id),
  token_id: async (s, v) => String((await createImpersonationToken(s, Number(await v('user_id')))).id),
  message_id: async (s) => {
    const res = await s.admin.post('/broadcast_messages', {
      json: {
        message: s.name('admin-only'),
        target_path: s.hiddenTargetPath(),
        starts_at: '2099-01-01T10:00:00.000Z',
        ends_at: '2099-01-02T10:00:00.000Z',
      },
    });
    s.track(res, 'broadcast_message');
    created(res, 'POST /broadcast_messages');
    return String(res.json.id);
  },
  key_id: async (s, v) => {
    const title = s.name('key');
    const uid = await v('user_id');
    created(await s.admin.post(`/users/${uid}/keys`, { json: { title, key: (await sshPublicKey()).text } }), `POST /users/${uid}/keys`);
    return idIn(s, `/users/${uid}/keys`, (k) => k.title === title);
  },
  gpg_key_id: async (s, v) => {
    const uid = await v('user_id');
    created(await s.admin.post(`/users/${uid}/gpg_keys`, { json: { key: (await gpgPublicKey()).armored } }), `POST /users/${uid}/gpg_keys`);
    return idIn(s, `/users/${uid}/gpg_keys`, () => true);
  },
  email_id: async (s, v) => {
    const uid = await v('user_id');
    const email = `${s.name('mail').toLowerCase()}@example.com`;
    created(await s.admin.post(`/users/${uid}/emails`, { json: { email, skip_confirmation: true } }), `POST /users/${uid}/emails`);
    return idIn(s, `/users/${uid}/emails`, (e) => e.email === email);
  },
};

/** Values fresh for each row (the same within one row). */
const fresh: Record<string, (s: Session) => Promise<string> | string> = {
  name: (s) => s.name('denied').toLowerCase(),
  target_path: (s) => s.hiddenTargetPath(),
  ssh_key: async () => (await sshPublicKey()).text,
  gpg_key: async () => (await gpgPublicKey()).armored,
  provider: () => 'ldapmain',
};

const made = new Map<string, Promise<string>>();

function valuesFor(s: Session): Lookup {
  const v = (name: string): Promise<string> => {
    if (name in fresh) return Promise.resolve(fresh[name]!(s));
    const make = shared[name];
    if (!make) throw new KitError('CASE_TABLE_INVALID', `admin-only: unknown placeholder {${name}}`);
    if (!made.has(name)) made.set(name, make(s, v));
    return made.get(name)!;
  };
  return v;
}

/** Sends the row's request as `who`; tracks what a faulty server created. */
async function send(s: Session, who: 'user' | 'anon', row: Row): Promise<ApiResponse> {
  const values = valuesFor(s);
  const { path, body } = await fillAsync({ path: row.path, body: row.body }, values);
  const res = await s[who].request(row.method, path, body ? { json: body } : {});
  const { track } = row;
  if (track && res.status >= 200 && res.status < 300 && typeof res.json?.id === 'number') {
    const trackPath =
      track.path === undefined ? undefined : await fillAsync(track.path, (name) => (name === 'id' ? res.json.id : values(name)));
    s.track(res, track.kind, trackPath, track.kind === 'user' ? { hard_delete: 'true' } : undefined);
  }
  return res;
}

describe('admin-only endpoints', () => {
  for (const row of rows) {
    clauseTest('auth.admin_only.403', `${row.title} by a non-admin answers 403`, async ({ s }) => {
      const res = await send(s, 'user', row);
      check.status(res, 403, `${row.title} is admin-only: a non-admin MUST get 403.`);
    });
  }

  for (const row of rows) {
    clauseTest('auth.missing.401', `${row.title} without credentials answers 401`, async ({ s }) => {
      const res = await send(s, 'anon', row);
      check.status(res, 401, `${row.title} needs authentication: a request without credentials MUST get 401.`);
    });
  }
});
