/**
 * Shared fixtures for the suites: users, impersonation tokens, groups, projects and members,
 * created through the API with the administrator token, named under the run prefix, entered in
 * the ledger at once. A fixture that cannot be created throws a plain Error naming the call and
 * status, or the field a 2xx answer lacks (needed-field.ts): the test fails at its set-up, with the
 * exchange in the report.
 *
 *   const alice = await createUser(s);                       // { id, username, email, client }
 *   const g = await createGroup(s);                          // a subgroup of the run group: { id, full_path, ... }
 *   const p = await createProject(s, { namespace_id: g.id });
 *   await addMember(s, 'projects', p.id, alice.id, 40);      // maintainer
 */
import type { ApiClient, ApiResponse } from './client.ts';
import type { Session } from './session.ts';
import { firstMissingField, TOKEN_VALUE, type NeededField } from './needed-field.ts';
import { publicProfile } from './installation.ts';

export interface CreatedUser {
  id: number;
  username: string;
  email: string;
  name: string;
  /** An impersonation token of the user (scopes api, read_user). */
  token: string;
  /** A client acting as the user (with that token, Private-Token header). */
  client: ApiClient;
  /** The admin-view body of the creation. */
  body: Record<string, any>;
}

/** What every creation answer must give the kit: the new resource's id. */
const CREATED_ID: NeededField = { field: 'id', kind: 'integer' };

/** A created token: its id, and its value, which the spec shows once, in this answer. */
const CREATED_TOKEN: readonly NeededField[] = [CREATED_ID, TOKEN_VALUE];
/** A created group: its id, and its full_path (below the run group's: the tests name the group by it). */
const CREATED_GROUP: readonly NeededField[] = [CREATED_ID, { field: 'full_path', kind: 'string' }];

export const ACCESS_LEVEL = { guest: 10, reporter: 20, developer: 30, maintainer: 40, owner: 50 } as const;

/** The body of a creation answered 200/201 with the fields `needed` (by default the id); else the set-up error naming what is wrong. */
function expectCreated(res: ApiResponse, what: string, needed: readonly NeededField[] = [CREATED_ID]): Record<string, any> {
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`fixture: ${what} answered ${res.status || res.error} ${res.text.slice(0, 200)}`);
  }
  const lacks = firstMissingField(res, what, needed);
  if (lacks) throw new Error(`fixture: ${lacks}`);
  return res.json;
}

/**
 * A fresh regular user (example.com e-mail, confirmation skipped) with an impersonation token; with a
 * public profile stated where the installation makes profiles private by default
 * (user_defaults_to_private_profile), unless `attrs` says otherwise.
 */
export async function createUser(s: Session, attrs: Record<string, unknown> = {}, options: { token?: boolean } = {}): Promise<CreatedUser> {
  const username = (attrs.username as string | undefined) ?? s.name('u').toLowerCase();
  const email = (attrs.email as string | undefined) ?? `${username}@example.com`;
  const name = (attrs.name as string | undefined) ?? `Kit User ${username}`;
  const res = await s.admin.post('/users', {
    json: {
      username,
      email,
      name,
      force_random_password: true,
      skip_confirmation: true,
      ...publicProfile(s.target.installation),
      ...attrs,
    },
  });
  s.track(res, 'user', undefined, { hard_delete: 'true' });
  const body = expectCreated(res, 'POST /users');
  let token = '';
  if (options.token !== false) token = (await createImpersonationToken(s, body.id)).token;
  return { id: body.id, username: body.username ?? username, email, name, token, client: s.as({ token }), body };
}

/**
 * An impersonation token for a user, expiring on the run's tokenExpiresAt unless `attrs` says
 * otherwise (current platform installs refuse a token without expires_at); its value is
 * registered as a secret.
 */
export async function createImpersonationToken(
  s: Session,
  userId: number,
  attrs: Record<string, unknown> = {},
): Promise<{ id: number; token: string; body: Record<string, any> }> {
  const res = await s.admin.post(`/users/${userId}/impersonation_tokens`, {
    json: { name: s.name('token'), scopes: ['api', 'read_user'], expires_at: s.target.tokenExpiresAt, ...attrs },
  });
  if (typeof res.json?.token === 'string') s.secrets.add(res.json.token);
  s.track(res, 'impersonation_token', `/users/${userId}/impersonation_tokens/${res.json?.id}`);
  const body = expectCreated(res, `POST /users/${userId}/impersonation_tokens`, CREATED_TOKEN);
  return { id: body.id, token: body.token, body };
}

