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
    clauses: ['gpg.admin.non_admin', 'auth.admin_only.403', 'auth.missing.401'],
    suites: ['suites/auth/matrix.test.ts'],
    source:
      'lib/api/users.rb (the users resource runs authenticate_non_get!; GET :id/gpg_keys and :id/gpg_keys/:key_id have no authenticated_as_admin!)',
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
