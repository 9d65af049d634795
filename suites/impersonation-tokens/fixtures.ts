/**
 * Impersonation-token helpers: a POST that registers the returned value as a secret (so no
 * report shows it) and enters the token in the ledger, whatever body encoding the test uses;
 * a date some days ahead of the server's today (read once at preflight); ids of a list.
 *
 *   const res = await postToken(s, user.id, { json: { name: 'ci', scopes: ['api'], expires_at: s.target.tokenExpiresAt } });
 *   const day = daysAhead(s, 20);   // '2025-07-04'
 */
import { addDays, type ApiResponse, type Session } from '../../src/kit/index.ts';

type Body = Parameters<Session['admin']['post']>[1];

export async function postToken(s: Session, userId: number, body: Body): Promise<ApiResponse> {
  const res = await s.admin.post(`/users/${userId}/impersonation_tokens`, body);
  if (typeof res.json?.token === 'string' && res.json.token !== '') s.secrets.add(res.json.token);
  s.track(res, 'impersonation_token', `/users/${userId}/impersonation_tokens/${res.json?.id}`);
  return res;
}

/** YYYY-MM-DD `days` after the server's today at preflight (keep it within the run's 30-day token margin and the platform's 365-day limit). */
export function daysAhead(s: Session, days: number): string {
  return addDays(s.target.serverDate, days);
}

export const idsOf = (res: ApiResponse): number[] => (Array.isArray(res.json) ? (res.json as { id: number }[]).map((t) => t.id) : []);
