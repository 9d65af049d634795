/**
 * Admin-only endpoints, table-driven (admin-only.json): each answers 403 to the run's regular
 * user (auth.admin_only.403) and 401 without credentials (auth.missing.401). What the paths name
 * (a user of the file's own, its token, keys, e-mail; a hidden broadcast message) is made by the
 * administrator on first use; whatever a faulty server creates for a refused caller is tracked.
 */
import { describe } from 'vitest';
import {
  check, clauseTest, createImpersonationToken, createUser, gpgPublicKey, sshPublicKey,
  type ApiResponse, type Session,
} from '../../src/kit/index.ts';
import type { LedgerKind } from '../../src/kit/ledger.ts';
import table from './admin-only.json' with { type: 'json' };

interface Row {
  method: string;
  path: string;
  body?: Record<string, unknown>;
  track?: { kind: LedgerKind; path?: string };
}
const rows = table.endpoints as Row[];

type Values = (name: string) => Promise<string>;

function created(res: ApiResponse, what: string): void {
  if (res.status !== 201) throw new Error(`fixture: ${what} answered ${res.status || res.error} ${res.text.slice(0, 200)}`);
}

/** The id of the item of a user's list (GET path) that `match` picks. */
async function idIn(s: Session, path: string, match: (item: Record<string, any>) => boolean): Promise<string> {
  const res = await s.admin.get(path, { query: { per_page: 100 } });
  const item = Array.isArray(res.json) ? (res.json as Record<string, any>[]).find(match) : undefined;
  if (!item) throw new Error(`fixture: GET ${path} does not list the item just added (${res.status})`);
  return String(item.id);
}

/** Values shared by every row of the file, made once by the administrator. */
const shared: Record<string, (s: Session, v: Values) => Promise<string>> = {
  user_id: async (s) => String((await createUser(s, {}, { token: false })).id),
  token_id: async (s, v) => String((await createImpersonationToken(s, Number(await v('user_id')))).id),
  message_id: async (s) => {
    const res = await s.admin.post('/broadcast_messages', {
      json: { message: s.name('admin-only'), target_path: s.hiddenTargetPath(), starts_at: '2099-01-01T10:00:00.000Z', ends_at: '2099-01-02T10:00:00.000Z' },
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
  hidden_path: (s) => s.hiddenTargetPath(),
  ssh_key: async () => (await sshPublicKey()).text,
  gpg_key: async () => (await gpgPublicKey()).armored,
};

const made = new Map<string, Promise<string>>();

function valuesFor(s: Session): Values {
  const local = new Map<string, Promise<string>>();
  const v: Values = (name) => {
    if (name in fresh) {
      if (!local.has(name)) local.set(name, Promise.resolve(fresh[name]!(s)));
      return local.get(name)!;
    }
    const make = shared[name];
    if (!make) throw new Error(`admin-only.json: unknown placeholder {${name}}`);
    if (!made.has(name)) made.set(name, make(s, v));
    return made.get(name)!;
  };
  return v;
}

async function fill(text: string, v: Values): Promise<string> {
  let out = text;
  for (const [whole, name] of text.matchAll(/\{(\w+)\}/g)) out = out.replace(whole, await v(name!));
  return out;
}

async function fillBody(value: unknown, v: Values): Promise<unknown> {
  if (typeof value === 'string') return fill(value, v);
  if (Array.isArray(value)) return Promise.all(value.map((x) => fillBody(x, v)));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(value)) out[k] = await fillBody(x, v);
    return out;
  }
  return value;
}

/** Sends the row's request as `who`; tracks what a faulty server created. */
async function send(s: Session, who: 'user' | 'anon', row: Row): Promise<ApiResponse> {
  const v = valuesFor(s);
  const path = await fill(row.path, v);
  const body = row.body ? await fillBody(row.body, v) : undefined;
  const res = await s[who].request(row.method, path, body ? { json: body } : {});
  if (row.track && res.status >= 200 && res.status < 300 && typeof res.json?.id === 'number') {
    const trackPath = row.track.path ? (await fill(row.track.path, v)).replace('{id}', String(res.json.id)) : undefined;
    s.track(res, row.track.kind, trackPath, row.track.kind === 'user' ? { hard_delete: 'true' } : undefined);
  }
  return res;
}

describe('admin-only endpoints', () => {
  for (const row of rows) {
    clauseTest('auth.admin_only.403', `${row.method} ${row.path} by a non-admin answers 403`, async ({ s }) => {
      const res = await send(s, 'user', row);
      check.status(res, 403, `${row.method} ${row.path} is admin-only: a non-admin MUST get 403.`);
    });
  }

  for (const row of rows) {
    clauseTest('auth.missing.401', `${row.method} ${row.path} without credentials answers 401`, async ({ s }) => {
      const res = await send(s, 'anon', row);
      check.status(res, 401, `${row.method} ${row.path} needs authentication: a request without credentials MUST get 401.`);
    });
  }
});
