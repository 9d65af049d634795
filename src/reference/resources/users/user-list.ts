/**
 * GET /users: filters for everyone (search, username, active, blocked), filters and ordering for
 * administrators only (ignored for others, as on the platform), id descending by default,
 * paginated; the unfiltered id order reads the store's id index, so deep pages cost as the first,
 * and each item's JSON is built once per version of the user's row (json-views.ts). Non-admins get
 * the public list view, administrators the admin view (with custom_attributes when
 * with_custom_attributes=true; the custom_attributes[key] filter is theirs too). An anonymous
 * caller reaches it only in the platform profile (platform.users-anonymous-403): 403 unless it
 * asks for a username.
 *
 *   GET /api/v4/users?username=ROOT                        -> 200 [{"id":1,"username":"root",...}]
 *   GET /api/v4/users?search=doe&order_by=name&sort=asc   (admin) -> Jane Doe, John Doe, ...
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { userOf } from '../../auth.ts';
import { fail } from '../../errors.ts';
import { ctxOf, envOf, type RefContext } from '../../context.ts';
import type { UserRecord } from '../../domain/records.ts';
import { paginate, TableOrder, type Ordered } from '../../pagination.ts';
import { createJsonArrays, createJsonViews, sendJsonText, type JsonViews } from '../../json-views.ts';
import { input, p, readParams, type Values } from '../../params.ts';
import type { UserListPolicy } from './user-list.policy.ts';
import { matchesCustomAttributes, readCustomAttributeFilter, withCustomAttributes } from './user-custom-attributes.ts';
import { userAdminView, userPublicView, userViewDepartures } from '../../views/user-views.ts';

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

/** Does the user have access to a project (the platform's project authorizations)? */
function hasProjects(ctx: RefContext, user: UserRecord): boolean {
  const { store } = ctx;
  return (
    store.members.find((m) => m.userId === user.id && m.sourceType === 'Project') !== undefined ||
    store.projects.find((p) => p.namespaceId === user.namespaceId) !== undefined
  );
}

function matchesSearch(u: UserRecord, search: string, policy: UserListPolicy): boolean {
  return policy.searchFields(u).some((f) => f.toLowerCase().includes(search));
}

function everyoneFilters(u: UserRecord, q: ListQuery, policy: UserListPolicy): boolean {
  if (q.username !== undefined && !policy.usernameMatches(u.username, q.username)) return false;
  if (q.search !== undefined && !matchesSearch(u, q.search.toLowerCase(), policy)) return false;
  if (q.active === true && !policy.countsAsActive(u)) return false;
  if (q.blocked === true && !policy.countsAsBlocked(u)) return false;
  return true;
}

function adminFilters(ctx: RefContext, u: UserRecord, q: ListQuery, policy: UserListPolicy): boolean {
  if (q.external === true && !policy.countsAsExternal(u)) return false;
  if (q.two_factor !== undefined && u.twoFactorEnabled !== policy.twoFactorAskedFor(q.two_factor)) return false;
  if (q.without_projects === true && policy.withoutProjectsApplies && hasProjects(ctx, u)) return false;
  if (q.extern_uid !== undefined || q.provider !== undefined) {
    if (!u.identities.some((i) => policy.identityMatches(i, q.extern_uid, q.provider))) return false;
  }
  if (policy.createdFiltersApply) {
    if (q.created_before && u.createdAt >= q.created_before) return false;
    if (q.created_after && u.createdAt <= q.created_after) return false;
  }
  return true;
}

/** The order asked for (admins only), else id descending. */
function orderOf(q: ListQuery, admin: boolean, policy: UserListPolicy): { orderBy: NonNullable<ListQuery['order_by']>; dir: 1 | -1 } {
  const orderBy = admin && policy.orderByApplies ? (q.order_by ?? 'id') : 'id';
  const sort = admin && policy.sortApplies && q.sort !== undefined ? q.sort : policy.defaultSortDirection;
  return { orderBy, dir: sort === 'asc' ? 1 : -1 };
}

/** True when no filter of the query can leave a user out (every user is listed). */
function unfiltered(q: ListQuery, admin: boolean): boolean {
  const everyone = q.username === undefined && q.search === undefined && q.active !== true && q.blocked !== true;
  if (!everyone || !admin) return everyone;
  return (
    q.external !== true &&
    q.two_factor === undefined &&
    q.without_projects !== true &&
    q.extern_uid === undefined &&
    q.provider === undefined &&
    !q.created_before &&
    !q.created_after
  );
}

