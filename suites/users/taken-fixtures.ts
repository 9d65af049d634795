/**
 * Helpers of the taken-username and taken-e-mail suites (create-taken*.test.ts): a POST /users
 * body for a name under a test's tag, the users the administrator finds under the tag afterwards
 * (GET /users?search=<tag>), and the ledger: whatever a broken server made, answered 201 or not,
 * is tracked (hard_delete), so the target keeps nothing.
 *
 *   const tag = userTag(s, 'taken');
 *   const res = await postUser(s, newUserBody(tag, 'b', { username: a.username }));  // 409 expected
 *   const users = await usersUnder(s, tag);                                          // [a] expected
 */
import { PER_PAGE_MAX, check, requireThat, type ApiResponse, type Session } from '../../src/kit/index.ts';

/** What cleanup deletes users with (as the kit's createUser fixture): their groups too. */
const HARD_DELETE = { hard_delete: 'true' };

/** A valid POST /users body named `<tag>-<suffix>` (name, username, example.com address), with `attrs` over it. */
export function newUserBody(tag: string, suffix: string, attrs: Record<string, unknown> = {}): Record<string, unknown> {
  const username = `${tag}-${suffix}`;
  return {
    username,
    email: `${username}@example.com`,
    name: `Kit ${tag} ${suffix}`,
    force_random_password: true,
    skip_confirmation: true,
    ...attrs,
  };
}

/** Tracks the user a POST /users answer created (any 2xx with an id), for cleanup. */
export function trackCreated(s: Session, res: ApiResponse): void {
  s.track(res, 'user', undefined, HARD_DELETE);
}

/** POST /users by the administrator; a user it creates is tracked. */
export async function postUser(s: Session, body: Record<string, unknown>): Promise<ApiResponse> {
  const res = await s.admin.post('/users', { json: body });
  trackCreated(s, res);
  return res;
}

/**
 * The users under the tag (the administrator's GET /users?search=<tag>: the tag is in every name),
 * each as the admin list shows it. Those not in `known` are tracked (through their GET /users/:id),
 * so a user a broken server made without a 201 goes at cleanup too.
 */
export async function usersUnder(s: Session, tag: string, known: readonly number[]): Promise<Record<string, any>[]> {
  const res = await s.admin.get('/users', { query: { search: tag, per_page: PER_PAGE_MAX } });
  check.status(res, 200);
  requireThat(Array.isArray(res.json), 'GET /users MUST answer a JSON array.', 'an array', typeof res.json);
  const users = res.json as Record<string, any>[];
  for (const u of users) {
    if (known.includes(u.id)) continue;
    trackCreated(s, await s.admin.get(`/users/${u.id}`));
  }
  return users;
}
