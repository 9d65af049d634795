/**
 * Users: GET /users (filters, id descending, paginated), GET /users/:id, POST /users,
 * DELETE /users/:id. Non-admins see the public list view and the normal single view;
 * administrators the admin views.
 *
 *   GET /api/v4/users?username=ROOT -> 200 [{"id":1,"username":"root",...}]
 */
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth.ts';
import { ctxOf, envOf } from '../context.ts';
import type { UserRecord } from '../domain/records.ts';
import { deleteUser, soleOwnedGroups } from '../domain/users.ts';
import { fail } from '../errors.ts';
import { paginate } from '../pagination.ts';
import { input, p, readParams, type Values } from '../params.ts';
import { checkUnmodifiedSince } from '../preconditions.ts';
import { created, noContent } from '../respond.ts';
import { intParam, type Router } from '../router.ts';
import { createUserFromRequest } from './user-create.ts';
import { userAdminView, userPublicView, userView } from './user-views.ts';

const LIST = {
  search: p.string(),
  username: p.string(),
  active: p.boolean(),
  blocked: p.boolean(),
  external: p.boolean(),
  order_by: p.oneOf(['id', 'name', 'username', 'created_at', 'updated_at'] as const),
  sort: p.oneOf(['asc', 'desc'] as const),
  two_factor: p.oneOf(['enabled', 'disabled'] as const),
  without_projects: p.boolean(),
  extern_uid: p.string(),
  provider: p.string(),
  created_before: p.datetime(),
  created_after: p.datetime(),
};

export function findUser(request: FastifyRequest, param = 'id'): UserRecord {
  const user = ctxOf(request).store.users.get(intParam(request, param));
  if (!user) fail('not_found', 'User');
  return user;
}

function filterUsers(all: UserRecord[], q: Values<typeof LIST>, admin: boolean, hasProjects: (u: UserRecord) => boolean): UserRecord[] {
  const search = q.search?.toLowerCase();
  const username = q.username?.toLowerCase();
  return all.filter((u) => {
    if (username !== undefined && u.username.toLowerCase() !== username) return false;
    if (search !== undefined && ![u.name, u.username, u.email].some((s) => s.toLowerCase().includes(search))) return false;
    if (q.active === true && u.state !== 'active') return false;
    if (q.blocked === true && u.state !== 'blocked' && u.state !== 'ldap_blocked') return false;
    if (!admin) return true;
    if (q.external === true && !u.external) return false;
    if (q.two_factor !== undefined && u.twoFactorEnabled !== (q.two_factor === 'enabled')) return false;
    if (q.without_projects === true && hasProjects(u)) return false;
    if (q.extern_uid !== undefined || q.provider !== undefined) {
      if (!u.identities.some((i) => i.externUid === q.extern_uid && i.provider === q.provider)) return false;
    }
    if (q.created_before && u.createdAt >= q.created_before) return false;
    if (q.created_after && u.createdAt <= q.created_after) return false;
    return true;
  });
}

function sortUsers(users: UserRecord[], q: Values<typeof LIST>, admin: boolean): UserRecord[] {
  const orderBy = admin ? (q.order_by ?? 'id') : 'id';
  const dir = admin && q.sort === 'asc' ? 1 : -1;
  const key = (u: UserRecord): string | number =>
    orderBy === 'name' ? u.name.toLowerCase()
      : orderBy === 'username' ? u.username.toLowerCase()
      : orderBy === 'created_at' ? u.createdAt.getTime()
      : orderBy === 'updated_at' ? u.updatedAt.getTime()
      : u.id;
  return users.sort((a, b) => {
    const ka = key(a), kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : a.id - b.id) * dir;
  });
}

export function registerUsers(r: Router): void {
  const { store } = r.ctx;

  r.get('/users', { auth: 'authenticated' }, (request, reply) => {
    const q = readParams(input(request), LIST);
    const admin = callerOf(request).user.admin;
    const hasProjects = (u: UserRecord) =>
      store.members.find((m) => m.userId === u.id && m.sourceType === 'Project') !== undefined;
    const users = sortUsers(filterUsers(store.users.all(), q, admin, hasProjects), q, admin);
    const env = envOf(request);
    return paginate(request, reply, users).map((u) => (admin ? userAdminView(u, env) : userPublicView(u, env)));
  });

  r.get('/users/:id(int)', { auth: 'authenticated' }, (request) => {
    const user = findUser(request);
    const env = envOf(request);
    return callerOf(request).user.admin ? userAdminView(user, env, { single: true }) : userView(user, env);
  });

  r.post('/users', { auth: 'admin' }, (request, reply) => {
    const user = createUserFromRequest(request);
    return created(request, reply, userAdminView(user, envOf(request), { single: true }));
  });

  r.delete('/users/:id(int)', { auth: 'admin' }, (request, reply) => {
    const q = readParams(input(request), { hard_delete: p.boolean() });
    const user = findUser(request);
    checkUnmodifiedSince(request, user.updatedAt);
    const hardDelete = q.hard_delete === true;
    if (!hardDelete && soleOwnedGroups(store, user.id).length > 0) {
      fail('conflict', 'User cannot be removed while is the sole-owner of a group');
    }
    const view = userAdminView(user, envOf(request), { single: true });
    deleteUser(store, user, { hardDelete });
    return noContent(request, reply, view);
  });
}
