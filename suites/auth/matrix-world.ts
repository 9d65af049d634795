/**
 * What the authorization matrix's requests name, made by the administrator on first use and shared
 * by the cells of the file: a regular user the /users/:id routes name (with its token, keys,
 * e-mail), a broadcast message shown to nobody, one private project (clusters, variables,
 * dependencies) with a guest, a developer and a maintainer member, one private group with an epic.
 * A DELETE cell gets a fresh item of its own for the parameter it deletes (the last of its path),
 * so a server that lets one caller delete leaves every other cell's item in place.
 *
 *   const world = matrixWorld();
 *   const { path, json } = await world.request(s, cell, 'DELETE /users/:id(int)/keys/:key_id(int)');
 *   await world.client(s, 'developer').get(path);
 */
import {
  ACCESS_LEVEL,
  PER_PAGE_MAX,
  addMember,
  createGroup,
  createImpersonationToken,
  createProject,
  createUser,
  fillAsync,
  gpgPublicKey,
  publicProject,
  session,
  sshPublicKey,
  type ApiResponse,
  type CreatedUser,
  type Lookup,
  type Session,
} from '../../src/kit/index.ts';
import type { Role } from '../../src/spec/authorization-matrix.ts';
import { OPERATIONS, operationKey } from '../../src/spec/operations/index.ts';
import type { Operation } from '../../src/spec/operation.ts';
import { placeholderPath } from '../../src/spec/path-parameters.ts';
import { KitError } from '../../src/shared/errors.ts';
import { addCluster } from '../clusters/fixtures.ts';
import { createEpic } from '../epics/fixtures.ts';

/** The operation's path with a `{placeholder}` per parameter (the path-parameter table's), and the name of its last one. */
export function templateOf(o: Operation): { path: string; last?: string } {
  return placeholderPath(o.path, (p) => {
    throw new KitError('CASE_TABLE_INVALID', `authorization matrix: no placeholder for the parameter ${p.name} of ${operationKey(o)}`);
  });
}

export function operationByKey(key: string): Operation {
  const o = OPERATIONS.find((op) => operationKey(op) === key);
  if (!o) throw new KitError('CASE_TABLE_INVALID', `authorization matrix: ${key} is no operation of the table`);
  return o;
}

function created(res: ApiResponse, what: string): Record<string, any> {
  const body = Array.isArray(res.json) ? res.json[0] : res.json;
  if (res.status !== 201) throw new Error(`fixture: ${what} answered ${res.status || res.error} ${res.text.slice(0, 200)}`);
  return (body ?? {}) as Record<string, any>;
}

/** The id of the item of a list (GET path, as the administrator) that `match` picks. */
async function idIn(s: Session, path: string, match: (item: Record<string, any>) => boolean): Promise<string> {
  const res = await s.admin.get(path, { query: { per_page: PER_PAGE_MAX } });
  const item = Array.isArray(res.json) ? (res.json as Record<string, any>[]).find(match) : undefined;
  if (!item) throw new Error(`fixture: GET ${path} does not list the item just added (${res.status})`);
  return String(item.id);
}

type Maker = (s: Session, v: (name: string) => Promise<string>) => Promise<string>;

/** Items: made once per file, or once more for a DELETE cell that deletes that parameter. */
const ITEMS: Record<string, Maker> = {
  user_id: async (s) => String((await createUser(s, {}, { token: false })).id),
  token_id: async (s, v) => String((await createImpersonationToken(s, Number(await v('user_id')), { name: s.name('guarded') })).id),
  message_id: async (s) => {
    const res = await s.admin.post('/broadcast_messages', {
      json: {
        message: s.name('matrix'),
        target_path: s.hiddenTargetPath(),
        starts_at: '2099-01-01T10:00:00.000Z',
        ends_at: '2099-01-02T10:00:00.000Z',
      },
    });
    s.track(res, 'broadcast_message');
    return String(created(res, 'POST /broadcast_messages').id);
  },
  key_id: async (s, v) => {
    const uid = await v('user_id');
    const title = s.name('key');
    created(await s.admin.post(`/users/${uid}/keys`, { json: { title, key: (await sshPublicKey()).text } }), `POST /users/${uid}/keys`);
    return idIn(s, `/users/${uid}/keys`, (k) => k.title === title);
  },
  gpg_key_id: async (s, v) => {
    const uid = await v('user_id');
    const key = await gpgPublicKey();
    created(await s.admin.post(`/users/${uid}/gpg_keys`, { json: { key: key.armored } }), `POST /users/${uid}/gpg_keys`);
    return idIn(
      s,
      `/users/${uid}/gpg_keys`,
      (k) => typeof k.key === 'string' && k.key.replace(/\s+/g, '') === key.armored.replace(/\s+/g, ''),
    );
  },
  email_id: async (s, v) => {
    const uid = await v('user_id');
    const email = `${s.name('mail').toLowerCase()}@example.com`;
    created(await s.admin.post(`/users/${uid}/emails`, { json: { email, skip_confirmation: true } }), `POST /users/${uid}/emails`);
    return idIn(s, `/users/${uid}/emails`, (e) => typeof e.email === 'string' && e.email.toLowerCase() === email);
  },
  project_id: async (s) => String((await createProject(s)).id),
  public_project_id: async (s) => String((await publicProject(s)).id),
  cluster_id: async (s, v) => {
    const pid = await v('project_id');
    // A project holds one cluster per environment scope: each of the world's clusters has its own.
    const added = await addCluster(s, Number(pid), { environment_scope: s.name('env') });
    return String(created(added.res, `POST /projects/${pid}/clusters/user`).id);
  },
  variable_key_id: async (s, v) => {
    const pid = await v('project_id');
    const key = freshKey(s);
    created(await s.admin.post(`/projects/${pid}/variables`, { json: { key, value: 'kit-value' } }), `POST /projects/${pid}/variables`);
    return key;
  },
  group_id: async (s) => String((await createGroup(s)).id),
  epic_iid: async (s, v) => String((await createEpic(s, Number(await v('group_id')))).iid),
};

