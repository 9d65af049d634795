/**
 * The declared variations of users (users.ts): each fault once, with the clause it breaks and the
 * suites that catch it. Behaviour a declaration carries is applied at the shared variation
 * points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=users.normal-views-show-email npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const USERS_VARIATIONS = [
  {
    id: 'users.normal-views-show-email',
    kind: 'fault',
    description: "a normal caller's GET /users and GET /users/:id show the e-mail address",
    clause: 'users.get.non_admin_hidden',
    suites: ['suites/users/views.test.ts'],
  },
  {
    id: 'users.current-shows-admin-fields',
    kind: 'fault',
    description: 'GET /user gives a normal caller the admin view (is_admin, sign-in IPs, note)',
    clause: 'users.current.non_admin_hidden',
    suites: ['suites/users/views.test.ts'],
  },
  {
    id: 'users.password-optional',
    kind: 'fault',
    description: 'POST /users without password, reset_password or force_random_password creates the user',
    clause: 'users.create.password_required',
    suites: ['suites/users/create.test.ts'],
  },
  {
    id: 'users.private-profile-null-kept',
    kind: 'fault',
    description: 'private_profile=null on create is stored and shown as null',
    clause: 'users.create.private_profile_null',
    suites: ['suites/users/create.test.ts'],
  },
  {
    id: 'users.skip-confirmation-ignored',
    kind: 'fault',
    description: 'skip_confirmation is ignored: the user stays unconfirmed (confirmed_at null)',
    clause: 'users.create.skip_confirmation',
    suites: ['suites/users/create.test.ts'],
  },
  {
    id: 'users.create-ignores-identity',
    kind: 'fault',
    description: 'extern_uid and provider on create are accepted but no identity is stored',
    clause: 'users.create.identity',
    suites: ['suites/users/create.test.ts'],
  },
  {
    id: 'users.update-conflict-409',
    kind: 'fault',
    description: 'PUT /users/:id with a taken e-mail answers 409, where the spec says 404',
    clause: 'users.update.conflict_404',
    suites: ['suites/users/update-delete.test.ts'],
    platform: { source: "lib/api/users.rb (PUT /users/:id: conflict!('Email has already been taken'))" },
  },
  {
    id: 'users.update-resets-omitted',
    kind: 'fault',
    description: 'PUT /users/:id resets the profile attributes it was not given',
    clause: 'users.update.partial',
    suites: ['suites/users/update-delete.test.ts'],
  },
  {
    id: 'users.delete-ignores-sole-owner',
    kind: 'fault',
    description: 'DELETE /users/:id deletes the sole owner of a group (204) instead of 409',
    clause: 'users.delete.conflict_409',
    suites: ['suites/users/update-delete.test.ts'],
  },
  {
    id: 'users.hard-delete-keeps-groups',
    kind: 'fault',
    description: 'DELETE /users/:id?hard_delete=true leaves the groups the user solely owned',
    clause: 'users.delete.hard_delete_groups',
    suites: ['suites/users/update-delete.test.ts'],
  },
  {
    id: 'users.identity-delete-noop',
    kind: 'fault',
    description: 'DELETE /users/:id/identities/:provider answers 204 but keeps the identity',
    clause: 'users.identities.delete.effect',
    suites: ['suites/users/update-delete.test.ts'],
  },
  {
    id: 'users.precondition-ignored',
    kind: 'fault',
    description: 'DELETE /users/:id ignores If-Unmodified-Since',
    clause: 'errors.precondition.412',
    suites: ['suites/users/update-delete.test.ts'],
  },
  {
    id: 'users.delayed-deletion',
    kind: 'capability',
    description:
      'DELETE /users/:id answers 204 and blocks the user at once; a background job removes it (and, with hard_delete, the groups it solely owns) REFERENCE_USER_DELETION_DELAY_MS later, as the platform',
    option: 'delayedUserDeletion',
    env: 'REFERENCE_DELAYED_USER_DELETION',
    platform: {
      source:
        "app/models/user.rb (delete_async blocks the user, DeleteUserWorker); Users::MigrateRecordsToGhostUserInBatchesWorker's cron, every 2 minutes",
    },
  },
] as const satisfies readonly Variation[];
