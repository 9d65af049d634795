/**
 * The declared variations of POST /users's conflict checks (user-create.ts): each fault once, with
 * the clause it breaks and the suites that catch it, asked for with ctx.has(id) in
 * conflictsChecked(). The race faults pause with the shared storage round trip
 * (domain/storage-round-trip.ts), so only requests sent together see them.
 *
 *   REFERENCE_FAULTS=users.create-username-race npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const USER_CREATE_VARIATIONS = [
  {
    id: 'users.create-username-case-sensitive',
    kind: 'fault',
    description:
      'POST /users compares the username with those taken as given: a username another user holds in another case creates a second user (201)',
    clause: 'users.create.username_taken',
    suites: ['suites/users/create-taken.test.ts'],
  },
  {
    id: 'users.create-username-race',
    kind: 'fault',
    description:
      'POST /users checks the username is free, then awaits a storage round trip, then inserts without checking it again: creates sent together with one new username all succeed (201 each)',
    clause: 'users.create.username_taken',
    suites: ['suites/users/create-taken-race.test.ts'],
  },
  {
    id: 'users.create-secondary-email-free',
    kind: 'fault',
    description:
      "POST /users looks for the e-mail among primary addresses only: another user's secondary address creates a user with it (201)",
    clause: 'users.create.email_taken',
    suites: ['suites/users/create-taken.test.ts'],
  },
  {
    id: 'users.create-email-race',
    kind: 'fault',
    description:
      'POST /users checks the e-mail is free, then awaits a storage round trip, then inserts without checking it again: creates sent together with one new e-mail all succeed (201 each)',
    clause: 'users.create.email_taken',
    suites: ['suites/users/create-taken-race.test.ts'],
  },
] as const satisfies readonly Variation[];
