/**
 * Collections the pagination properties own alone and can bring to any size between runs: the
 * variables of a fresh private project (told apart by key) and the secondary e-mails of a fresh
 * user (example.com, confirmation skipped). Each is made on first use, grows by creating items and
 * shrinks by deleting the newest ones, so a property draws a size per run and pays only the
 * difference. Parallel files never touch them, so their counts are exact, but for one item a
 * collection may say the server may also list: the e-mail list may hold the user's primary address
 * (the spec is silent; the platform lists it), at most once.
 *
 *   const c = projectVariables();
 *   await c.resize(s, 7);                       // exactly 7 items now
 *   const res = await s.admin.get(c.path(), { query: { per_page: 3, page: 2 } });
 */
import { PER_PAGE_MAX, createUser, type Session } from '../../src/kit/index.ts';
import { isAddress } from '../emails/fixtures.ts';
import { variableKey, variablesProject } from '../variables/fixtures.ts';

export interface ResizableCollection {
  name: string;
  /** The list path under /api/v4 (after the first resize). */
  path(): string;
  /** How listed items are told apart. */
  key(item: Record<string, any>): string | number;
  /** Makes the collection hold exactly n items (of the kit's own). */
  resize(s: Session, n: number): Promise<void>;
  /** An item the server may list beside the kit's own, at most once (a user's primary e-mail); none by default. */
  mayAlsoList?(item: Record<string, any>): boolean;
}

function expectStatus(status: number, wanted: number, what: string): void {
  if (status !== wanted) throw new Error(`set-up: ${what} answered ${status}, expected ${wanted}`);
}

/** The variables of a fresh private project. */
export function projectVariables(): ResizableCollection {
  let projectId: number | undefined;
  let base = '';
  let made = 0;
  const keys: string[] = [];
  return {
    name: 'variables of a fresh project',
    path: () => `/projects/${projectId}/variables`,
    key: (v) => v.key,
    async resize(s, n) {
      projectId ??= (await variablesProject(s)).id as number;
      base ||= variableKey(s, 'pg');
      while (keys.length < n) {
        const key = `${base}_${++made}`;
        const res = await s.admin.post(`/projects/${projectId}/variables`, { json: { key, value: `v${made}` } });
        expectStatus(res.status, 201, `POST /projects/${projectId}/variables`);
        keys.push(key);
      }
      while (keys.length > n) {
        const key = keys.pop()!;
        expectStatus(
          (await s.admin.delete(`/projects/${projectId}/variables/${key}`)).status,
          204,
          `DELETE /projects/${projectId}/variables/${key}`,
        );
      }
    },
  };
}

/**
 * The secondary e-mail addresses of a fresh user; the list may also show the user's primary
 * address. The admin add-e-mail response body is not shown in the spec, so ids are read from the
 * list when an address is removed.
 */
export function userEmails(): ResizableCollection {
  let userId: number | undefined;
  let primary = '';
  let local = '';
  let made = 0;
  const addresses: string[] = [];
  return {
    name: 'e-mails of a fresh user',
    path: () => `/users/${userId}/emails`,
    key: (e) => e.id,
    mayAlsoList: (e) => primary !== '' && isAddress(e, primary),
    async resize(s, n) {
      if (userId === undefined) {
        const user = await createUser(s, {}, { token: false });
        userId = user.id;
        primary = user.email;
        local = user.username.toLowerCase();
      }
      while (addresses.length < n) {
        const email = `${local}.${++made}@example.com`;
        const res = await s.admin.post(`/users/${userId}/emails`, { json: { email, skip_confirmation: true } });
        expectStatus(res.status, 201, `POST /users/${userId}/emails`);
        addresses.push(email);
      }
      if (addresses.length <= n) return;
      const list = await s.admin.get(`/users/${userId}/emails`, { query: { per_page: PER_PAGE_MAX } });
      expectStatus(list.status, 200, `GET /users/${userId}/emails`);
      const idOf = new Map((list.json as { id: number; email: string }[]).map((e) => [e.email.toLowerCase(), e.id]));
      while (addresses.length > n) {
        const email = addresses.pop()!;
        const id = idOf.get(email);
        if (id === undefined) throw new Error(`set-up: ${email} is not in GET /users/${userId}/emails`);
        expectStatus((await s.admin.delete(`/users/${userId}/emails/${id}`)).status, 204, `DELETE /users/${userId}/emails/${id}`);
      }
    },
  };
}
