/**
 * E-mail fixtures: fresh addresses under example.com (mail to them goes nowhere), added as the
 * user (POST /user/emails) or by the administrator (POST /users/:id/emails, with
 * skip_confirmation), and a lookup by address in a user's list, since the body of the admin add
 * is not shown in the spec. Addresses live under fresh users (createUser): deleting the user at
 * cleanup removes them. A user's list may also hold the user's primary address (the spec is
 * silent; the platform lists a confirmed user's primary, and the kit's users are confirmed): the
 * checks of a list's size count it when, and only when, the server lists it.
 *
 *   const { res, email } = await addOwnEmail(s, alice);
 *   const item = await findEmail(s, alice.id, email);  // { id, email } or undefined
 *   isAddress(item, alice.email);                      // the same address, in any case
 */
import type { ApiResponse, CreatedUser, Session } from '../../src/kit/index.ts';
import { PER_PAGE_MAX } from '../../src/kit/index.ts';

export function freshAddress(s: Session, label = 'mail'): string {
  return `${s.name(label).toLowerCase()}@example.com`;
}

export async function addOwnEmail(s: Session, user: CreatedUser, email = freshAddress(s)): Promise<{ res: ApiResponse; email: string }> {
  return { res: await user.client.post('/user/emails', { json: { email } }), email };
}

export async function addUserEmail(s: Session, userId: number, email = freshAddress(s)): Promise<{ res: ApiResponse; email: string }> {
  return { res: await s.admin.post(`/users/${userId}/emails`, { json: { email, skip_confirmation: true } }), email };
}

/** The item of GET /users/:id/emails whose address is `email` (case-insensitive), or undefined. */
export async function findEmail(s: Session, userId: number, email: string): Promise<Record<string, any> | undefined> {
  const res = await s.admin.get(`/users/${userId}/emails`, { query: { per_page: PER_PAGE_MAX } });
  if (res.status !== 200 || !Array.isArray(res.json)) return undefined;
  return (res.json as Record<string, any>[]).find((e) => isAddress(e, email));
}

/** The item is the address `email` (compared case-insensitively, as addresses are). */
export function isAddress(item: Record<string, any>, email: string): boolean {
  return typeof item.email === 'string' && item.email.toLowerCase() === email.toLowerCase();
}

/**
 * The items a user's e-mail list holds when it lists the `added` secondary addresses: those, plus
 * the user's primary address if (and only if) the list shows it (once: a repeat is not counted).
 */
export function expectedEmailCount(listed: readonly Record<string, any>[], added: number, primary: string): number {
  return added + (listed.some((e) => isAddress(e, primary)) ? 1 : 0);
}
