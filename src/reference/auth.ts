/**
 * Authentication, sudo, token scopes and the per-route auth need, enforced by one hook.
 * Tokens travel as the Private-Token header, private_token query, Authorization: Bearer, or
 * access_token query. A presented token must be valid even on public routes. Written as the
 * spec says; declared variations change it through the auth policy (variation/auth-policy.ts).
 *
 *   r.op('createBroadcastMessage', handler);                     // need from the operation table row: admin
 *   app.addHook('preHandler', syncHook(authenticate));          // enforced here (app.ts)
 *   callerOf(request).user                                       // in an authenticated handler
 */
import type { FastifyRequest } from 'fastify';
import { today } from './clock.ts';
import { ctxOf, type Caller, type RefContext } from './context.ts';
import type { TokenRecord, UserRecord } from './domain/records.ts';
import { findUserByIdOrUsername } from './domain/users.ts';
import { fail } from './errors.ts';
import type { AuthPolicy, TokenTransport } from './variation/auth-policy.ts';

export type { AuthNeed } from './variation/auth-policy.ts';
export type { Caller } from './context.ts';

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' && s !== '' ? s : undefined;
}

function queryString(request: FastifyRequest, name: string): string | undefined {
  const v = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function tokenBy(request: FastifyRequest, transport: TokenTransport): string | undefined {
  switch (transport) {
    case 'private-token-header':
      return header(request, 'private-token');
    case 'private-token-query':
      return queryString(request, 'private_token');
    case 'bearer':
      return /^Bearer\s+(\S+)\s*$/i.exec(header(request, 'authorization') ?? '')?.[1];
    case 'access-token-query':
      return queryString(request, 'access_token');
  }
}

/** The token as presented, by the first of the policy's transports that carries one; undefined when none. */
export function presentedToken(request: FastifyRequest): string | undefined {
  for (const transport of ctxOf(request).variations.auth.transports) {
    const token = tokenBy(request, transport);
    if (token !== undefined) return token;
  }
  return undefined;
}

function sudoValue(request: FastifyRequest): string | undefined {
  return header(request, 'sudo') ?? queryString(request, 'sudo');
}

export function tokenIsActive(token: TokenRecord, day: string): boolean {
  return !token.revoked && (token.expiresAt === null || token.expiresAt > day);
}

/** The scopes that would let a token make this request: api, plus read scopes on reads. */
export function acceptedScopes(method: string, url: string): string[] {
  const scopes = ['api'];
  if (method === 'GET' || method === 'HEAD') {
    scopes.push('read_api');
    if (/^\/api\/v4\/users?(?:[/_?]|$)/.test(url)) scopes.push('read_user');
  }
  return scopes;
}

/** How old a token's last_used_at must be before a use moves it. */
const LAST_USED_INTERVAL_MS = 10 * 60_000;

function recordActivity(ctx: RefContext, user: UserRecord, token: TokenRecord, day: string): void {
  const now = ctx.clock();
  if (user.lastActivityOn !== day && ctx.variations.auth.recordsActivity) {
    ctx.store.users.update(user.id, { lastActivityOn: day, lastActivityAt: now });
  }
  // As the platform: last_used_at moves when it is unset or at least ten minutes old, not on every request.
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USED_INTERVAL_MS) {
    ctx.store.tokens.update(token.id, { lastUsedAt: now });
  }
}

/** The user a sudo value names: digits by id, otherwise by username in any case. */
function sudoTarget(ctx: RefContext, policy: AuthPolicy, value: string): UserRecord | undefined {
  if (policy.sudoUsernameCase === 'sensitive' && !/^\d+$/.test(value)) {
    return ctx.store.usersByUsername.get(value.toLowerCase()).find((u) => u.username === value);
  }
  return findUserByIdOrUsername(ctx.store, value);
}

/** The shared preHandler hook (synchronous: no promise per request): resolves the caller and enforces the route's declared need. */
export function authenticate(request: FastifyRequest): void {
  const need = request.routeOptions.config.auth;
  if (!need) return;
  const ctx = ctxOf(request);
  const { store } = ctx;
  const policy = ctx.variations.auth;
  const presented = presentedToken(request);
  const sudo = policy.sudo ? sudoValue(request) : undefined;

  if (presented === undefined) {
    if (sudo !== undefined || need !== 'public') fail('unauthorized');
    request.caller = null;
    return;
  }

  const token = store.tokensByValue.get(presented)[0];
  // What the policy leaves unchecked is judged as if it were not so (a revoked token as live, an expired one as unexpiring).
  const judged = token && {
    ...token,
    revoked: policy.revocationChecked && token.revoked,
    expiresAt: policy.expiryChecked ? token.expiresAt : null,
  };
  const day = today(ctx.clock);
  if (!token || !judged || !tokenIsActive(judged, day)) fail('unauthorized');
  const owner = store.users.get(token.userId);
  if (!owner) fail('unauthorized');
  if (owner.state === 'blocked' || owner.state === 'ldap_blocked') {
    fail('forbidden', 'Your account has been blocked.');
  }
  if (owner.state === 'deactivated') {
    fail('forbidden', 'Your account has been deactivated by your administrator. Please log back in to reactivate your account.');
  }

  // Admin Mode: an administrator's token without the admin_mode scope acts as a regular user's (the platform's admin_mode bypass).
  const actsAsAdmin = owner.admin && (!policy.adminModeScope || token.scopes.includes('admin_mode'));
  let user = owner;
  if (sudo !== undefined) {
    const scopeMissing = !token.scopes.includes('sudo') && policy.sudoNeedsScope;
    if (scopeMissing && policy.sudoCheckOrder === 'scope-first') fail('insufficient_scope', ['sudo']);
    if (!actsAsAdmin) fail('forbidden', 'Must be admin to use sudo');
    if (scopeMissing) fail('insufficient_scope', ['sudo']);
    const target = sudoTarget(ctx, policy, sudo);
    if (target) user = target;
    else if (policy.unknownSudoUser === 'not-found') fail('not_found', `User with ID or username '${sudo}'`);
  } else {
    const accepted = acceptedScopes(request.method, request.url);
    if (!token.scopes.some((s) => accepted.includes(s))) fail('insufficient_scope', accepted);
  }

  recordActivity(ctx, user, token, day);
  const current = store.users.get(user.id) ?? user;
  // Without sudo, an administrator whose token Admin Mode does not let act as one is seen as a regular user everywhere.
  const seenAs = sudo === undefined && current.admin && !actsAsAdmin ? { ...current, admin: false } : current;
  request.caller = { user: seenAs, token, sudoFrom: sudo ? owner : null };
  if (need === 'admin' && !seenAs.admin && policy.adminOnlyEnforced) fail('forbidden');
}

/** The caller of a route declared 'authenticated' or 'admin'. */
export function callerOf(request: FastifyRequest): Caller {
  const caller = request.caller;
  if (!caller) fail('unauthorized');
  return caller;
}

/** The acting user, or null for an anonymous request on a public route. */
export function userOf(request: FastifyRequest): UserRecord | null {
  return request.caller?.user ?? null;
}
