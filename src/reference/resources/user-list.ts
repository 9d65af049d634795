/**
 * GET /users: filters for everyone (search, username, active, blocked), filters and ordering for
 * administrators only (ignored for others, as on the platform), id descending by default,
 * paginated. Non-admins get the public list view, administrators the admin view (with
 * custom_attributes when with_custom_attributes=true; the custom_attributes[key] filter is theirs too).
 *
 *   GET /api/v4/users?username=ROOT                        -> 200 [{"id":1,"username":"root",...}]
 *   GET /api/v4/users?search=doe&order_by=name&sort=asc   (admin) -> Jane Doe, John Doe, ...
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../auth.ts';
import { ctxOf, envOf, type RefContext } from '../context.ts';
import type { UserRecord } from '../domain/records.ts';
import { paginate } from '../pagination.ts';
import { input, p, readParams, type Values } from '../params.ts';
import { matchesCustomAttributes, readCustomAttributeFilter, withCustomAttributes } from './user-custom-attributes.ts';
import { userAdminView, userPublicView } from './user-views.ts';

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
  with_custom_attributes: p.boolean(),
};

type ListQuery = Values<typeof LIST>;
type Has = RefContext['has'];

/** Does the user have access to a project (the platform's project authorizations)? */
function hasProjects(ctx: RefContext, user: UserRecord): boolean {
  const { store } = ctx;
  return store.members.find((m) => m.userId === user.id && m.sourceType === 'Project') !== undefined ||
    store.projects.find((p) => p.namespaceId === user.namespaceId) !== undefined;
}

function matchesSearch(u: UserRecord, search: string, has: Has): boolean {
  const fields = has('users.search-ignores-email') ? [u.name, u.username] : [u.name, u.username, u.email];
  return fields.some((f) => f.toLowerCase().includes(search));
}

function everyoneFilters(u: UserRecord, q: ListQuery, has: Has): boolean {
  if (q.username !== undefined) {
    const same = has('users.username-case-sensitive')
      ? u.username === q.username
      : u.username.toLowerCase() === q.username.toLowerCase();
    if (!same) return false;
  }
  if (q.search !== undefined && !matchesSearch(u, q.search.toLowerCase(), has)) return false;
  if (q.active === true && u.state !== 'active' && !has('users.active-filter-keeps-blocked')) return false;
  if (q.blocked === true && u.state !== 'blocked' && u.state !== 'ldap_blocked' && !has('users.blocked-filter-ignored')) {
    return false;
  }
  return true;
}

function adminFilters(ctx: RefContext, u: UserRecord, q: ListQuery): boolean {
  const { has } = ctx;
  if (q.external === true && !u.external && !has('users.external-filter-ignored')) return false;
  if (q.two_factor !== undefined) {
    const wanted = (q.two_factor === 'enabled') !== has('users.two-factor-filter-inverted');
    if (u.twoFactorEnabled !== wanted) return false;
  }
  if (q.without_projects === true && !has('users.without-projects-ignored') && hasProjects(ctx, u)) return false;
  if (q.extern_uid !== undefined || q.provider !== undefined) {
    const ignoreProvider = has('users.extern-uid-ignores-provider');
    const found = u.identities.some(
      (i) => i.externUid === q.extern_uid && (ignoreProvider || i.provider === q.provider),
    );
    if (!found) return false;
  }
  if (!has('users.created-filters-ignored')) {
    if (q.created_before && u.createdAt >= q.created_before) return false;
    if (q.created_after && u.createdAt <= q.created_after) return false;
  }
  return true;
}

function sortUsers(users: UserRecord[], q: ListQuery, admin: boolean, has: Has): UserRecord[] {
  const orderBy = admin && !has('users.order-by-ignored') ? (q.order_by ?? 'id') : 'id';
  const defaultDir = has('users.default-order-asc') ? 1 : -1;
  const dir = admin && q.sort !== undefined && !has('users.sort-ignored') ? (q.sort === 'asc' ? 1 : -1) : defaultDir;
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

/** A normal caller's list item (the public view; a faulty server leaks the e-mail). */
export function publicListItem(ctx: RefContext, user: UserRecord, env: ReturnType<typeof envOf>) {
  const view = userPublicView(user, env);
  return ctx.has('users.normal-views-show-email') ? { ...view, email: user.email } : view;
}

export function listUsers(request: FastifyRequest, reply: FastifyReply) {
  const ctx = ctxOf(request);
  const source = input(request);
  const q = readParams(source, LIST);
  const customAttributes = readCustomAttributeFilter(source);
  const admin = callerOf(request).user.admin;
  const users = ctx.store.users.all().filter(
    (u) => everyoneFilters(u, q, ctx.has) && (!admin || (adminFilters(ctx, u, q) && matchesCustomAttributes(u, customAttributes))),
  );
  const env = envOf(request);
  return paginate(request, reply, sortUsers(users, q, admin, ctx.has)).map((u) => {
    if (!admin) return publicListItem(ctx, u, env);
    const plain = userAdminView(u, env);
    const view = q.with_custom_attributes ? withCustomAttributes(plain, u) : plain;
    if (!ctx.has('users.admin-list-hides-is-admin')) return view;
    const { is_admin: _hidden, ...rest } = view;
    return rest;
  });
}
