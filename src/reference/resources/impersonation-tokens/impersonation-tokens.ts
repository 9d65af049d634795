/**
 * Impersonation tokens of a user (administrators only): create (the value is shown once), list
 * with state all|active|inactive, show, revoke. A revoked token stays listed and answers 401.
 *
 *   POST /api/v4/users/2/impersonation_tokens {"name":"ci","scopes":["api"]}
 *   -> 201 (with the capability tokens.expiry-required: 400 {"message":{"expires_at":["can't be blank"]}})
 *   POST /api/v4/users/2/impersonation_tokens {"name":"ci"}
 *   -> 400 {"message":"scopes is missing"} (the platform profile: {"message":{"scopes":["can't be blank"]}})
 *   POST /api/v4/users/2/impersonation_tokens {"name":"ci","scopes":["api"],"expires_at":"2025-07-14"}
 *   -> 201 {"id":2,"name":"ci","active":true,"revoked":false,"impersonation":true,"token":"glpat-..."}
 */
import type { FastifyRequest } from 'fastify';
import { tokenIsActive } from '../../auth.ts';
import { addDays, today } from '../../clock.ts';
import { ctxOf, envOf, type RefContext, type ViewEnv } from '../../context.ts';
import type { TokenRecord } from '../../domain/records.ts';
import { newTokenValue } from '../../domain/tokens.ts';
import { fail, type FieldErrors } from '../../errors.ts';
import { paginate } from '../../pagination.ts';
import { input, p, readParams, type Values } from '../../params.ts';
import { created, noContent } from '../../respond.ts';
import { intParam, type Router } from '../../router.ts';
import { findUser } from '../../lookups.ts';

/** Scopes the platform knows; others are refused on creation. */
export const AVAILABLE_SCOPES = [
  'api',
  'read_api',
  'read_user',
  'read_repository',
  'write_repository',
  'read_registry',
  'write_registry',
  'sudo',
  'admin_mode',
] as const;
const MAX_LIFETIME_DAYS = 365;

const SCOPES = p.array(p.string(), { commaSeparated: true });
const CREATE = { name: p.string().required(), scopes: SCOPES.required(), expires_at: p.date() };
/** The platform: scopes an optional parameter, its absence a model error (platform.token-scopes-model-validation). */
const CREATE_SCOPES_OPTIONAL = { ...CREATE, scopes: SCOPES };

export function impersonationTokenView(t: TokenRecord, env: ViewEnv, faults?: Pick<RefContext, 'has'>) {
  const view = {
    id: t.id,
    name: t.name,
    revoked: t.revoked,
    created_at: env.fmt.datetime(t.createdAt),
    scopes: t.scopes,
    user_id: t.userId,
    last_used_at: env.fmt.datetimeOrNull(t.lastUsedAt),
    active: tokenIsActive(t, env.now.toISOString().slice(0, 10)),
    expires_at: t.expiresAt,
    impersonation: !faults?.has('tokens.impersonation-flag-dropped'),
  };
  return faults?.has('tokens.value-shown') ? { ...view, token: t.token } : view;
}

function findToken(request: FastifyRequest, userId: number): TokenRecord {
  const token = ctxOf(request).store.tokens.get(intParam(request, 'impersonation_token_id'));
  if (!token || token.userId !== userId || token.kind !== 'impersonation') {
    fail('not_found', 'Impersonation Token');
  }
  return token;
}

export function registerImpersonationTokens(r: Router): void {
  const { store } = r.ctx;

  r.op('listImpersonationTokens', (request, reply) => {
    const q = readParams(input(request), { state: p.oneOf(['all', 'active', 'inactive'] as const) });
    const user = findUser(request, 'user_id');
    const day = today(r.ctx.clock);
    const tokens = store.tokens.filter((t) => {
      if (t.userId !== user.id || t.kind !== 'impersonation') return false;
      if (r.ctx.has('tokens.state-filter-ignored')) return true;
      if (q.state === 'active') return tokenIsActive(t, day);
      if (q.state === 'inactive') return !tokenIsActive(t, day);
      return true;
    });
    const env = envOf(request);
    return paginate(request, reply, tokens).map((t) => impersonationTokenView(t, env, r.ctx));
  });

  r.op('getImpersonationToken', (request) => {
    const user = findUser(request, 'user_id');
    return impersonationTokenView(findToken(request, user.id), envOf(request), r.ctx);
  });

  r.op('createImpersonationToken', (request, reply) => {
    const optional = r.ctx.has('platform.token-scopes-model-validation');
    const q: Values<typeof CREATE_SCOPES_OPTIONAL> = readParams(input(request), optional ? CREATE_SCOPES_OPTIONAL : CREATE);
    const user = findUser(request, 'user_id');
    const day = today(r.ctx.clock);
    const errors: FieldErrors = {};
    if (q.name.trim() === '') errors.name = ["can't be blank"];
    if (q.scopes === undefined || q.scopes.length === 0) errors.scopes = ["can't be blank"];
    else if (!q.scopes.every((s) => (AVAILABLE_SCOPES as readonly string[]).includes(s))) {
      errors.scopes = ['can only contain available scopes'];
    }
    const latest = addDays(day, MAX_LIFETIME_DAYS);
    if (q.expires_at !== undefined && q.expires_at > latest) errors.expires_at = [`must be before ${latest}`];
    // The platform's default setting require_personal_access_token_expiry (a capability here: the spec says optional).
    if (q.expires_at === undefined && r.ctx.has('tokens.expiry-required')) errors.expires_at = ["can't be blank"];
    if (q.scopes === undefined || Object.keys(errors).length > 0) fail('validation_failed', errors);
    const token = store.tokens.insert({
      userId: user.id,
      token: newTokenValue(),
      name: q.name,
      scopes: [...new Set(q.scopes)],
      kind: 'impersonation',
      revoked: false,
      expiresAt: q.expires_at ?? null,
      createdAt: r.ctx.clock(),
      lastUsedAt: null,
    });
    return created(request, reply, { ...impersonationTokenView(token, envOf(request), r.ctx), token: token.token });
  });

  r.op('revokeImpersonationToken', (request, reply) => {
    const user = findUser(request, 'user_id');
    const found = findToken(request, user.id);
    // The fault: the token is looked up again among the user's live tokens; for one already revoked
    // the lookup misses (-1) and .at(-1) picks the user's newest live token instead.
    const live = store.tokens.filter((t) => t.userId === user.id && t.kind === 'impersonation' && !t.revoked);
    const token =
      found.revoked && r.ctx.has('tokens.revoke-again-hits-newest') ? (live.at(live.findIndex((t) => t.id === found.id)) ?? found) : found;
    // tokens.revoke-toggles: the revoke flips the flag, so a second one un-revokes.
    const flag = r.ctx.has('tokens.revoke-toggles') ? !token.revoked : true;
    const revoked = r.ctx.has('tokens.revoke-noop') ? token : (store.tokens.update(token.id, { revoked: flag }) ?? token);
    return noContent(request, reply, impersonationTokenView(revoked, envOf(request), r.ctx));
  });
}
