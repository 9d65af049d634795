/**
 * Secondary e-mail addresses: format check and the one rule that matters, an address belongs to
 * at most one account, primary or secondary, compared case-insensitively.
 *
 *   addressTaken(store, 'Jane@Example.com'); // true when anyone has it, as primary or secondary
 *   validEmail('jane@example.com');          // true
 */
import type { Store } from '../store.ts';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
export const MAX_EMAIL_LENGTH = 255;

export function validEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email);
}

/** A secondary address of anyone but `exceptUserId` equals `email` (case-insensitive). */
export function secondaryEmailTaken(store: Store, email: string, exceptUserId?: number): boolean {
  return store.emailsByAddress.get(email.toLowerCase()).some((e) => e.userId !== exceptUserId);
}

/** Anyone's primary or secondary address equals `email` (case-insensitive). */
export function addressTaken(store: Store, email: string): boolean {
  return store.usersByEmail.get(email.toLowerCase()).length > 0 || secondaryEmailTaken(store, email);
}
