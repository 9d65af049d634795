/**
 * The declared variations of user memberships (user-memberships.ts): each fault once, with the
 * clause it breaks and the suites that catch it. Behaviour a declaration carries is applied at
 * the shared variation points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=users.memberships-inherited npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const USER_MEMBERSHIPS_VARIATIONS = [
  {
    id: 'users.memberships-inherited',
    kind: 'fault',
    description: 'memberships list the projects reached through a group membership',
    clause: 'users.memberships.direct_only',
    suites: ['suites/users/memberships.test.ts'],
  },
  {
    id: 'users.memberships-type-ignored',
    kind: 'fault',
    description: 'the type filter of memberships is ignored',
    clause: 'users.memberships.type_project',
    suites: ['suites/users/memberships.test.ts'],
  },
  {
    id: 'users.memberships-bad-type-ignored',
    kind: 'fault',
    description: 'an unsupported memberships type is ignored (200, unfiltered) instead of 400',
    clause: 'users.memberships.type_invalid',
    suites: ['suites/users/memberships.test.ts'],
  },
] as const satisfies readonly Variation[];
