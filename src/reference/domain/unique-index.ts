/**
 * The platform's answer to the loser of a tight create race (platform.race-unique-index-500, on in
 * the platform profile): its model check passed before the winner committed, so its insert meets the
 * table's unique index (ActiveRecord::RecordNotUnique), which the API does not rescue: a 500.
 * uniqueIndex() imitates it at the four create routes (SSH keys, e-mails, users, project variables),
 * after their own check: a storage round trip (storage-round-trip.ts), then the index, which refuses
 * what a winner inserted meanwhile. A sequential duplicate still meets the check first (400, or 409
 * for POST /users); the spec profile checks and inserts at once.
 *
 *   await uniqueIndex(ctx, () => !ctx.store.sshKeys.find((k) => k.fingerprintSha256 === sha));   // then insert
 */
import type { RefContext } from '../context.ts';
import { fail } from '../errors.ts';
import { storageRoundTrip } from './storage-round-trip.ts';

/** Under platform.race-unique-index-500: a storage round trip, then a 500 when `stillFree` says the value was inserted meanwhile. */
export async function uniqueIndex(ctx: RefContext, stillFree: () => boolean): Promise<void> {
  if (!ctx.has('platform.race-unique-index-500')) return;
  await storageRoundTrip();
  if (!stillFree()) fail('internal');
}
