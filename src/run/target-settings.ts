/**
 * Settings of a deployed target that stop a run, each named in one line (KitError TARGET_SETTING,
 * exit code 2) instead of a misleading message: Admin Mode (an administrator's token without the
 * admin_mode scope gets 403 on every admin-only call), password complexity rules, token-expiry
 * rules, and a time zone other than UTC (every datetime check would fail).
 *
 *   assertUtc(res.json.created_at, 'GET /user');          // throws on "2025-06-14T10:00:00.000+02:00"
 *   if (res.status === 403) throw adminModeError('POST /users answered 403');
 *   const why = passwordRefusal(res);                      // the 400's text when it is about the password
 */
import type { ApiResponse } from '../kit/client.ts';
import { TOKEN_LIFETIME_DAYS } from '../kit/token-expiry.ts';
import { KitError } from '../shared/errors.ts';

/** A datetime's offset when it is not UTC ('+02:00', '-0500'); undefined for Z, +00:00, or no datetime. */
export function nonUtcOffset(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return undefined;
  const offset = /([+-])(\d{2}):?(\d{2})$/.exec(value);
  if (!offset || (offset[2] === '00' && offset[3] === '00')) return undefined;
  return offset[0];
}

/** Throws when the datetime the target sent (`what`: where it came from) carries an offset other than UTC. */
export function assertUtc(value: unknown, what: string): void {
  const offset = nonUtcOffset(value);
  if (!offset) return;
  throw new KitError(
    'TARGET_SETTING',
    `The target's time zone is not UTC: ${what} sent created_at "${String(value)}" (offset ${offset}), and every datetime check of the kit expects UTC; set the instance's time zone to UTC (gitlab_rails['time_zone'] = 'UTC').`,
  );
}

/** Admin Mode: the token's user is an administrator, but admin-only calls answer 403 (`seen`: which). */
export function adminModeError(seen: string): KitError {
  return new KitError(
    'TARGET_SETTING',
    `Admin Mode is on: the token needs the admin_mode scope (GET /user says its user is an administrator, but ${seen}). Create CONFORMANCE_ADMIN_TOKEN with the scopes api, sudo and admin_mode, or turn Admin Mode off.`,
  );
}

const excerpt = (res: ApiResponse, redact: (text: string) => string) => redact(res.text.slice(0, 200));

/** The target's 400 to POST /users when it is about the password (complexity rules), else undefined. */
export function passwordRefusal(res: ApiResponse, redact: (text: string) => string): KitError | undefined {
  if (res.status !== 400 || !/password/i.test(res.text)) return undefined;
  return new KitError(
    'TARGET_SETTING',
    `The target's password rules refuse the run's user: POST /users answered 400 ${excerpt(res, redact)}. The kit's password has 24 characters with upper and lower case letters, digits and a symbol; relax the instance's password settings (minimum_password_length, password_*_required) to allow it.`,
  );
}

/** The target's 400 to the run's impersonation token when it is about expires_at (token-expiry settings), else undefined. */
export function tokenExpiryRefusal(res: ApiResponse, expiresAt: string, redact: (text: string) => string): KitError | undefined {
  if (res.status !== 400 || !/expires_at/.test(res.text)) return undefined;
  return new KitError(
    'TARGET_SETTING',
    `The target's token-expiry settings refuse the run's impersonation token with expires_at ${expiresAt} (${TOKEN_LIFETIME_DAYS} days after the server's date): POST /users/:id/impersonation_tokens answered 400 ${excerpt(res, redact)}. Check require_personal_access_token_expiry and max_personal_access_token_lifetime (the kit needs at least ${TOKEN_LIFETIME_DAYS} days).`,
  );
}
