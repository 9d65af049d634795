/**
 * The pause of a check-then-insert race, for the race faults of the catalogue (keys.duplicate-race,
 * emails.taken-race, users.update-email-race, users.create-username-race, users.create-email-race,
 * variables.create-key-race, epics.iid-race): a server that checks uniqueness, then awaits a storage
 * round trip, then writes without checking again lets requests sent together all pass the check.
 * The healthy reference checks and writes with no await between them. The platform profile takes it
 * too, before its unique indexes refuse a race's losers (unique-index.ts).
 *
 *   if (ctx.has('keys.duplicate-race')) await storageRoundTrip();
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Long enough for requests sent together to reach their check on a busy machine shared with the kit's workers (2 cores, a full npm test beside it); it costs only the fault runs and the platform profile's creates. */
const ROUND_TRIP_MS = 150;

export function storageRoundTrip(): Promise<void> {
  return sleep(ROUND_TRIP_MS);
}
