/**
 * Operations of the spec on user accounts: list, read, create, modify, delete, identities, the
 * current user, status, counts, activities, memberships and the four state moves
 * (spec: Endpoints > Users; States and transitions > User account).
 *
 *   USER_OPERATIONS.filter((o) => o.tag === 'users').length
 */
import { ACTIVITY_WINDOW_MONTHS, DEACTIVATION_INACTIVE_DAYS } from '../limits.ts';
import { boolean, date, datetime, integer, object, oneOf, string, type Operation, type Schema } from '../operation.ts';

const ADMIN = 'Administrators only; anyone else gets 403.';

/** The optional attributes POST /users and PUT /users/:id share (spec: POST /users parameters). */
const USER_ATTRIBUTES: Record<string, Schema> = {
  admin: boolean({ default: false }),
  bio: string({ default: '' }),
  can_create_group: boolean(),
  color_scheme_id: integer(),
  email: string(),
  extern_uid: string(),
  external: boolean({ default: false }),
  extra_shared_runners_minutes_limit: integer({ description: 'higher-tier' }),
  group_id_for_saml: integer(),
  linkedin: string(),
  location: string(),
  name: string(),
  note: string(),
  organization: string(),
  password: string({ writeOnly: true }),
  private_profile: { type: ['boolean', 'null'], default: false, description: 'null is converted to false' },
  projects_limit: integer(),
  provider: string(),
  public_email: string(),
  shared_runners_minutes_limit: {
    type: ['integer', 'null'],
    description: 'higher-tier; null (default) inherits the system default, 0 is unlimited, above 0 a quota',
  },
  skype: string(),
  theme_id: integer(),
  twitter: string(),
  username: string(),
  website_url: string(),
};

const AVATAR = { avatar: 'the avatar image file' };

/** The four moves of the user account state table: POST /users/:id/<move>, 201, bodies not shown. */
function stateMove(move: string, summary: string, rule: string): Operation {
  return {
    method: 'POST',
    path: `/users/:id(int)/${move}`,
    operationId: `${move}User`,
    tag: 'users',
    summary,
    description: `${ADMIN} ${rule} 404 when the user does not exist.`,
    auth: 'admin',
    refusedClause: 'users.transitions.non_admin',
    success: { status: 201, notShown: `The response body of POST /users/:id/${move} is not shown in the spec.` },
  };
}

const LIST_FILTERS: Record<string, Schema> = {
  search: string({ description: 'matches name or primary e-mail' }),
  username: string({ description: 'exact lookup; case-insensitive' }),
  active: boolean({ description: 'only true is supported: active users' }),
  blocked: boolean({ description: 'only true is supported: blocked users' }),
  order_by: oneOf(['id', 'name', 'username', 'created_at', 'updated_at'], { default: 'id', description: 'admin' }),
  sort: oneOf(['asc', 'desc'], { default: 'desc', description: 'admin' }),
  two_factor: oneOf(['enabled', 'disabled'], { description: 'admin; default returns all' }),
  without_projects: boolean({ default: false, description: 'admin' }),
  extern_uid: string({ description: 'admin; with provider, lookup by external identity' }),
  provider: string({ description: 'admin; with extern_uid, lookup by external identity' }),
  external: boolean({ description: 'admin; true lists external users' }),
  created_before: datetime({ description: 'admin' }),
  created_after: datetime({ description: 'admin' }),
  custom_attributes: object({}, [], {
    additionalProperties: { type: 'string' },
    description: 'admin; custom_attributes[key]=value filters by custom attribute',
  }),
  with_custom_attributes: boolean({ description: 'include custom attributes' }),
};

