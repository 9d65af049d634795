/**
 * The expiry date every impersonation token the kit creates carries. Current platform installs
 * require one (the setting require_personal_access_token_expiry, on by default: a token without
 * it is refused with 400 {"message":{"expires_at":["can't be blank"]}}), so the kit always sends
 * the server's today (its Date header, read once at preflight; the kit's clock when absent) plus
 * a margin that outlasts any run and stays well inside the platform's 365-day maximum.
 *
 *   const today = serverDate(await admin.get('/user'));   // '2025-06-14'
 *   tokenExpiresAt(today);                                 // '2025-07-14'
 */
import type { ApiResponse } from './client.ts';
import { addDays } from './generators/dates.ts';
import { serverNow } from './http-helpers.ts';

/** Days between the server's today and the expiry of the kit's tokens. */
export const TOKEN_LIFETIME_DAYS = 30;

/** The server's today (YYYY-MM-DD, UTC) from a response's Date header, or the kit's clock without one. */
export function serverDate(res: ApiResponse): string {
  return serverNow(res).toISOString().slice(0, 10);
}

/** The expires_at (YYYY-MM-DD) of the kit's tokens: TOKEN_LIFETIME_DAYS after the server's today. */
export function tokenExpiresAt(today: string): string {
  return addDays(today, TOKEN_LIFETIME_DAYS);
}
