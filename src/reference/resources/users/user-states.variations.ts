/**
 * The declared variations of user states (user-states.ts): each fault once, with the clause it
 * breaks and the suites that catch it. Behaviour a declaration carries is applied at the variation
 * points: the moves' own (policies.userStates, user-states.policy.ts), the user list's
 * (policies.userList, for users.blocked-filter-ignored) and the routes' auth.
 *
 *   REFERENCE_FAULTS=users.block-not-applied npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const USER_STATES_VARIATIONS = [
  {
    id: 'users.block-not-applied',
    kind: 'fault',
    description: 'POST /users/:id/block answers 201 but the user stays as it was (a blocked user reads as active)',
    clause: 'users.block.state',
    suites: ['suites/users/states.test.ts'],
    policies: { userStates: (p) => ({ ...p, applies: (move) => move !== 'block' && p.applies(move) }) },
  },
  {
    id: 'users.block-refuses-deactivated',
    kind: 'fault',
    description: 'blocking a deactivated user answers 403',
    clause: 'users.block.from_deactivated',
    suites: ['suites/users/states.test.ts'],
    policies: { userStates: (p) => ({ ...p, refusesDeactivatedBlock: true }) },
  },
  {
    id: 'users.unblock-not-applied',
    kind: 'fault',
    description: 'POST /users/:id/unblock answers 201 but the user stays blocked',
    clause: 'users.unblock.state',
    suites: ['suites/users/states.test.ts'],
    policies: { userStates: (p) => ({ ...p, applies: (move) => move !== 'unblock' && p.applies(move) }) },
  },
  {
    id: 'users.deactivate-ignores-activity',
    kind: 'fault',
    description: 'deactivation ignores activity in the past 180 days',
    clause: 'users.deactivate.recent_activity',
    suites: ['suites/users/states.test.ts'],
    policies: { userStates: (p) => ({ ...p, deactivationChecksActivity: false }) },
  },
  {
    id: 'users.deactivate-allows-blocked',
    kind: 'fault',
    description: 'a user blocked by an admin can be deactivated',
    clause: 'users.deactivate.blocked',
    suites: ['suites/users/states.test.ts'],
    policies: { userStates: (p) => ({ ...p, refusesBlocked: (move) => move !== 'deactivate' && p.refusesBlocked(move) }) },
  },
  {
    id: 'users.activate-allows-blocked',
    kind: 'fault',
    description: 'activating a blocked user makes it active instead of 403',
    clause: 'users.activate.blocked',
    suites: ['suites/users/states.test.ts'],
    policies: { userStates: (p) => ({ ...p, refusesBlocked: (move) => move !== 'activate' && p.refusesBlocked(move) }) },
  },
  {
    id: 'users.transitions-allow-user',
    kind: 'fault',
    description: 'block, unblock, deactivate and activate are open to any authenticated user',
    clause: 'users.transitions.non_admin',
    suites: ['suites/users/states.test.ts'],
    routeAuth: Object.fromEntries(
      ['block', 'unblock', 'deactivate', 'activate'].map((move) => [`POST /users/:id(int)/${move}`, 'authenticated' as const]),
    ),
  },
  {
    id: 'users.transitions-ignore-ldap',
    kind: 'fault',
    description: 'block and unblock ignore a block by directory (LDAP) synchronization',
    clause: 'users.transitions.ldap_blocked',
    suites: ['suites/users/states.test.ts'],
    policies: { userStates: (p) => ({ ...p, refusesLdapBlocked: false }) },
  },
  {
    id: 'users.blocked-filter-ignored',
    kind: 'fault',
    description: 'GET /users?blocked=true is ignored: every user is listed',
    clause: 'users.list.filter.blocked',
    suites: ['suites/users/filters.test.ts'],
    policies: { userList: (p) => ({ ...p, countsAsBlocked: () => true }) },
  },
] as const satisfies readonly Variation[];
