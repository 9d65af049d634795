/**
 * Helpers of the user-account suites (list, views, filters, order, create, update, delete):
 * a tag unique to a test (put in names and usernames, then used as `search` so parallel files
 * never see each other's users), users made under it, the usernames a list returns, typed field
 * checks from src/kit/user-view-fields.json, a multipart body with a tiny PNG, and polling for effects a real
 * server applies in the background (project authorizations; deletions: src/kit/deletion.ts).
 *
 *   const tag = userTag(s, 'ext');
 *   const a = await tagged(s, tag, 'a', { external: true });
 *   const names = await usernamesOf(s.admin, { search: tag, external: true });
 */
import { randomBytes } from 'node:crypto';
import {
  PER_PAGE_MAX,
  check,
  createUser,
  ofKind,
  requireThat,
  USER_FIELD_GROUPS,
  type ApiResponse,
  type CreatedUser,
  type Session,
  type UserFieldGroup,
} from '../../src/kit/index.ts';

type Client = Session['admin'];
export type FieldGroup = UserFieldGroup;

/** The fields of each group and their allowed kinds (src/kit/user-view-fields.json). */
const fields = USER_FIELD_GROUPS;

/** A lower-case name unique to this test, under the run prefix. */
export function userTag(s: Session, label: string): string {
  return s.name(label).toLowerCase();
}

/**
 * A user whose username is `<tag>-<suffix>` and whose name contains the tag (so `search=<tag>`
 * finds it), with an example.com address, confirmation skipped, a random password, no token
 * unless asked.
 */
export function tagged(s: Session, tag: string, suffix: string, attrs: Record<string, unknown> = {}, token = false): Promise<CreatedUser> {
  const username = `${tag}-${suffix}`;
  return createUser(s, { username, name: `Kit ${tag} ${suffix}`, ...attrs }, { token });
}

/** A password strong enough for the platform's rules, registered as a secret. */
export function strongPassword(s: Session): string {
  const password = `Kit-${randomBytes(12).toString('base64url')}-9z`;
  s.secrets.add(password);
  return password;
}

/** GET /users with a query; returns the response and the usernames, in order. */
export async function listUsers(
  client: Client,
  query: Record<string, unknown> | string,
): Promise<{ res: ApiResponse; usernames: string[] }> {
  const res = await client.get('/users', { query: typeof query === 'string' ? query : { per_page: PER_PAGE_MAX, ...query } });
  check.status(res, 200);
  requireThat(Array.isArray(res.json), 'GET /users MUST answer a JSON array.', 'an array', typeof res.json);
  return { res, usernames: (res.json as { username: string }[]).map((u) => u.username) };
}

/** The admin view of one user (GET /users/:id by the administrator). */
export async function adminView(s: Session, id: number): Promise<Record<string, any>> {
  const res = await s.admin.get(`/users/${id}`);
  check.status(res, 200, `GET /users/${id} by an admin MUST answer 200.`);
  return res.json;
}

/** Every field of the group is present with one of its types (src/kit/user-view-fields.json); a failure names its field. */
export function requireFields(obj: Record<string, unknown>, group: FieldGroup, what: string): void {
  for (const [field, kinds] of Object.entries(fields[group])) {
    const about = [field];
    requireThat(Object.prototype.hasOwnProperty.call(obj, field), `${what} MUST have ${field}.`, field, Object.keys(obj).join(', '), about);
    const value = obj[field];
    requireThat(ofKind(value, kinds), `${what}: ${field} MUST be ${kinds.join(' or ')}.`, kinds.join(' or '), value, about);
  }
}

/** None of the fields of the group is present; a failure names its field. */
export function requireAbsent(obj: Record<string, unknown>, group: FieldGroup, what: string): void {
  for (const field of Object.keys(fields[group])) {
    requireThat(
      !Object.prototype.hasOwnProperty.call(obj, field),
      `${what} MUST NOT have ${field}.`,
      `no ${field}`,
      `${field}: ${JSON.stringify(obj[field])}`,
      [field],
    );
  }
}

/** A 1x1 PNG image. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body (RFC 7578) for the client's `body` and `contentType`. */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----conformance-kit-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = p.filename === undefined ? '' : `; filename="${p.filename}"`;
    const type = p.filename === undefined ? '' : `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Polls `observe` until `done` holds or the time is up, and returns the last observation. A real
 * server refreshes project authorizations in background jobs.
 */
export async function eventually<T>(observe: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let value = await observe();
  while (!done(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    value = await observe();
  }
  return value;
}

/** A nonexistent user id (far beyond any real sequence). */
export const MISSING_USER_ID = 999_999_999;