const freshKey = (s: Session) =>
  s
    .name('VAR')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');

/** Values fresh for each request. */
const FRESH: Record<string, (s: Session) => Promise<string> | string> = {
  name: (s) => s.name('denied').toLowerCase(),
  target_path: (s) => s.hiddenTargetPath(),
  ssh_key: async () => (await sshPublicKey()).text,
  gpg_key: async () => (await gpgPublicKey()).armored,
  provider: () => 'ldapmain',
  variable_key: (s) => freshKey(s),
  cluster_token: (s) => {
    const token = `kit-cluster-token-${s.name('t')}`;
    s.secrets.add(token);
    return token;
  },
};

const ROLE_LEVEL: Record<Role, number> = {
  guest: ACCESS_LEVEL.guest,
  developer: ACCESS_LEVEL.developer,
  maintainer: ACCESS_LEVEL.maintainer,
};

export interface MatrixRequest {
  method: Operation['method'];
  path: string;
  json?: Record<string, unknown>;
  /** The values the path was filled with, by placeholder. */
  values: Lookup;
}

export interface MatrixWorld {
  /** The request of a cell on `key`: shared items, but a fresh one for what a DELETE deletes. */
  request(s: Session, key: string, options?: { publicProject?: boolean }): Promise<MatrixRequest>;
  /** A member of the world's project with that role (its client). */
  member(s: Session, role: Role): Promise<CreatedUser>;
}

/**
 * The promise, marked as handled: a fixture made ahead (a DELETE's fresh item, a shared one) that
 * fails is the failure of the cell awaiting it, not an error outside the tests when the cell
 * stopped first on another fixture (a target answering ids as strings fails every one).
 */
function handled<T>(made: Promise<T>): Promise<T> {
  made.catch(() => undefined);
  return made;
}

export function matrixWorld(): MatrixWorld {
  const made = new Map<string, Promise<string>>();
  const shared = (name: string): Promise<string> => {
    if (name in FRESH) return Promise.resolve(FRESH[name]!(session()));
    const make = ITEMS[name];
    if (!make) throw new KitError('CASE_TABLE_INVALID', `authorization matrix: unknown placeholder {${name}}`);
    if (!made.has(name)) made.set(name, handled(make(session(), shared)));
    return made.get(name)!;
  };
  const members = new Map<Role, Promise<CreatedUser>>();
  return {
    async request(s, key, options = {}) {
      const o = operationByKey(key);
      const { path, last } = templateOf(o);
      // A DELETE deletes its last parameter's item: a fresh one, its parents shared.
      const freshLast = o.method === 'DELETE' && last !== undefined && last in ITEMS ? handled(ITEMS[last]!(s, shared)) : undefined;
      const values: Lookup = (name) =>
        name === last && freshLast
          ? freshLast
          : name === 'project_id' && options.publicProject
            ? shared('public_project_id')
            : shared(name);
      const filled = await fillAsync({ path, body: o.sample }, values);
      return { method: o.method, path: filled.path, ...(filled.body ? { json: filled.body as Record<string, unknown> } : {}), values };
    },
    member(s, role) {
      if (!members.has(role)) {
        members.set(
          role,
          handled(
            (async () => {
              const pid = Number(await shared('project_id'));
              const user = await createUser(s);
              await addMember(s, 'projects', pid, user.id, ROLE_LEVEL[role]);
              return user;
            })(),
          ),
        );
      }
      return members.get(role)!;
    },
  };
}
