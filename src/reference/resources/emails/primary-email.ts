/**
 * A confirmed user's primary address as a row of their e-mails, as the platform keeps it: the
 * platform's User saves a row of `emails` for its primary address once confirmed (a user created
 * with skip_confirmation is), so the e-mail lists show it, GET by id reads it, and DELETE refuses
 * it. The reference makes the row when the user's e-mails are first touched (listed, read, added
 * to or deleted from), before any address added through the API, so it comes first in id order as
 * on the platform. The row keeps its address if the user's primary changes later, as the
 * platform's does (it then counts as a secondary address); the new primary gets a row of its own.
 *
 *   ensurePrimaryRow(store, jane);        // jane confirmed: a row { email: 'jane@example.com' } now exists
 *   isPrimaryRow(store, row);             // true for that row (address compared case-insensitively)
 *   secondaryAddressTaken(store, 'x@y');  // someone's address that is not their primary
 */
import type { EmailRecord, UserRecord } from '../../domain/records.ts';
import type { Store } from '../../store.ts';

/** Makes the row of a confirmed user's primary address, unless the user has one of that address (any case). */
export function ensurePrimaryRow(store: Store, user: UserRecord): void {
  if (!user.confirmedAt) return;
  const address = user.email.toLowerCase(); // the platform's Email#email= downcases
  if (store.emailsByAddress.get(address).some((e) => e.userId === user.id)) return;
  store.emails.insert({ userId: user.id, email: address, confirmedAt: user.confirmedAt, createdAt: user.confirmedAt });
}

/** The row is its user's primary address (the platform's Email#user_primary_email?). */
export function isPrimaryRow(store: Store, row: EmailRecord): boolean {
  const owner = store.users.get(row.userId);
  return owner !== undefined && owner.email.toLowerCase() === row.email.toLowerCase();
}

/** Someone has `email` as a secondary address: a row that is not its user's primary one. */
export function secondaryAddressTaken(store: Store, email: string): boolean {
  return store.emailsByAddress.get(email.toLowerCase()).some((e) => !isPrimaryRow(store, e));
}
