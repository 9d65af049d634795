/**
 * What hangs on a user besides tokens and memberships: SSH keys, GPG keys and secondary
 * e-mail addresses. Deleting a user removes them (their fingerprints and addresses are free
 * again).
 *
 *   removeCredentials(store, user.id);
 */
import type { Store } from '../store.ts';

export function removeCredentials(store: Store, userId: number): void {
  for (const k of store.sshKeys.filter((k) => k.userId === userId)) store.sshKeys.delete(k.id);
  for (const k of store.gpgKeys.filter((k) => k.userId === userId)) store.gpgKeys.delete(k.id);
  for (const e of store.emails.filter((e) => e.userId === userId)) store.emails.delete(e.id);
}
