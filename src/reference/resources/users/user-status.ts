/**
 * User status: GET /user/status (the caller's), GET /users/:id_or_username/status (anyone's, no
 * token needed, as on the platform) and PUT /user/status. PUT replaces the whole status: an
 * omitted field is cleared; a status without emoji gets speech_balloon; emoji and message both
 * empty clear it. A user without a status reads as the object with nulls.
 *
 *   PUT /api/v4/user/status {"message":"on leave"}
 *   -> 200 {"emoji":"speech_balloon","message":"on leave","message_html":"on leave","availability":"not_set","clear_status_at":null}
 */
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../auth.ts';
import { ctxOf, envOf, type ViewEnv } from '../../context.ts';
import type { UserRecord, UserStatusRecord } from '../../domain/records.ts';
import { findUserByIdOrUsername } from '../../domain/users.ts';
import { fail, type FieldErrors } from '../../errors.ts';
import { input, p, readParams } from '../../params.ts';
import type { Router } from '../../router.ts';

export const DEFAULT_EMOJI = 'speech_balloon';
export const MAX_MESSAGE_LENGTH = 100;

const CLEAR_AFTER_HOURS = {
  '30_minutes': 0.5,
  '3_hours': 3,
  '8_hours': 8,
  '1_day': 24,
  '3_days': 72,
  '7_days': 168,
  '30_days': 720,
} as const;
type ClearAfter = keyof typeof CLEAR_AFTER_HOURS;

const PUT = {
  emoji: p.string(),
  message: p.string(),
  availability: p.oneOf(['not_set', 'busy'] as const),
  clear_status_after: p.oneOf(Object.keys(CLEAR_AFTER_HOURS) as ClearAfter[]),
};

/** An emoji name as the platform's index spells them (the reference does not carry the index). */
const EMOJI_NAME = /^[a-z0-9_+-]{1,64}$/;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The status in force (a status past its clear_status_at is gone). */
export function currentStatus(user: UserRecord, now: Date): UserStatusRecord | null {
  const status = user.status ?? null;
  if (status?.clearStatusAt && status.clearStatusAt <= now) return null;
  return status;
}

export function userStatusView(user: UserRecord, env: ViewEnv) {
  const status = currentStatus(user, env.now);
  if (!status) return { emoji: null, message: null, availability: null, message_html: null, clear_status_at: null };
  return {
    emoji: status.emoji,
    message: status.message,
    availability: status.availability,
    message_html: escapeHtml(status.message),
    clear_status_at: env.fmt.datetimeOrNull(status.clearStatusAt),
  };
}

function findAnyUser(request: FastifyRequest): UserRecord {
  const value = (request.params as Record<string, string>).id_or_username ?? '';
  const user = findUserByIdOrUsername(ctxOf(request).store, value);
  if (!user) fail('not_found', 'User');
  return user;
}

/** The status a PUT asks for: null when it clears the status. */
function statusFromPut(request: FastifyRequest, user: UserRecord): UserStatusRecord | null {
  const ctx = ctxOf(request);
  const q = readParams(input(request), PUT);
  const errors: FieldErrors = {};
  if (q.emoji && !EMOJI_NAME.test(q.emoji)) errors.emoji = ['is not included in the list'];
  if ((q.message ?? '').length > MAX_MESSAGE_LENGTH) {
    errors.message = [`is too long (maximum is ${MAX_MESSAGE_LENGTH} characters)`];
  }
  if (Object.keys(errors).length > 0) fail('validation_failed', errors);

  const old = currentStatus(user, ctx.clock());
  if (ctx.has('users.status-put-merges') && old) {
    // The bug: PATCH semantics on a PUT, omitted fields keep their old values.
    return { ...old, emoji: q.emoji || old.emoji, message: q.message ?? old.message };
  }
  const emoji = q.emoji ?? '';
  const message = q.message ?? '';
  const availability = q.availability ?? 'not_set';
  if (emoji === '' && message === '' && availability === 'not_set') {
    return ctx.has('users.status-clear-ignored') ? old : null;
  }
  const hours = q.clear_status_after ? CLEAR_AFTER_HOURS[q.clear_status_after] : undefined;
  return {
    emoji: emoji === '' ? DEFAULT_EMOJI : emoji,
    message,
    availability,
    clearStatusAt: hours === undefined ? null : new Date(ctx.clock().getTime() + hours * 3_600_000),
  };
}

export function registerUserStatus(r: Router): void {
  const { store } = r.ctx;

  r.op('getCurrentUserStatus', (request) => userStatusView(callerOf(request).user, envOf(request)));

  r.op('getUserStatus', (request) => userStatusView(findAnyUser(request), envOf(request)));

  r.op('setCurrentUserStatus', (request) => {
    const { user } = callerOf(request);
    const status = statusFromPut(request, user);
    const updated = store.users.update(user.id, { status }) ?? user;
    return userStatusView(updated, envOf(request));
  });
}
