/**
 * The declared variations of emails (emails.ts): each fault once, with the clause it breaks and
 * the suites that catch it. Behaviour a declaration carries is applied at the shared variation
 * points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=emails.duplicate-409 npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const EMAILS_VARIATIONS = [
  {
    id: 'emails.duplicate-409',
    kind: 'fault',
    description: 'an address already taken answers 409 {"message":"Email has already been taken"}',
    clause: 'emails.create_own.taken_status',
    suites: ['suites/emails/taken.test.ts'],
  },
  {
    id: 'emails.duplicate-base-error',
    kind: 'fault',
    description: 'an address already taken answers 400 keyed by base, not email',
    clause: 'emails.create_own.taken_body',
    suites: ['suites/emails/taken.test.ts'],
  },
  {
    id: 'emails.primary-not-checked',
    kind: 'fault',
    description: "only secondary addresses count as taken: anyone's primary address is accepted",
    clause: 'emails.create_own.taken_status',
    suites: ['suites/emails/taken.test.ts'],
  },
  {
    id: 'emails.taken-race',
    kind: 'fault',
    description:
      'POST /user/emails checks the address is free, then awaits a storage round trip, then inserts without checking again: one address sent together (by one user or by two) is stored each time (201 each)',
    clause: 'emails.create_own.taken_status',
    suites: ['suites/emails/concurrent.test.ts'],
  },
  {
    id: 'emails.other-users-email-readable',
    kind: 'fault',
    description: "GET /user/emails/:email_id answers any user's address, not only the caller's own",
    clause: 'errors.not_found.resource',
    suites: ['suites/auth/ownership.test.ts'],
  },
  {
    id: 'emails.other-users-email-deletable',
    kind: 'fault',
    description: "DELETE /user/emails/:email_id deletes any user's address, not only the caller's own",
    clause: 'emails.delete_own.missing',
    suites: ['suites/auth/ownership.test.ts'],
  },
  {
    id: 'emails.admin-delete-allows-user',
    kind: 'fault',
    description: 'DELETE /users/:id/emails/:email_id is open to any authenticated user, not admin-only',
    clause: 'emails.admin.non_admin',
    suites: ['suites/auth/matrix.test.ts'],
    routeAuth: { 'DELETE /users/:id(int)/emails/:email_id(int)': 'authenticated' },
  },
] as const satisfies readonly Variation[];
