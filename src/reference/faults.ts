/**
 * Deliberate, realistic bugs the kit's mutation testing switches on at start-up, one id each.
 * None is active by default; route code asks `ctx.has('status.create-200')` at the one place
 * the bug would live.
 *
 *   const faults = createFaults(['pagination.no-link-last']);
 *   faults.has('pagination.no-link-last'); // true
 */
import type { ApiErrorCode } from './errors.ts';

export const FAULTS = [
  { id: 'status.create-200', description: 'every creating POST answers 200 instead of 201' },
  { id: 'status.delete-200', description: 'DELETE answers 200 with the deleted object instead of 204' },
  { id: 'broadcast.read-requires-auth', description: 'GETs of broadcast messages need a token' },
  { id: 'broadcast.write-allows-user', description: 'a non-admin may create, update and delete broadcast messages' },
  { id: 'broadcast.default-type-notification', description: 'broadcast_type defaults to notification' },
  { id: 'broadcast.ends-at-default-two-hours', description: 'ends_at defaults to two hours after now' },
  { id: 'broadcast.update-resets-omitted', description: 'PUT resets omitted attributes to their defaults' },
  { id: 'broadcast.ignores-color', description: 'color given on create is not stored; the default is returned' },
  { id: 'pagination.no-link-last', description: 'the Link header has no rel="last"' },
  { id: 'pagination.x-total-off-by-one', description: 'X-Total is one more than the number of items' },
  { id: 'pagination.link-drops-filters', description: 'Link URLs lose the other query parameters' },
  { id: 'pagination.next-on-last-page', description: 'the last page also links rel="next" (to the page after it)' },
  { id: 'pagination.link-drops-per-page', description: 'Link URLs lose per_page (the other query parameters are kept)' },
  { id: 'pagination.page-two-repeats-first', description: 'page 2 returns the items of page 1' },
  { id: 'pagination.no-x-total-pages', description: 'the X-Total-Pages header is not sent' },
  { id: 'pagination.no-x-per-page', description: 'the X-Per-Page header is not sent' },
  { id: 'pagination.x-page-zero-based', description: 'X-Page counts from 0 (page 1 says X-Page: 0)' },
  { id: 'pagination.no-x-next-page', description: 'the X-Next-Page header is not sent' },
  { id: 'pagination.no-x-prev-page', description: 'the X-Prev-Page header is not sent' },
  { id: 'errors.unknown-route-message-body', description: 'unknown route answers {"message":"404 Not Found"}' },
  { id: 'errors.missing-attr-unnamed', description: 'missing-attribute 400 says "Bad request" without naming it' },
  { id: 'auth.401-body', description: '401 body is {"error":"unauthorized"}' },
  { id: 'format.datetime-no-millis', description: 'datetimes are serialized without milliseconds' },
  { id: 'format.json-content-type', description: 'JSON bodies are sent as text/plain' },
  { id: 'format.datetime-offset', description: 'datetimes are serialized with a +00:00 offset instead of Z' },
  { id: 'format.ids-as-strings', description: 'every "id" of a JSON body is sent as a string' },
  { id: 'auth.sudo-ignored', description: 'the sudo header and query parameter are ignored' },
  { id: 'auth.bearer-ignored', description: 'the Authorization: Bearer header is not read: requests carrying only it are anonymous' },
  { id: 'auth.private-token-query-ignored', description: 'the private_token query parameter is not read: requests carrying only it are anonymous' },
  { id: 'errors.405-as-404', description: 'an unsupported method answers the 404 unknown-route body' },
  { id: 'epics.relative-always-short', description: 'references.relative is the short form even when the epic is read through another group' },
  { id: 'epics.labels-filter-ignored', description: 'the labels filter of the epic list is ignored' },
  { id: 'epics.sort-ignored', description: 'the sort parameter of the epic list is ignored (always descending)' },
  { id: 'epics.iid-race', description: 'the next epic iid is read (max + 1) before a storage round trip, so concurrent creates share it' },
  { id: 'epics.state-event-ignored', description: 'PUT ignores state_event' },
  { id: 'epics.description-truncated', description: 'a description over 1,048,576 characters is cut to the limit and accepted' },
  { id: 'epics.fixed-fields-for-all', description: 'the fixed/inherited date fields are shown to callers who cannot edit the epic' },
  { id: 'todos.repeat-201', description: 'a second todo on the same epic is created again (201) instead of 304' },
  { id: 'tokens.value-shown', description: 'list and single GET of impersonation tokens show the token value' },
  { id: 'tokens.revoked-still-accepted', description: 'authentication does not look at the revoked flag: a revoked token still works' },
  { id: 'tokens.revoke-noop', description: 'DELETE of an impersonation token answers 204 but leaves it active' },
  { id: 'tokens.impersonation-flag-dropped', description: 'impersonation tokens are shown with impersonation: false' },
  { id: 'tokens.state-filter-ignored', description: 'the state filter of the impersonation token list is ignored' },
  { id: 'keys.duplicate-409', description: 'a duplicate SSH key answers 409 {"message":"Fingerprint has already been taken"}' },
  { id: 'keys.duplicate-message-string', description: 'a duplicate SSH key answers 400 with message as a string' },
  { id: 'keys.unchecked', description: 'the SSH key text is not checked: garbage is stored (201)' },
  { id: 'keys.list-by-id-only', description: 'GET /users/:id_or_username/keys finds users by id only (a username is 404)' },
  { id: 'gpg.parse-error-500', description: 'an armored block openpgp cannot parse ends in a 500' },
  { id: 'emails.duplicate-409', description: 'an address already taken answers 409 {"message":"Email has already been taken"}' },
  { id: 'emails.duplicate-base-error', description: 'an address already taken answers 400 keyed by base, not email' },
  { id: 'emails.primary-not-checked', description: "only secondary addresses count as taken: anyone's primary address is accepted" },
  { id: 'users.block-not-applied', description: 'POST /users/:id/block answers 201 but the user stays as it was (a blocked user reads as active)' },
  { id: 'users.block-refuses-deactivated', description: 'blocking a deactivated user answers 403' },
  { id: 'users.unblock-not-applied', description: 'POST /users/:id/unblock answers 201 but the user stays blocked' },
  { id: 'users.deactivate-ignores-activity', description: 'deactivation ignores activity in the past 180 days' },
  { id: 'users.deactivate-allows-blocked', description: 'a user blocked by an admin can be deactivated' },
  { id: 'users.activate-allows-blocked', description: 'activating a blocked user makes it active instead of 403' },
  { id: 'users.transitions-allow-user', description: 'block, unblock, deactivate and activate are open to any authenticated user' },
  { id: 'users.transitions-ignore-ldap', description: 'block and unblock ignore a block by directory (LDAP) synchronization' },
  { id: 'users.activity-not-recorded', description: 'API use does not update the user\'s last_activity_on' },
  { id: 'users.activities-newest-first', description: 'GET /user/activities lists the newest activity first' },
  { id: 'users.activities-ignore-from', description: 'GET /user/activities ignores from (the six-month default applies)' },
  { id: 'users.activities-allow-user', description: 'GET /user/activities is open to any authenticated user' },
  { id: 'users.status-put-merges', description: 'PUT /user/status keeps the old values of the fields it omits' },
  { id: 'users.status-clear-ignored', description: 'PUT /user/status with emoji and message both empty keeps the old status' },
  { id: 'users.memberships-inherited', description: 'memberships list the projects reached through a group membership' },
  { id: 'users.memberships-type-ignored', description: 'the type filter of memberships is ignored' },
  { id: 'users.memberships-bad-type-ignored', description: 'an unsupported memberships type is ignored (200, unfiltered) instead of 400' },
  { id: 'auth.sudo-scope-unchecked', description: 'sudo works with an admin token that lacks the sudo scope' },
  { id: 'auth.sudo-username-case-sensitive', description: 'a sudo username is matched case-sensitively' },
  { id: 'auth.sudo-scope-before-admin', description: 'sudo by a non-admin answers insufficient_scope: the scope is checked before the admin rule' },
  { id: 'auth.sudo-unknown-user-ignored', description: 'sudo naming an unknown user is ignored: the request runs as the token owner' },
  { id: 'auth.admin-only-open', description: 'routes declared admin-only accept any authenticated user' },
  { id: 'users.admin-list-hides-is-admin', description: 'the admin list view of GET /users leaves out is_admin' },
  { id: 'users.normal-views-show-email', description: "a normal caller's GET /users and GET /users/:id show the e-mail address" },
  { id: 'users.current-shows-admin-fields', description: 'GET /user gives a normal caller the admin view (is_admin, sign-in IPs, note)' },
  { id: 'users.search-ignores-email', description: 'GET /users?search= matches name and username only, not the e-mail' },
  { id: 'users.username-case-sensitive', description: 'GET /users?username= is a case-sensitive match' },
  { id: 'users.active-filter-keeps-blocked', description: 'GET /users?active=true also lists blocked users' },
  { id: 'users.blocked-filter-ignored', description: 'GET /users?blocked=true is ignored: every user is listed' },
  { id: 'users.external-filter-ignored', description: 'GET /users?external=true is ignored' },
  { id: 'users.two-factor-filter-inverted', description: 'two_factor=disabled lists the users with two-factor authentication (and enabled the others)' },
  { id: 'users.without-projects-ignored', description: 'GET /users?without_projects=true is ignored' },
  { id: 'users.extern-uid-ignores-provider', description: 'the extern_uid lookup ignores provider: any provider with that extern_uid matches' },
  { id: 'users.created-filters-ignored', description: 'created_before and created_after are ignored' },
  { id: 'users.order-by-ignored', description: 'order_by is ignored: users always come by id' },
  { id: 'users.sort-ignored', description: 'sort is ignored: users always come in descending order' },
  { id: 'users.default-order-asc', description: 'GET /users without order_by and sort lists users by id ascending' },
  { id: 'users.password-optional', description: 'POST /users without password, reset_password or force_random_password creates the user' },
  { id: 'users.private-profile-null-kept', description: 'private_profile=null on create is stored and shown as null' },
  { id: 'users.skip-confirmation-ignored', description: 'skip_confirmation is ignored: the user stays unconfirmed (confirmed_at null)' },
  { id: 'users.create-ignores-identity', description: 'extern_uid and provider on create are accepted but no identity is stored' },
  { id: 'users.update-conflict-409', description: 'PUT /users/:id with a taken e-mail answers 409, where the spec says 404' },
  { id: 'users.update-resets-omitted', description: 'PUT /users/:id resets the profile attributes it was not given' },
  { id: 'users.delete-ignores-sole-owner', description: 'DELETE /users/:id deletes the sole owner of a group (204) instead of 409' },
  { id: 'users.hard-delete-keeps-groups', description: 'DELETE /users/:id?hard_delete=true leaves the groups the user solely owned' },
  { id: 'users.identity-delete-noop', description: 'DELETE /users/:id/identities/:provider answers 204 but keeps the identity' },
  { id: 'users.precondition-ignored', description: 'DELETE /users/:id ignores If-Unmodified-Since' },
  { id: 'query.plus-literal', description: 'a + in the query string stays a plus instead of a space' },
  { id: 'parse.no-multipart', description: 'multipart/form-data bodies are refused (415): no file uploads' },
  { id: 'clusters.token-returned', description: 'cluster responses show the API token in platform_kubernetes.token' },
  { id: 'clusters.list-embeds-project', description: 'GET /projects/:id/clusters embeds the project in every item' },
  { id: 'clusters.default-authorization-abac', description: 'a cluster added without authorization_type gets abac instead of rbac' },
  { id: 'clusters.developer-can-read', description: 'developers may list and read clusters (maintainer needed)' },
  { id: 'variables.key-sanitized', description: 'a variable key with characters outside A-Z a-z 0-9 _ is sanitized (to _) and accepted' },
  { id: 'variables.key-truncated', description: 'a variable key over 255 characters is truncated to 255 and accepted' },
  { id: 'variables.show-drops-masked', description: 'GET /projects/:id/variables/:key leaves out masked' },
  { id: 'variables.default-scope-blank', description: 'a variable created without environment_scope gets an empty scope instead of *' },
  { id: 'variables.default-type-file', description: 'a variable created without variable_type gets file instead of env_var' },
  { id: 'variables.filter-ignored-on-update', description: 'PUT /projects/:id/variables/:key ignores filter[environment_scope]' },
  { id: 'deps.guest-reads', description: 'a guest member may read the dependency list (security dashboard needs developer)' },
  { id: 'deps.filter-ignored', description: 'package_manager[] is ignored: every dependency is listed' },
  { id: 'pagination.keyset-offset-headers', description: 'keyset pages also carry X-Total, X-Page and the other offset headers' },
  { id: 'pagination.keyset-per-page-unclamped', description: 'keyset pagination serves more than 100 items when per_page asks for more' },
  { id: 'projects.get-requires-auth', description: 'GET /projects/:id needs a token even for a public project' },
  { id: 'deps.public-without-auth', description: 'the dependency list of a public project is served without credentials' },
  { id: 'text.non-ascii-mangled', description: 'broadcast messages are stored in a column without 4-byte UTF-8: characters outside the BMP (emoji, rare CJK) come back as U+FFFD' },
  { id: 'text.html-escaped', description: 'epic titles are returned HTML-escaped (<, >, &, quotes as entities)' },
  { id: 'text.long-values-cut', description: 'epic descriptions are stored in a column of 1,048,576 bytes: a description within the limit in characters but longer in UTF-8 bytes is cut' },
  { id: 'dates.month-end-shifted', description: "an epic's due_date_fixed on the last day of a month is stored a day early" },
] as const satisfies ReadonlyArray<{ id: string; description: string }>;

