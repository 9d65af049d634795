/**
 * The declared variations of user list (user-list.ts): each fault once, with the clause it breaks
 * and the suites that catch it, the platform departure of its admin view, and the platform's 403
 * to an anonymous GET /users (and GET /users/:id). Each carries its behaviour as a patch of the
 * list's policy (user-list.policy.ts), so user-list.ts names none.
 *
 *   REFERENCE_FAULTS=users.admin-list-hides-is-admin npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const USER_LIST_VARIATIONS = [
  {
    id: 'users.admin-list-hides-is-admin',
    kind: 'fault',
    description: 'the admin list view of GET /users leaves out is_admin',
    clause: 'users.list.admin_fields_account',
    suites: ['suites/users/views.test.ts'],
    policies: { userList: (p) => ({ ...p, adminItemShowsIsAdmin: false }) },
  },
  {
    id: 'users.search-ignores-email',
    kind: 'fault',
    description: 'GET /users?search= matches name and username only, not the e-mail',
    clause: 'users.list.filter.search_email',
    suites: ['suites/users/filters.test.ts'],
    policies: { userList: (p) => ({ ...p, searchFields: (u) => [u.name, u.username] }) },
  },
  {
    id: 'users.username-case-sensitive',
    kind: 'fault',
    description: 'GET /users?username= is a case-sensitive match',
    clause: 'users.list.filter.username_case',
    suites: ['suites/users/filters.test.ts'],
    policies: { userList: (p) => ({ ...p, usernameMatches: (username, asked) => username === asked }) },
  },
  {
    id: 'users.active-filter-keeps-blocked',
    kind: 'fault',
    description: 'GET /users?active=true also lists blocked users',
    clause: 'users.list.filter.active',
    suites: ['suites/users/filters.test.ts'],
    policies: { userList: (p) => ({ ...p, countsAsActive: () => true }) },
  },
  {
    id: 'users.external-filter-ignored',
    kind: 'fault',
    description: 'GET /users?external=true is ignored',
    clause: 'users.list.filter.external',
    suites: ['suites/users/filters.test.ts'],
    policies: { userList: (p) => ({ ...p, countsAsExternal: () => true }) },
  },
  {
    id: 'users.two-factor-filter-inverted',
    kind: 'fault',
    description: 'two_factor=disabled lists the users with two-factor authentication (and enabled the others)',
    clause: 'users.list.filter.two_factor_disabled',
    suites: ['suites/users/filters.test.ts'],
    policies: { userList: (p) => ({ ...p, twoFactorAskedFor: (value) => !p.twoFactorAskedFor(value) }) },
  },
  {
    id: 'users.without-projects-ignored',
    kind: 'fault',
    description: 'GET /users?without_projects=true is ignored',
    clause: 'users.list.filter.without_projects',
    suites: ['suites/users/filters.test.ts'],
    policies: { userList: (p) => ({ ...p, withoutProjectsApplies: false }) },
  },
  {
    id: 'users.extern-uid-ignores-provider',
    kind: 'fault',
    description: 'the extern_uid lookup ignores provider: any provider with that extern_uid matches',
    clause: 'users.list.filter.extern_uid',
    suites: ['suites/users/filters.test.ts'],
    policies: { userList: (p) => ({ ...p, identityMatches: (i, externUid) => i.externUid === externUid }) },
  },
  {
    id: 'users.created-filters-ignored',
    kind: 'fault',
    description: 'created_before and created_after are ignored',
    clause: 'users.list.filter.created_before',
    suites: ['suites/users/filters.test.ts'],
    policies: { userList: (p) => ({ ...p, createdFiltersApply: false }) },
  },
  {
    id: 'users.order-by-ignored',
    kind: 'fault',
    description: 'order_by is ignored: users always come by id',
    clause: 'users.list.order.name',
    suites: ['suites/users/order.test.ts'],
    policies: { userList: (p) => ({ ...p, orderByApplies: false }) },
  },
  {
    id: 'users.sort-ignored',
    kind: 'fault',
    description: 'sort is ignored: users always come in descending order',
    clause: 'users.list.sort.asc',
    suites: ['suites/users/order.test.ts'],
    policies: { userList: (p) => ({ ...p, sortApplies: false }) },
  },
  {
    id: 'users.default-order-asc',
    kind: 'fault',
    description: 'GET /users without order_by and sort lists users by id ascending',
    clause: 'users.list.order.default',
    suites: ['suites/users/order.test.ts'],
    policies: { userList: (p) => ({ ...p, defaultSortDirection: 'asc' }) },
  },
  {
    id: 'platform.user-list-without-sign-in-ips',
    kind: 'platform',
    description: 'users listed to an admin carry no current_sign_in_ip and last_sign_in_ip (the admin single GET /users/:id keeps them)',
    suites: ['suites/users/views.test.ts'],
    policies: { userList: (p) => ({ ...p, adminItemShowsSignInIps: false }) },
    source: 'lib/api/users.rb (GET /users presents Entities::UserWithAdmin to admins; only UserDetailsWithAdmin exposes the sign-in IPs)',
    fidelity:
      'Users listed to an admin (`GET /users`) carry no `current_sign_in_ip` and `last_sign_in_ip`; the admin `GET /users/:id` keeps them.',
    known: [
      {
        clause: 'users.list.admin_fields_settings',
        fields: ['current_sign_in_ip', 'last_sign_in_ip'],
        reason:
          'Users listed to an admin (Entities::UserWithAdmin) carry no current_sign_in_ip or last_sign_in_ip; only the admin GET /users/:id has them.',
      },
    ],
    expires: '2027-06-30',
  },
  {
    id: 'platform.users-anonymous-403',
    kind: 'platform',
    description:
      'GET /users without credentials answers 403 "Not authorized to access /api/v4/users" unless it asks for one username (then 200, the public list view); GET /users/:id without credentials answers 403 "Not authorized!"',
    suites: ['suites/auth/matrix.test.ts'],
    routeAuth: { 'GET /users': 'public', 'GET /users/:id(int)': 'public' },
    policies: { userList: (p) => ({ ...p, anonymous: 'forbidden-unless-username' }) },
    source:
      'lib/api/users.rb (GET /users: authorized &&= index_params[:username].present? if current_user.blank?, forbidden!("Not authorized to access /api/v4/users"); GET /users/:id: forbidden!(\'Not authorized!\') unless current_user, before the lookup)',
    fidelity:
      '`GET /users` without credentials answers 403 `{"message":"403 Forbidden - Not authorized to access /api/v4/users"}` unless it asks for a `username` (then 200 with that user, if any, in the public list view); `GET /users/:id` without credentials answers 403 `{"message":"403 Forbidden - Not authorized!"}`, a missing user too. The spec says 401 for both.',
    known: [
      {
        clause: 'auth.missing.401',
        operations: ['GET /users', 'GET /users/:id'],
        reason:
          'GET /users and GET /users/:id without credentials answer 403, not 401 (lib/api/users.rb: forbidden!("Not authorized to access /api/v4/users") unless a username is asked for; forbidden!(\'Not authorized!\') unless current_user).',
      },
    ],
    expires: '2027-06-30',
  },
] as const satisfies readonly Variation[];
