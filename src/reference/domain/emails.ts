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
  const wanted = email.toLowerCase();
  return store.emails.find((e) => e.userId !== exceptUserId && e.email.toLowerCase() === wanted) !== undefined;
}

/** Anyone's primary or secondary address equals `email` (case-insensitive). */
export function addressTaken(store: Store, email: string): boolean {
  const wanted = email.toLowerCase();
  return store.users.find((u) => u.email.toLowerCase() === wanted) !== undefined || secondaryEmailTaken(store, email);
}