export type FaultId = (typeof FAULTS)[number]['id'];

export interface Faults {
  has(id: FaultId): boolean;
  readonly active: ReadonlySet<FaultId>;
}

const KNOWN = new Set<string>(FAULTS.map((f) => f.id));

export function isFaultId(id: string): id is FaultId {
  return KNOWN.has(id);
}

/** Throws on an unknown id: a misspelt fault must not silently test nothing. */
export function createFaults(ids: Iterable<string> = []): Faults {
  const active = new Set<FaultId>();
  for (const id of ids) {
    if (!isFaultId(id)) {
      throw new Error(`Unknown reference fault "${id}". Known: ${[...KNOWN].join(', ')}`);
    }
    active.add(id);
  }
  return { has: (id) => active.has(id), active };
}

/** Error bodies as a faulty server would render them; undefined when no fault applies. */
export function faultyErrorBody(code: ApiErrorCode, faults: Faults): object | undefined {
  if (code === 'unauthorized' && faults.has('auth.401-body')) return { error: 'unauthorized' };
  if (code === 'route_not_found' && faults.has('errors.unknown-route-message-body')) {
    return { message: '404 Not Found' };
  }
  if (code === 'missing_attribute' && faults.has('errors.missing-attr-unnamed')) {
    return { message: 'Bad request' };
  }
  return undefined;
}