export const USER_OPERATIONS: Operation[] = [
  {
    method: 'GET',
    path: '/users',
    operationId: 'listUsers',
    tag: 'users',
    summary: 'List users',
    description: 'Administrators see the admin view of each user, others the public list view.',
    auth: 'authenticated',
    query: LIST_FILTERS,
    list: true,
    success: { status: 200, view: ['user.basic', 'user.admin'], clause: 'users.list.shape' },
  },
  {
    method: 'GET',
    path: '/users/:id(int)',
    operationId: 'getUser',
    tag: 'users',
    summary: 'Get one user',
    description: 'Administrators get the admin view, others the single-user view.',
    auth: 'authenticated',
    query: { with_custom_attributes: boolean() },
    success: { status: 200, view: ['user.public', 'user.admin'] },
  },
  {
    method: 'POST',
    path: '/users',
    operationId: 'createUser',
    tag: 'users',
    summary: 'Create a user',
    description: `${ADMIN} Besides email, name and username, one of password, reset_password or force_random_password is required.`,
    auth: 'admin',
    refusedClause: 'users.create.non_admin',
    body: {
      fields: {
        ...USER_ATTRIBUTES,
        force_random_password: boolean({ default: false, description: 'takes priority over password' }),
        reset_password: boolean({ default: false, description: 'sends a reset link; takes priority over password' }),
        skip_confirmation: boolean({ default: false }),
      },
      required: ['email', 'name', 'username'],
      atLeastOne: ['password', 'reset_password', 'force_random_password'],
      files: AVATAR,
    },
    sample: { username: '{name}', email: '{name}@example.com', name: '{name}', force_random_password: true, skip_confirmation: true },
    success: { status: 201, notShown: 'The response body of POST /users is not shown in the spec.' },
    // A taken username or e-mail: 409 (a conflicting resource exists).
    extraStatuses: [409],
  },
  {
    method: 'PUT',
    path: '/users/:id(int)',
    operationId: 'updateUser',
    tag: 'users',
    summary: 'Modify a user',
    description: `${ADMIN} A password update forces the user to change it at the next login. Answers 404 even where 409 would fit better (for example an e-mail that already exists).`,
    auth: 'admin',
    refusedClause: 'users.create.non_admin',
    body: { fields: { ...USER_ATTRIBUTES, skip_reconfirmation: boolean({ default: false }) }, files: AVATAR },
    sample: { bio: '{name}' },
    success: { status: 200, notShown: 'The response body of PUT /users/:id is not shown in the spec.' },
  },
  {
    method: 'DELETE',
    path: '/users/:id(int)',
    operationId: 'deleteUser',
    tag: 'users',
    summary: 'Delete a user',
    description: `${ADMIN} 409 when the user cannot be soft deleted.`,
    auth: 'admin',
    refusedClause: 'users.create.non_admin',
    query: {
      hard_delete: boolean({
        description: 'also delete contributions that would move to the ghost user, and groups solely owned by the user',
      }),
    },
    success: { status: 204 },
    // 412: If-Unmodified-Since older than the user's last change (Errors > Status codes).
    extraStatuses: [409, 412],
  },
  {
    method: 'DELETE',
    path: '/users/:id(int)/identities/:provider',
    operationId: 'deleteUserIdentity',
    tag: 'users',
    summary: 'Delete an external identity of a user',
    description: ADMIN,
    auth: 'admin',
    refusedClause: 'users.create.non_admin',
    success: { status: 204 },
  },
  {
    method: 'GET',
    path: '/user',
    operationId: 'getCurrentUser',
    tag: 'users',
    summary: 'Get the current user',
    description: "An administrator's view adds is_admin, job_title and the sign-in IPs.",
    auth: 'authenticated',
    success: { status: 200, view: ['user.current', 'user.current-admin'] },
  },
  {
    method: 'GET',
    path: '/user/status',
    operationId: 'getCurrentUserStatus',
    tag: 'user-status',
    summary: 'Get the status of the current user',
    auth: 'authenticated',
    success: { status: 200, view: 'user.status', clause: 'users.status.shape' },
  },
  {
    method: 'GET',
    path: '/users/:id_or_username/status',
    operationId: 'getUserStatus',
    tag: 'user-status',
    summary: 'Get the status of a user',
    description: 'Whether this endpoint needs authentication is left open by the spec.',
    auth: 'public',
    success: { status: 200, view: 'user.status', clause: 'users.status.shape' },
  },
  {
    method: 'PUT',
    path: '/user/status',
    operationId: 'setCurrentUserStatus',
    tag: 'user-status',
    summary: 'Set the status of the current user',
    description: 'Both fields empty clears the status.',
    auth: 'authenticated',
    body: {
      fields: {
        emoji: string({ description: 'name of an emoji from an emoji index; speech_balloon when omitted' }),
        message: string({ description: 'may contain emoji codes' }),
      },
    },
    success: { status: 200, view: 'user.status', clause: 'users.status.shape' },
  },
  {
    method: 'GET',
    path: '/user_counts',
    operationId: 'getUserCounts',
    tag: 'users',
    summary: "Counts of the current user's assigned work",
    auth: 'authenticated',
    success: { status: 200, view: 'user.counts', clause: 'users.counts.shape' },
  },
  {
    method: 'GET',
    path: '/user/activities',
    operationId: 'listUserActivities',
    tag: 'users',
    summary: 'Last activity dates of users, oldest to newest',
    description: ADMIN,
    auth: 'admin',
    refusedClause: 'users.activities.non_admin',
    query: { from: date({ description: `YEAR-MONTH-DAY; default ${ACTIVITY_WINDOW_MONTHS} months ago` }) },
    list: true,
    success: { status: 200, view: 'user.activity', clause: 'users.activities.shape' },
  },
  {
    method: 'GET',
    path: '/users/:id(int)/memberships',
    operationId: 'listUserMemberships',
    tag: 'users',
    summary: 'Direct memberships of a user',
    description: `${ADMIN} Only direct memberships are listed. 400 if type is unsupported.`,
    auth: 'admin',
    refusedClause: 'users.memberships.non_admin',
    query: { type: oneOf(['Project', 'Namespace'], { description: 'Namespace means a group' }) },
    list: true,
    success: { status: 200, view: 'user.membership', clause: 'users.memberships.shape' },
  },
  stateMove('block', 'Block a user', '403 when the user was blocked by directory (LDAP) synchronization.'),
  stateMove('unblock', 'Unblock a user', '403 when the user was blocked by directory (LDAP) synchronization.'),
  stateMove(
    'deactivate',
    'Deactivate a user',
    `403 when the user is blocked (by an admin or by directory synchronization) or had activity in the past ${DEACTIVATION_INACTIVE_DAYS} days.`,
  ),
  stateMove('activate', 'Activate a deactivated user', '403 when the user is blocked by an admin or by directory synchronization.'),
];
