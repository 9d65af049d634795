/**
 * The declared variations of users (users.ts): each fault once, with the clause it breaks and the
 * suites that catch it. Behaviour a declaration carries is applied at the shared variation
 * points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=users.normal-views-show-email npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

/** The reasons of the baseline entries the user-view departures share: one entry per clause, with the fields of each departure. */
const ADMIN_CURRENT_VIEW =
  'GET /user by an admin (Entities::UserWithAdmin) carries no sign-in IPs and no bio_html, and public_email is null for a user without one.';
const NORMAL_SINGLE_VIEW = 'The normal single-user view has no bio_html, and public_email is null for a user without one.';
const CURRENT_VIEW = 'GET /user has no bio_html, and public_email is null for a user without one.';
const REGULAR_CURRENT_VIEW = 'GET /user by a regular user has no bio_html, and public_email is null for a user without one.';

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
    platform: {
      source: "lib/api/users.rb (PUT /users/:id: conflict!('Email has already been taken'))",
      fidelity:
        '`PUT /users/:id` with a taken e-mail answers 409, where the spec says 404 (a fault of the mutation catalogue that the platform shares).',
      known: [
        {
          clause: 'users.update.conflict_404',
          reason: 'PUT /users/:id with an e-mail already taken answers 409 in current releases, where the spec says 404.',
        },
      ],
      expires: '2027-06-30',
    },
  },
  {
    id: 'users.update-email-race',
    kind: 'fault',
    description:
      'PUT /users/:id checks the new e-mail is free, then awaits a storage round trip, then writes without checking again: two users given one new address together both get it (200 each)',
    clause: 'users.update.conflict_404',
    suites: ['suites/users/concurrent.test.ts'],
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
    id: 'users.delete-does-nothing',
    kind: 'fault',
    description: 'DELETE /users/:id answers 204 and does nothing: the user stays, active, with the groups it solely owns',
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
    id: 'users.identity-redelete-204',
    kind: 'fault',
    description:
      'DELETE /users/:id/identities/:provider of a provider the user has no identity of (one already deleted) answers 204: no lookup before the removal',
    clause: 'errors.not_found.resource',
    suites: ['suites/users/repeat-delete.test.ts'],
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
      fidelity:
        '`DELETE /users/:id` answers 204 and blocks the user at once; a background job removes it a minute later (a capability: the kit waits or uses ids that never existed).',
      known: [],
      expires: '2027-06-30',
    },
  },
  {
    id: 'platform.current-user-without-sign-in-ips',
    kind: 'platform',
    description: 'GET /user by an admin carries no current_sign_in_ip and last_sign_in_ip',
    suites: ['suites/users/views.test.ts'],
    source: 'lib/api/users.rb (resource :user: an admin gets Entities::UserWithAdmin, which has no sign-in IPs)',
    fidelity: '`GET /user` by an admin carries no `current_sign_in_ip` and `last_sign_in_ip` (`is_admin` stays).',
    known: [
      {
        clause: 'users.current.admin_fields',
        fields: ['current_sign_in_ip', 'last_sign_in_ip'],
        reason: ADMIN_CURRENT_VIEW,
      },
    ],
    expires: '2027-06-30',
  },
  {
    id: 'platform.user-without-bio-html',
    kind: 'platform',
    description: 'no user view carries bio_html (bio stays)',
    suites: ['suites/users/views.test.ts'],
    source:
      'lib/api/entities/user.rb (exposes bio and no bio_html, kept only "for multi version compatibility" until 14.4); spec/lib/api/entities/user_spec.rb (its exact keys)',
    fidelity: 'No user view carries `bio_html`; `bio` stays.',
    known: [
      {
        clause: 'users.current.admin_fields',
        fields: ['bio_html'],
        reason: ADMIN_CURRENT_VIEW,
      },
      {
        clause: 'users.get.normal_fields',
        fields: ['bio_html'],
        reason: NORMAL_SINGLE_VIEW,
      },
      {
        clause: 'users.get.non_admin_hidden',
        fields: ['bio_html'],
        reason: NORMAL_SINGLE_VIEW,
      },
      {
        clause: 'users.current.profile_fields',
        fields: ['bio_html'],
        reason: CURRENT_VIEW,
      },
      {
        clause: 'users.current.non_admin_hidden',
        fields: ['bio_html'],
        reason: REGULAR_CURRENT_VIEW,
      },
    ],
    expires: '2027-06-30',
  },
  {
    id: 'platform.public-email-null',
    kind: 'platform',
    description: 'a user created without a public e-mail has public_email null, not ""',
    suites: ['suites/users/views.test.ts'],
    source:
      'db/structure.sql (users.public_email nullable with no default, since RemoveNotNullConstraintAndDefaultForPublicEmail); lib/api/entities/user.rb (expose :public_email, raw)',
    fidelity: 'A user created without a public e-mail has `public_email` null, not `""`; one given is shown.',
    known: [
      {
        clause: 'users.current.admin_fields',
        fields: ['public_email'],
        reason: ADMIN_CURRENT_VIEW,
      },
      {
        clause: 'users.get.normal_fields',
        fields: ['public_email'],
        reason: NORMAL_SINGLE_VIEW,
      },
      {
        clause: 'users.get.non_admin_hidden',
        fields: ['public_email'],
        reason: NORMAL_SINGLE_VIEW,
      },
      {
        clause: 'users.get.admin_fields',
        fields: ['public_email'],
        reason: 'The admin single-user view has public_email null for a user without one.',
      },
      {
        clause: 'users.current.profile_fields',
        fields: ['public_email'],
        reason: CURRENT_VIEW,
      },
      {
        clause: 'users.current.non_admin_hidden',
        fields: ['public_email'],
        reason: REGULAR_CURRENT_VIEW,
      },
    ],
    expires: '2027-06-30',
  },
  {
    id: 'platform.user-plan-trial-null',
    kind: 'platform',
    description:
      'the admin single view (GET /users/:id by an admin) has plan and trial null, as a self-managed enterprise instance without a subscription answers, where the spec types them as a string and a boolean',
    suites: ['suites/users/views.test.ts'],
    source:
      'ee/lib/ee/api/entities/user_details_with_admin.rb (expose :plan: user.namespace.try(:gitlab_subscription)&.plan_name; expose :trial: user.namespace.try(:trial?)); ee/app/models/ee/namespace.rb (delegate :trial?, to: :gitlab_subscription, allow_nil: true)',
    fidelity:
      'The admin single view has `plan` and `trial` null, as a self-managed enterprise instance without a subscription answers (the kit needs an administrator token, so every target it certifies is self-managed), where the spec types them as a string and a boolean.',
    known: [
      {
        clause: 'users.get.admin_fields',
        fields: ['plan', 'trial'],
        reason:
          'The admin single-user view has plan and trial null on a self-managed enterprise instance, which has no subscription (ee/lib/ee/api/entities/user_details_with_admin.rb: user.namespace.try(:gitlab_subscription)&.plan_name).',
      },
    ],
    expires: '2027-06-30',
  },
  {
    id: 'users.get-without-token',
    kind: 'fault',
    description: 'GET /users/:id answers an anonymous caller (200, the normal view) instead of 401',
    clause: 'auth.missing.401',
    suites: ['suites/auth/matrix.test.ts'],
    routeAuth: { 'GET /users/:id(int)': 'public' },
  },
] as const satisfies readonly Variation[];
