/**
 * The declared variations of gpg keys (gpg-keys.ts): each fault once, with the clause it breaks
 * and the suites that catch it. Behaviour a declaration carries is applied at the shared
 * variation points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=gpg.parse-error-500 npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const GPG_KEYS_VARIATIONS = [
  {
    id: 'gpg.parse-error-500',
    kind: 'fault',
    description: 'an armored block openpgp cannot parse ends in a 500',
    clause: 'errors.validation.status',
    suites: ['suites/gpg-keys/own.test.ts'],
  },
  {
    id: 'platform.user-gpg-keys-public',
    kind: 'platform',
    description:
      'GET /users/:id/gpg_keys and GET /users/:id/gpg_keys/:key_id answer 200 to anyone, a non-admin or an anonymous caller (adding and deleting stay admin-only)',
    suites: ['suites/auth/matrix.test.ts'],
    source:
      'lib/api/users.rb (the users resource runs authenticate_non_get!; GET :id/gpg_keys and :id/gpg_keys/:key_id have no authenticated_as_admin!)',
    fidelity:
      '`GET /users/:id/gpg_keys` and `GET /users/:id/gpg_keys/:key_id` answer 200 to a non-admin and to an anonymous caller, where the spec makes them admin-only (403, 401); adding and deleting stay admin-only.',
    known: [
      {
        clause: 'gpg.admin.non_admin',
        operations: ['GET /users/:id/gpg_keys', 'GET /users/:id/gpg_keys/:key_id'],
        reason: 'The GPG keys of a user can be listed and read by anyone (200 to a non-admin); adding and deleting stay admin-only.',
      },
      {
        clause: 'auth.admin_only.403',
        operations: ['GET /users/:id/gpg_keys', 'GET /users/:id/gpg_keys/:key_id'],
        reason: 'Reading the GPG keys of a user is not admin-only: a non-admin gets 200.',
      },
      {
        clause: 'auth.missing.401',
        operations: ['GET /users/:id/gpg_keys', 'GET /users/:id/gpg_keys/:key_id'],
        reason: 'Reading the GPG keys of a user needs no token: an anonymous caller gets 200.',
      },
    ],
    expires: '2027-06-30',
    routeAuth: { 'GET /users/:id(int)/gpg_keys': 'public', 'GET /users/:id(int)/gpg_keys/:key_id(int)': 'public' },
  },
  {
    id: 'gpg.other-users-key-readable',
    kind: 'fault',
    description: "GET /user/gpg_keys/:key_id answers any user's GPG key, not only the caller's own",
    clause: 'errors.not_found.resource',
    suites: ['suites/auth/ownership.test.ts'],
  },
  {
    id: 'gpg.other-users-key-deletable',
    kind: 'fault',
    description: "DELETE /user/gpg_keys/:key_id deletes any user's GPG key, not only the caller's own",
    clause: 'gpg.delete_own.missing',
    suites: ['suites/auth/ownership.test.ts'],
  },
] as const satisfies readonly Variation[];
