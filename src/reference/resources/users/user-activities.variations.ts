/**
 * The declared variations of user activities (user-activities.ts): each fault once, with the
 * clause it breaks and the suites that catch it. Behaviour a declaration carries is applied at
 * the shared variation points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=users.activity-not-recorded npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const USER_ACTIVITIES_VARIATIONS = [
  {
    id: 'users.activity-not-recorded',
    kind: 'fault',
    description: "API use does not update the user's last_activity_on",
    clause: 'users.activities.api_use',
    suites: ['suites/users/activities.test.ts'],
    auth: (p) => ({ ...p, recordsActivity: false }),
  },
  {
    id: 'users.activities-newest-first',
    kind: 'fault',
    description: 'GET /user/activities lists the newest activity first',
    clause: 'users.activities.order',
    suites: ['suites/users/activities.test.ts'],
  },
  {
    id: 'users.activities-ignore-from',
    kind: 'fault',
    description: 'GET /user/activities ignores from (the six-month default applies)',
    clause: 'users.activities.from',
    suites: ['suites/users/activities.test.ts'],
  },
  {
    id: 'users.activities-from-exclusive',
    kind: 'fault',
    description: 'GET /user/activities?from=D leaves out users last active on D: from is strictly after instead of on or after',
    clause: 'users.activities.from',
    suites: ['suites/users/activities.test.ts'],
  },
  {
    id: 'users.activities-allow-user',
    kind: 'fault',
    description: 'GET /user/activities is open to any authenticated user',
    clause: 'users.activities.non_admin',
    suites: ['suites/auth/matrix.test.ts'],
    routeAuth: { 'GET /user/activities': 'authenticated' },
  },
  {
    id: 'platform.user-activities-public-profiles',
    kind: 'platform',
    description:
      'GET /user/activities answers 200 to any authenticated user, listing only users without a private profile; an administrator still sees every user (the spec makes it admin-only: 403)',
    suites: ['suites/auth/matrix.test.ts'],
    source:
      'lib/api/users.rb (get "activities" has no authenticated_as_admin!: activities.with_public_profile unless current_user.can_read_all_resources?)',
    fidelity:
      '`GET /user/activities` answers 200 to any authenticated user, listing only users without a private profile (an administrator still sees every user), where the spec makes it admin-only (403).',
    known: [
      {
        clause: 'users.activities.non_admin',
        reason:
          'GET /user/activities is open to any authenticated user (200), listing only users without a private profile (lib/api/users.rb: activities.with_public_profile unless current_user.can_read_all_resources?).',
      },
      {
        clause: 'auth.admin_only.403',
        operations: ['GET /user/activities'],
        reason: "GET /user/activities is not admin-only: a non-admin gets 200 with the public-profile users' activities.",
      },
    ],
    expires: '2027-06-30',
    routeAuth: { 'GET /user/activities': 'authenticated' },
  },
] as const satisfies readonly Variation[];
