/**
 * Impersonation-token helpers: a POST that registers the returned value as a secret (so no
 * report shows it) and enters the token in the ledger, whatever body encoding the test uses;
 * a date some days ahead of the server's clock; ids of a list.
 *
 *   const res = await postToken(s, user.id, { json: { name: 'ci', scopes: ['api'] } });
 *   const day = await daysAhead(s, 30);   // '2025-06-14'
 */
import { serverNow, type ApiResponse, type Session } from '../../src/kit/index.ts';

type Body = Parameters<Session['admin']['post']>[1];

export async function postToken(s: Session, userId: number, body: Body): Promise<ApiResponse> {
  const res = await s.admin.post(`/users/${userId}/impersonation_tokens`, body);
  if (typeof res.json?.token === 'string' && res.json.token !== '') s.secrets.add(res.json.token);
  s.track(res, 'impersonation_token', `/users/${userId}/impersonation_tokens/${res.json?.id}`);
  return res;
}

/** YYYY-MM-DD `days` after the server's today (well inside the platform's 365-day limit). */
export async function daysAhead(s: Session, days: number): Promise<string> {
  const now = serverNow(await s.admin.get('/user'));
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

export const idsOf = (res: ApiResponse): number[] => (Array.isArray(res.json) ? (res.json as { id: number }[]).map((t) => t.id) : []);