function sortUsers(users: UserRecord[], q: ListQuery, admin: boolean, policy: UserListPolicy): UserRecord[] {
  const { orderBy, dir } = orderOf(q, admin, policy);
  const key = (u: UserRecord): string | number =>
    orderBy === 'name'
      ? u.name.toLowerCase()
      : orderBy === 'username'
        ? u.username.toLowerCase()
        : orderBy === 'created_at'
          ? u.createdAt.getTime()
          : orderBy === 'updated_at'
            ? u.updatedAt.getTime()
            : u.id;
  return users.sort((a, b) => {
    const ka = key(a),
      kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : a.id - b.id) * dir;
  });
}

/** A normal caller's list item (the public view; a faulty server leaks the e-mail). */
export function publicListItem(ctx: RefContext, user: UserRecord, env: ReturnType<typeof envOf>) {
  const view = userPublicView(user, env);
  return ctx.has('users.normal-views-show-email') ? { ...view, email: user.email } : view;
}

/**
 * The ordered list to paginate: with no filter in the id order, a view of the table's id index
 * (a page costs O(page), whatever the number of users); otherwise filtered and sorted.
 */
function orderedUsers(
  ctx: RefContext,
  q: ListQuery,
  admin: boolean,
  customAttributes: Record<string, string> | undefined,
): Ordered<UserRecord> {
  const { users } = ctx.store;
  const policy = ctx.variations.policies.userList;
  const { orderBy, dir } = orderOf(q, admin, policy);
  if (orderBy === 'id' && unfiltered(q, admin) && !(admin && customAttributes)) {
    return new TableOrder(users, dir === 1 ? 'asc' : 'desc');
  }
  const kept = users
    .all()
    .filter(
      (u) => everyoneFilters(u, q, policy) && (!admin || (adminFilters(ctx, u, q, policy) && matchesCustomAttributes(u, customAttributes))),
    );
  return sortUsers(kept, q, admin, policy);
}

/**
 * An anonymous caller, on a route a declaration made public: the spec's 401, or the platform's 403
 * unless a username is asked for (extern_uid with provider needs an administrator: 401).
 */
function refuseAnonymous(policy: UserListPolicy, q: ListQuery): void {
  if (policy.anonymous === 'unauthorized') fail('unauthorized');
  if (q.extern_uid !== undefined && q.provider !== undefined) fail('unauthorized');
  if (!q.username?.trim()) fail('forbidden', 'Not authorized to access /api/v4/users');
}

/** JSON of each user's list item and of recent pages, per server: rows never change in place (see json-views.ts). */
const listJson = new WeakMap<RefContext, { items: JsonViews<UserRecord>; arrays: (items: readonly string[]) => Buffer }>();

export function listUsers(request: FastifyRequest, reply: FastifyReply) {
  const ctx = ctxOf(request);
  const source = input(request);
  const q = readParams(source, LIST);
  const customAttributes = readCustomAttributeFilter(source);
  const caller = userOf(request);
  if (!caller) refuseAnonymous(ctx.variations.policies.userList, q);
  const admin = caller?.admin ?? false;
  const env = envOf(request);
  const page = paginate(request, reply, orderedUsers(ctx, q, admin, customAttributes));
  let cache = listJson.get(ctx);
  if (!cache) listJson.set(ctx, (cache = { items: createJsonViews<UserRecord>(), arrays: createJsonArrays() }));
  const { items: views, arrays } = cache;
  const withAttributes = admin && q.with_custom_attributes === true;
  const key = `${admin ? 'admin' : 'public'}${withAttributes ? '+attributes' : ''} ${env.base}`; // one string per request: its hash is computed once
  return sendJsonText(
    reply,
    arrays(
      page.map((u) => {
        if (!admin) return views.json(u, key, null, () => publicListItem(ctx, u, env));
        // The admin view shows the creator's public view: it depends on the creator's row too.
        const creator = u.createdById === null ? null : (ctx.store.users.get(u.createdById) ?? null);
        return views.json(u, key, creator, () => adminListItem(ctx, u, env, withAttributes));
      }),
    ),
  );
}

function adminListItem(ctx: RefContext, u: UserRecord, env: ReturnType<typeof envOf>, withAttributes: boolean) {
  const policy = ctx.variations.policies.userList;
  const plain = userAdminView(u, env, { signInIps: policy.adminItemShowsSignInIps, departures: userViewDepartures(ctx) });
  const view = withAttributes ? withCustomAttributes(plain, u) : plain;
  if (policy.adminItemShowsIsAdmin) return view;
  const { is_admin: _hidden, ...rest } = view;
  return rest;
}
