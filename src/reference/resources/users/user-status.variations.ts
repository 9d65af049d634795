/**
 * The declared variations of user status (user-status.ts): each fault once, with the clause it
 * breaks and the suites that catch it. Behaviour a declaration carries is applied at the shared
 * variation points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=users.status-put-merges npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const USER_STATUS_VARIATIONS = [
  {
    id: 'users.status-put-merges',
    kind: 'fault',
    description: 'PUT /user/status keeps the old values of the fields it omits',
    clause: 'users.status.emoji_default',
    suites: ['suites/users/status.test.ts'],
  },
  {
    id: 'users.status-clear-ignored',
    kind: 'fault',
    description: 'PUT /user/status with emoji and message both empty keeps the old status',
    clause: 'users.status.clear',
    suites: ['suites/users/status.test.ts'],
  },
] as const satisfies readonly Variation[];
