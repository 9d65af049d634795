/**
 * The declared variations of ssh keys (ssh-keys.ts): each fault once, with the clause it breaks
 * and the suites that catch it. Behaviour a declaration carries is applied at the shared
 * variation points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=keys.duplicate-409 npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const SSH_KEYS_VARIATIONS = [
  {
    id: 'keys.duplicate-409',
    kind: 'fault',
    description: 'a duplicate SSH key answers 409 {"message":"Fingerprint has already been taken"}',
    clause: 'keys.create_own.duplicate_status',
    suites: ['suites/ssh-keys/create-errors.test.ts'],
  },
  {
    id: 'keys.duplicate-message-string',
    kind: 'fault',
    description: 'a duplicate SSH key answers 400 with message as a string',
    clause: 'keys.create_own.duplicate_fingerprint',
    suites: ['suites/ssh-keys/create-errors.test.ts'],
  },
  {
    id: 'keys.duplicate-race',
    kind: 'fault',
    description:
      'POST /user/keys checks the fingerprint is free, then awaits a storage round trip, then inserts without checking again: identical keys sent together are all stored (201 each)',
    clause: 'keys.create_own.duplicate_status',
    suites: ['suites/ssh-keys/concurrent.test.ts'],
  },
  {
    id: 'keys.unchecked',
    kind: 'fault',
    description: 'the SSH key text is not checked: garbage is stored (201)',
    clause: 'errors.validation.status',
    suites: ['suites/ssh-keys/create-errors.test.ts'],
  },
  {
    id: 'keys.list-by-id-only',
    kind: 'fault',
    description: 'GET /users/:id_or_username/keys finds users by id only (a username is 404)',
    clause: 'keys.list_user.by_id',
    suites: ['suites/ssh-keys/admin.test.ts'],
  },
  {
    id: 'platform.ssh-key-unique-by-sha256',
    kind: 'platform',
    description:
      'a duplicate SSH key is refused with 400 {"message":{"fingerprint_sha256":["has already been taken"]}}, not keyed by fingerprint and key',
    suites: ['suites/ssh-keys/create-errors.test.ts'],
    source: 'app/models/key.rb (validates :fingerprint_sha256, uniqueness: true; no uniqueness of key or fingerprint)',
    fidelity:
      'A duplicate SSH key is refused with 400 `{"message":{"fingerprint_sha256":["has already been taken"]}}`, where the spec keys it by `fingerprint` and `key`.',
    known: [
      {
        clause: 'keys.create_own.duplicate_fingerprint',
        reason:
          'A duplicate SSH key is refused with 400 {"message":{"fingerprint_sha256":["has already been taken"]}}: keys are unique by fingerprint_sha256 only, not keyed by fingerprint and key.',
      },
    ],
    expires: '2027-06-30',
  },
  {
    id: 'keys.other-users-key-readable',
    kind: 'fault',
    description: "GET /user/keys/:key_id answers any user's key, not only the caller's own",
    clause: 'errors.not_found.resource',
    suites: ['suites/auth/ownership.test.ts'],
  },
  {
    id: 'keys.other-users-key-deletable',
    kind: 'fault',
    description: "DELETE /user/keys/:key_id deletes any user's key, not only the caller's own",
    clause: 'keys.delete_own.missing',
    suites: ['suites/auth/ownership.test.ts'],
  },
] as const satisfies readonly Variation[];
