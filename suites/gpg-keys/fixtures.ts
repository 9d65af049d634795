/**
 * GPG-key fixtures: a fresh real armored public key per call, added as the user
 * (POST /user/gpg_keys) or by the administrator (POST /users/:id/gpg_keys), and the created key
 * read out of a create response, which the spec's example shows as an array of key objects (a
 * single object is accepted too). The keys live under fresh users (createUser).
 *
 *   const { res, key } = await addOwnGpgKey(alice);
 *   createdKey(res.json)?.id;     // the new key's id
 *   sameArmor(item.key, key.armored)
 */
import { gpgPublicKey, type ApiResponse, type CreatedUser, type GpgPublicKey, type Session } from '../../src/kit/index.ts';

export async function addOwnGpgKey(user: CreatedUser): Promise<{ res: ApiResponse; key: GpgPublicKey }> {
  const key = await gpgPublicKey({ name: user.name, email: user.email });
  return { res: await user.client.post('/user/gpg_keys', { json: { key: key.armored } }), key };
}

export async function addUserGpgKey(s: Session, user: { id: number; email: string }): Promise<{ res: ApiResponse; key: GpgPublicKey }> {
  const key = await gpgPublicKey({ name: 'Admin Added', email: user.email });
  return { res: await s.admin.post(`/users/${user.id}/gpg_keys`, { json: { key: key.armored } }), key };
}

/** The key object of a create response: the object itself, or the only / first item of an array. */
export function createdKey(body: unknown): Record<string, any> | undefined {
  const item = Array.isArray(body) ? body[0] : body;
  return item && typeof item === 'object' ? (item as Record<string, any>) : undefined;
}

/** The same armored block, whatever the line endings and trailing whitespace. */
export function sameArmor(a: unknown, b: string): boolean {
  return typeof a === 'string' && a.replace(/\s+/g, '') === b.replace(/\s+/g, '');
}
