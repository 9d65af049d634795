/**
 * Exact collections of a user's credentials for the pagination table: the SSH keys, GPG keys
 * and secondary e-mail addresses of a fresh user made for pagination alone (one user per
 * collection), filled by the administrator with fresh real keys and example.com addresses.
 *
 *   COLLECTIONS.push(...CREDENTIAL_COLLECTIONS);
 */
import { createUser, gpgPublicKey, sshPublicKey, type Session } from '../../src/kit/index.ts';
import type { Collection } from './collection.ts';

function ofFreshUser(
  name: string,
  list: (userId: number) => string,
  add: (s: Session, userId: number, i: number) => Promise<number>,
): Collection {
  let userId: number | undefined;
  let size = 0;
  return {
    name,
    path: () => list(userId!),
    async fill(s, n) {
      userId ??= (await createUser(s, {}, { token: false })).id;
      while (size < n) {
        const status = await add(s, userId, size + 1);
        if (status !== 201) throw new Error(`cannot fill ${name}: POST answered ${status}`);
        size += 1;
      }
      return size;
    },
  };
}

export const CREDENTIAL_COLLECTIONS: Collection[] = [
  ofFreshUser(
    'SSH keys of a fresh user',
    (id) => `/users/${id}/keys`,
    async (s, id, i) => {
      const key = await sshPublicKey('ed25519', `page-${i}@example.com`);
      return (await s.admin.post(`/users/${id}/keys`, { json: { title: `page-${i}`, key: key.text } })).status;
    },
  ),
  ofFreshUser(
    'GPG keys of a fresh user',
    (id) => `/users/${id}/gpg_keys`,
    async (s, id, i) => {
      const key = await gpgPublicKey({ name: `Page ${i}`, email: `page-${i}@example.com` });
      return (await s.admin.post(`/users/${id}/gpg_keys`, { json: { key: key.armored } })).status;
    },
  ),
  ofFreshUser(
    'e-mails of a fresh user',
    (id) => `/users/${id}/emails`,
    async (s, id, i) => {
      const email = `${s.name(`page-${i}`).toLowerCase()}@example.com`;
      return (await s.admin.post(`/users/${id}/emails`, { json: { email, skip_confirmation: true } })).status;
    },
  ),
];
