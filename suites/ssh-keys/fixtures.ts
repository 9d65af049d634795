/**
 * SSH-key fixtures: a fresh real key per call (never registered before), added as the user
 * (POST /user/keys) or by the administrator (POST /users/:id/keys), and lookups that compare
 * keys by type and base64 body only, since servers rewrite the comment. The keys live under
 * fresh users (createUser): deleting the user at cleanup removes them.
 *
 *   const { res, key } = await addOwnKey(alice);
 *   const found = await findKey(s.admin, `/users/${alice.id}/keys`, key);  // the listed key object, or undefined
 */
import {
  PER_PAGE_MAX,
  sameSshKey,
  sshPublicKey,
  type ApiResponse,
  type CreatedUser,
  type Session,
  type SshKeyKind,
  type SshPublicKey,
} from '../../src/kit/index.ts';

type Client = CreatedUser['client'];

export async function addOwnKey(
  user: CreatedUser,
  attrs: Record<string, unknown> = {},
  kind: SshKeyKind = 'ed25519',
): Promise<{ res: ApiResponse; key: SshPublicKey }> {
  const key = await sshPublicKey(kind, `${user.username}@example.com`);
  const res = await user.client.post('/user/keys', { json: { title: `kit ${kind} key`, key: key.text, ...attrs } });
  return { res, key };
}

export async function addUserKey(
  s: Session,
  userId: number,
  attrs: Record<string, unknown> = {},
): Promise<{ res: ApiResponse; key: SshPublicKey }> {
  const key = await sshPublicKey('ed25519', 'admin-added@example.com');
  const res = await s.admin.post(`/users/${userId}/keys`, { json: { title: 'kit admin-added key', key: key.text, ...attrs } });
  return { res, key };
}

/** The item of a key list that is `key` (by type and body), or undefined; fails on a non-200 list. */
export async function findKey(client: Client, path: string, key: SshPublicKey): Promise<Record<string, any> | undefined> {
  const res = await client.get(path, { query: { per_page: PER_PAGE_MAX } });
  if (res.status !== 200 || !Array.isArray(res.json)) return undefined;
  return (res.json as Record<string, any>[]).find((k) => sameSshKey(k.key, key.text));
}

/** A date-time 30 days ahead in the YYYY-MM-DDTHH:MM:SSZ form the spec names. */
export function expiresIn30Days(): string {
  return new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
