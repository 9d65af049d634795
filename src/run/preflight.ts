/**
 * Preflight: before any test, make sure the target answers, the administrator token is an
 * administrator's and its admin-only calls work (not refused by Admin Mode), and the target sends
 * its datetimes in UTC; read the server's date (its Date header) once for the whole run, and the
 * installation settings the suites must know (GET /application/settings: Admin Mode,
 * user_defaults_to_private_profile; the spec's defaults where the target does not answer it,
 * kit/installation.ts). Each problem is a KitError (exit code 2) in one line, not a conformance
 * failure; a GET /user without the id or username the run reads names the field (ANSWER_INCOMPLETE,
 * needed-field.ts).
 *
 *   const { admin, serverDate, installation } = await preflight(client);  // { id, username }, '2025-06-14', { adminMode: false, ... }
 */
import type { ApiClient } from '../kit/client.ts';
import { serverDate } from '../kit/token-expiry.ts';
import { KitError } from '../shared/errors.ts';
import { firstMissingField, type NeededField } from '../kit/needed-field.ts';
import { installationFrom, type InstallationSettings } from '../kit/installation.ts';
import { adminModeError, assertUtc } from './target-settings.ts';

/** What the run reads from GET /user: the administrator's id (the admin-only probe names it) and username. */
const CURRENT_USER: readonly NeededField[] = [
  { field: 'id', kind: 'id', what: "the token's user's id" },
  { field: 'username', kind: 'string' },
];

export interface PreflightResult {
  admin: { id: number; username: string };
  /** The server's today (YYYY-MM-DD) from the Date header of GET /user. */
  serverDate: string;
  /** Installation settings that change conforming answers (GET /application/settings, else the spec's defaults). */
  installation: InstallationSettings;
}

/** `timeZone: false` (cleanup: it only deletes) skips the UTC check, which only matters to a run's datetime checks. */
export async function preflight(admin: ApiClient, options: { timeZone?: boolean } = {}): Promise<PreflightResult> {
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
  // A 200 that is no JSON object (a web page, a proxy's answer) is not the API; one without the fields is an incomplete answer of it.
  if (res.status !== 200 || typeof res.json !== 'object' || res.json === null || Array.isArray(res.json)) {
    throw new KitError(
      'TARGET_UNREACHABLE',
      `The target ${where} does not look like an API v4 server: GET /user answered ${res.status}${res.text ? ` ${res.text.slice(0, 80)}` : ''}.`,
    );
  }
  // Lenient on purpose: a format fault (an id sent as a string, say) is for the suites to report.
  const lacks = firstMissingField(res, 'GET /user', CURRENT_USER);
  if (lacks) throw new KitError('ANSWER_INCOMPLETE', `The target ${where} cannot be certified: ${lacks}`);
  if (res.json.is_admin !== true) {
    // Without Admin Mode's scope, an administrator's GET /user may come as a regular user's view (no is_admin at all).
    const hint =
      res.json.is_admin === undefined
        ? ' (GET /user shows no is_admin: if the user is an administrator, Admin Mode may be on and the token lack the admin_mode scope)'
        : '';
    throw new KitError(
      'ADMIN_TOKEN_NOT_ADMIN',
      `The token given as CONFORMANCE_ADMIN_TOKEN belongs to "${res.json.username}", who is not an administrator of ${where}${hint}.`,
    );
  }
  if (options.timeZone !== false) assertUtc(res.json.created_at, 'GET /user');
  const id = Number(res.json.id);
  // A read that only an administrator may make: Admin Mode refuses it (403) to a token without the admin_mode scope.
  const probe = await admin.get(`/users/${id}/impersonation_tokens`, { query: { per_page: 1 } });
  if (probe.status === 403) throw adminModeError(`the admin-only GET /users/${id}/impersonation_tokens answered 403`);
  // Read once the token is known to be an administrator's: a target that does not answer it is judged by the spec's defaults.
  const installation = installationFrom(await admin.get('/application/settings'));
  return { admin: { id, username: res.json.username }, serverDate: serverDate(res), installation };
}