/**
 * A group, private unless told otherwise: a subgroup of the run group (s.target.runGroup), or of
 * the group `parent_id` names. Never top level: a current platform only marks a top-level group
 * for deletion, while a subgroup can be removed for good at cleanup. Its path and full_path are
 * what the server answers (below the run group's path): read them from the result.
 */
export async function createGroup(s: Session, attrs: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const path = (attrs.path as string | undefined) ?? s.name('g').toLowerCase();
  const json = { name: path, path, visibility: 'private', parent_id: s.target.runGroup.id, ...attrs };
  const res = await s.admin.post('/groups', { json });
  s.track(res, 'group');
  return expectCreated(res, 'POST /groups', CREATED_GROUP);
}

/**
 * A private top-level group created by `user` (who must be allowed to create groups), of which the
 * user is the sole owner: top level because the platform counts the owners of a group's ancestors
 * too. Ledgered to go with the user's hard deletion (the platform removes a hard-deleted user's
 * solely owned groups for good, where an administrator's DELETE of a top-level group only marks
 * it). The response as is: the caller judges it (a target may refuse the user).
 */
export async function createSoleOwnedGroup(s: Session, user: CreatedUser, path: string): Promise<ApiResponse> {
  const res = await user.client.post('/groups', { json: { name: path, path, visibility: 'private' } });
  s.track(res, 'group', undefined, undefined, { goesWith: `/users/${user.id}` });
  return res;
}

/** A project (in namespace_id when given), private unless told otherwise. */
export async function createProject(s: Session, attrs: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const path = (attrs.path as string | undefined) ?? s.name('p').toLowerCase();
  const res = await s.admin.post('/projects', { json: { name: path, path, visibility: 'private', ...attrs } });
  s.track(res, 'project');
  return expectCreated(res, 'POST /projects');
}

/** Adds a user to a project or group with an access level (10 guest .. 50 owner). */
export async function addMember(s: Session, kind: 'projects' | 'groups', id: number, userId: number, accessLevel: number): Promise<void> {
  const res = await s.admin.post(`/${kind}/${id}/members`, { json: { user_id: userId, access_level: accessLevel } });
  if (res.status !== 201)
    throw new Error(`fixture: POST /${kind}/${id}/members answered ${res.status || res.error} ${res.text.slice(0, 200)}`);
}

/** Far beyond any real id sequence, and below 2^31 (the largest id every integer parameter takes). */
const MISSING_ID_FLOOR = 999_999_999;
const INT32_MAX = 2 ** 31 - 1;
const missingIds = new WeakMap<Session, Promise<number>>();

/**
 * The id of a user that does not exist, for the "nonexistent user" clauses: far beyond the id
 * sequence (the highest user id listed plus a million, at least 999,999,999), checked to answer
 * 404 to GET /users/:id; found once per session. No user is made and deleted for it: a real
 * server removes deleted users in a background job, minutes after its 204.
 */
export function missingUserId(s: Session): Promise<number> {
  let found = missingIds.get(s);
  if (!found) {
    found = findMissingUserId(s);
    missingIds.set(s, found);
    found.catch(() => missingIds.delete(s));
  }
  return found;
}

async function findMissingUserId(s: Session): Promise<number> {
  const newest = await s.admin.get('/users', { query: { order_by: 'id', sort: 'desc', per_page: 1 } });
  const ids = Array.isArray(newest.json) ? (newest.json as { id?: unknown }[]).map((u) => Number(u.id)).filter(Number.isSafeInteger) : [];
  const highest = Math.max(0, ...ids);
  const id = Math.min(INT32_MAX, Math.max(MISSING_ID_FLOOR, highest + 1_000_000));
  const res = await s.admin.get(`/users/${id}`);
  if (res.status !== 404) {
    throw new Error(
      `fixture: GET /users/${id} (beyond the highest user id listed, ${highest}) answered ${res.status || res.error}, not 404`,
    );
  }
  return id;
}

/**
 * A public project to read without credentials. On a deployed server: one of its own public
 * projects (read only, nothing shown to anyone). When there is none (the bundled reference), one
 * is created, public and under the run prefix, and removed at cleanup.
 */
export async function publicProject(s: Session): Promise<Record<string, any>> {
  const res = await s.anon.get('/projects', { query: { visibility: 'public', order_by: 'id', sort: 'asc', per_page: 100 } });
  const own = (p: { path_with_namespace?: unknown }) => String(p.path_with_namespace ?? '').includes(s.target.runPrefix);
  const existing =
    res.status === 200 && Array.isArray(res.json)
      ? (res.json as Record<string, any>[]).find((p) => p.visibility !== 'private' && !own(p))
      : undefined;
  return existing ?? createProject(s, { visibility: 'public', description: 'Conformance kit run (removed at the end of the run)' });
}
