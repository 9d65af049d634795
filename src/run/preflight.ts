/**
 * Preflight: before any test, make sure the target answers and the administrator token is an
 * administrator's. Each problem is a KitError (exit code 2), not a conformance failure.
 *
 *   const admin = await preflight(client);  // { id, username }
 */
import type { ApiClient } from '../kit/client.ts';
import { KitError } from '../shared/errors.ts';

export async function preflight(admin: ApiClient): Promise<{ id: number; username: string }> {
  const res = await admin.get('/user');
  const where = admin.options.apiUrl;
  if (res.status === 0 || res.error) {
    throw new KitError(
      'TARGET_UNREACHABLE',
      `The target ${where} does not answer (${res.error}). Check CONFORMANCE_BASE_URL and that the server is running.`,
    );
  }
  if (res.status === 401) {
    throw new KitError(
      'ADMIN_TOKEN_REFUSED',
      `The target ${where} refuses the administrator token (GET /user answered 401). Check CONFORMANCE_ADMIN_TOKEN.`,
    );
  }
  // Lenient on purpose: a format fault (an id sent as a string, say) is for the suites to report.
  if (res.status !== 200 || res.json?.id === undefined || typeof res.json?.username !== 'string') {
    throw new KitError(
      'TARGET_UNREACHABLE',
      `The target ${where} does not look like an API v4 server: GET /user answered ${res.status}${res.text ? ` ${res.text.slice(0, 80)}` : ''}.`,
    );
  }
  if (res.json.is_admin !== true) {
    throw new KitError(
      'ADMIN_TOKEN_NOT_ADMIN',
      `The token given as CONFORMANCE_ADMIN_TOKEN belongs to "${res.json.username}", who is not an administrator of ${where}.`,
    );
  }
  return { id: Number(res.json.id), username: res.json.username };
}
