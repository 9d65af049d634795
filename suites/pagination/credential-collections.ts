/**
 * Exact collections of a user's credentials for the pagination table: the SSH keys, GPG keys
 * and secondary e-mail addresses of a fresh user made for pagination alone (one user per
 * collection), filled by the administrator with fresh real keys and example.com addresses. The
 * e-mail list may also hold the user's primary address (the spec is silent; the platform lists
 * it): its exact size counts the primary when, and only when, the server lists it, so X-Total and
 * the pages must agree on it.
 *
 *   COLLECTIONS.push(...CREDENTIAL_COLLECTIONS);
 */
import { PER_PAGE_MAX, createUser, gpgPublicKey, sshPublicKey, type CreatedUser, type Session } from '../../src/kit/index.ts';
import { expectedEmailCount } from '../emails/fixtures.ts';
import type { Collection } from './collection.ts';

/** The exact size of a list holding the `added` items the kit made (default: those alone). */
type Counted = (s: Session, user: CreatedUser, added: number) => Promise<number>;

function ofFreshUser(
  name: string,
  operationId: string,
  list: (userId: number) => string,
  add: (s: Session, userId: number, i: number) => Promise<number>,
  counted: Counted = async (_s, _user, added) => added,
): Collection {
  let user: CreatedUser | undefined;
  let size = 0;
  return {
    name,
    operationId,
    path: () => list(user!.id),
    async fill(s, n) {
      user ??= await createUser(s, {}, { token: false });
      while (size < n) {
        const status = await add(s, user.id, size + 1);
        if (status !== 201) throw new Error(`cannot fill ${name}: POST answered ${status}`);
        size += 1;
      }
      return counted(s, user, size);
    },
  };
}

/** The e-mails added, plus the user's primary address if the list shows it (unknown when the list cannot be read). */
const withListedPrimary: Counted = async (s, user, added) => {
  const res = await s.admin.get(`/users/${user.id}/emails`, { query: { per_page: PER_PAGE_MAX } });
  return res.status === 200 && Array.isArray(res.json) ? expectedEmailCount(res.json, added, user.email) : added;
};

export const CREDENTIAL_COLLECTIONS: Collection[] = [
  ofFreshUser(
    'SSH keys of a fresh user',
    'listUserSshKeys',
    (id) => `/users/${id}/keys`,
    async (s, id, i) => {
      const key = await sshPublicKey('ed25519', `page-${i}@example.com`);
      return (await s.admin.post(`/users/${id}/keys`, { json: { title: `page-${i}`, key: key.text } })).status;
    },
  ),
  ofFreshUser(
    'GPG keys of a fresh user',
    'listUserGpgKeys',
    (id) => `/users/${id}/gpg_keys`,
    async (s, id, i) => {
      const key = await gpgPublicKey({ name: `Page ${i}`, email: `page-${i}@example.com` });
      return (await s.admin.post(`/users/${id}/gpg_keys`, { json: { key: key.armored } })).status;
    },
  ),
  ofFreshUser(
    'e-mails of a fresh user',
    'listUserEmails',
    (id) => `/users/${id}/emails`,
    async (s, id, i) => {
      const email = `${s.name(`page-${i}`).toLowerCase()}@example.com`;
      return (await s.admin.post(`/users/${id}/emails`, { json: { email, skip_confirmation: true } })).status;
    },
    withListedPrimary,
  ),
];
