/**
 * A large collection made cheaply: `count` impersonation tokens of one user, `parallel` POSTs in
 * flight at once. The cheapest resource to create in bulk: one small POST each, no side effect on
 * anything else (no mail, no namespace, nothing global), and nothing to remove one by one (the
 * tokens go with their user, one DELETE; so they are not written to the ledger). Each token's value
 * is a secret from the moment it is read: it never appears in any output.
 *
 *   const user = await createUser(s, {}, { token: false });
 *   await addImpersonationTokens(s, user.id, 1_001, 4);   // GET /users/:id/impersonation_tokens: X-Total 1001
 */
import type { Session } from './session.ts';

export async function addImpersonationTokens(s: Session, userId: number, count: number, parallel: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = ++next;
      const res = await s.admin.post(`/users/${userId}/impersonation_tokens`, {
        json: { name: `bulk-${i}`, scopes: ['read_user'], expires_at: s.target.tokenExpiresAt },
      });
      if (typeof res.json?.token === 'string') s.secrets.add(res.json.token);
      if (res.status !== 201) throw new Error(`filling the collection: token ${i} answered ${res.status || res.error}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
}
