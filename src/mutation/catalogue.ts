/**
 * The fault catalogue: realistic bugs the reference server can switch on at start-up
 * (REFERENCE_FAULTS=id,id or the `faults` option), each tied to the clause it breaks and to the
 * suites that must catch it. The kit proves its teeth by failing the reference with each one.
 *
 *   CATALOGUE.find((f) => f.id === 'status.create-200')?.clause  // 'broadcast.create.status'
 */
export interface Fault {
  id: string;
  /** The clause the fault breaks (a test citing it must fail). */
  clause: string;
  /** Suites enough to catch it: folders or files under suites/ ('errors', 'suites/users/states.test.ts'). */
  suites: string[];
}

export const CATALOGUE: readonly Fault[] = [
  { id: 'status.create-200', clause: 'broadcast.create.status', suites: ['broadcast-messages'] },
  { id: 'status.delete-200', clause: 'broadcast.delete.status', suites: ['broadcast-messages'] },
  { id: 'broadcast.read-requires-auth', clause: 'broadcast.get.public', suites: ['broadcast-messages'] },
  { id: 'broadcast.write-allows-user', clause: 'broadcast.auth.user_403', suites: ['broadcast-messages'] },
  { id: 'broadcast.default-type-notification', clause: 'broadcast.create.type_default', suites: ['broadcast-messages'] },
  { id: 'broadcast.ends-at-default-two-hours', clause: 'broadcast.create.ends_at_default', suites: ['broadcast-messages'] },
  { id: 'broadcast.update-resets-omitted', clause: 'broadcast.update.applies', suites: ['broadcast-messages'] },
  { id: 'broadcast.ignores-color', clause: 'broadcast.create.attributes', suites: ['broadcast-messages'] },
  { id: 'pagination.no-link-last', clause: 'conv.pagination.link_last', suites: ['pagination'] },
  { id: 'pagination.x-total-off-by-one', clause: 'conv.pagination.x_total', suites: ['pagination'] },
  { id: 'pagination.link-drops-filters', clause: 'conv.pagination.link_follow', suites: ['pagination'] },
  { id: 'errors.unknown-route-message-body', clause: 'errors.unknown_route.body', suites: ['errors'] },
  { id: 'errors.missing-attr-unnamed', clause: 'errors.missing_attr.message_string', suites: ['errors'] },
  { id: 'errors.405-as-404', clause: 'errors.method.not_allowed', suites: ['errors'] },
  { id: 'auth.401-body', clause: 'auth.401.body', suites: ['broadcast-messages'] },
  { id: 'format.datetime-no-millis', clause: 'conv.types.datetime', suites: ['broadcast-messages'] },
  { id: 'format.json-content-type', clause: 'conv.format.json_response', suites: ['broadcast-messages'] },
  { id: 'epics.relative-always-short', clause: 'epics.field.references_cross', suites: ['suites/epics/hierarchy.test.ts'] },
  { id: 'epics.labels-filter-ignored', clause: 'epics.filter.labels', suites: ['suites/epics/list-filters.test.ts'] },
  { id: 'epics.sort-ignored', clause: 'epics.order.asc', suites: ['suites/epics/list-filters.test.ts'] },
  { id: 'epics.iid-race', clause: 'epics.field.id_iid', suites: ['suites/epics/hierarchy.test.ts'] },
  { id: 'epics.state-event-ignored', clause: 'epics.transition.close', suites: ['suites/epics/transitions.test.ts'] },
  { id: 'epics.description-truncated', clause: 'epics.create.description_limit', suites: ['suites/epics/limits.test.ts'] },
  { id: 'epics.fixed-fields-for-all', clause: 'epics.field.fixed_hidden', suites: ['suites/epics/fields.test.ts'] },
  { id: 'todos.repeat-201', clause: 'todos.create.duplicate_304', suites: ['suites/todos/epic-todo.test.ts'] },
  { id: 'tokens.value-shown', clause: 'tokens.list.no_token_value', suites: ['suites/impersonation-tokens/read.test.ts'] },
  { id: 'tokens.revoked-still-accepted', clause: 'tokens.delete.rejected', suites: ['suites/impersonation-tokens/revoke.test.ts'] },
  { id: 'tokens.revoke-noop', clause: 'tokens.delete.revoked', suites: ['suites/impersonation-tokens/revoke.test.ts'] },
  { id: 'tokens.impersonation-flag-dropped', clause: 'tokens.field.shape', suites: ['suites/impersonation-tokens/create.test.ts'] },
  { id: 'tokens.state-filter-ignored', clause: 'tokens.filter.active', suites: ['suites/impersonation-tokens/revoke.test.ts'] },
  { id: 'keys.duplicate-409', clause: 'keys.create_own.duplicate_status', suites: ['suites/ssh-keys/create-errors.test.ts'] },
  { id: 'keys.duplicate-message-string', clause: 'keys.create_own.duplicate_fingerprint', suites: ['suites/ssh-keys/create-errors.test.ts'] },
  { id: 'keys.unchecked', clause: 'errors.validation.status', suites: ['suites/ssh-keys/create-errors.test.ts'] },
  { id: 'keys.list-by-id-only', clause: 'keys.list_user.by_id', suites: ['suites/ssh-keys/admin.test.ts'] },
  { id: 'gpg.parse-error-500', clause: 'errors.validation.status', suites: ['suites/gpg-keys/own.test.ts'] },
  { id: 'emails.duplicate-409', clause: 'emails.create_own.taken_status', suites: ['suites/emails/taken.test.ts'] },
  { id: 'emails.duplicate-base-error', clause: 'emails.create_own.taken_body', suites: ['suites/emails/taken.test.ts'] },
  { id: 'emails.primary-not-checked', clause: 'emails.create_own.taken_status', suites: ['suites/emails/taken.test.ts'] },
  { id: 'users.admin-list-hides-is-admin', clause: 'users.list.admin_fields_account', suites: ['suites/users/views.test.ts'] },
  { id: 'users.normal-views-show-email', clause: 'users.get.non_admin_hidden', suites: ['suites/users/views.test.ts'] },
  { id: 'users.current-shows-admin-fields', clause: 'users.current.non_admin_hidden', suites: ['suites/users/views.test.ts'] },
  { id: 'users.search-ignores-email', clause: 'users.list.filter.search_email', suites: ['suites/users/filters.test.ts'] },
  { id: 'users.username-case-sensitive', clause: 'users.list.filter.username_case', suites: ['suites/users/filters.test.ts'] },
  { id: 'users.active-filter-keeps-blocked', clause: 'users.list.filter.active', suites: ['suites/users/filters.test.ts'] },
  { id: 'users.blocked-filter-ignored', clause: 'users.list.filter.blocked', suites: ['suites/users/filters.test.ts'] },
  { id: 'users.external-filter-ignored', clause: 'users.list.filter.external', suites: ['suites/users/filters.test.ts'] },
  { id: 'users.two-factor-filter-inverted', clause: 'users.list.filter.two_factor_disabled', suites: ['suites/users/filters.test.ts'] },
  { id: 'users.without-projects-ignored', clause: 'users.list.filter.without_projects', suites: ['suites/users/filters.test.ts'] },
  { id: 'users.extern-uid-ignores-provider', clause: 'users.list.filter.extern_uid', suites: ['suites/users/filters.test.ts'] },
  { id: 'users.created-filters-ignored', clause: 'users.list.filter.created_before', suites: ['suites/users/filters.test.ts'] },
  { id: 'query.plus-literal', clause: 'conv.query.plus_is_space', suites: ['suites/users/filters.test.ts'] },
  { id: 'users.order-by-ignored', clause: 'users.list.order.name', suites: ['suites/users/order.test.ts'] },
  { id: 'users.sort-ignored', clause: 'users.list.sort.asc', suites: ['suites/users/order.test.ts'] },
  { id: 'users.default-order-asc', clause: 'users.list.order.default', suites: ['suites/users/order.test.ts'] },
  { id: 'users.password-optional', clause: 'users.create.password_required', suites: ['suites/users/create.test.ts'] },
  { id: 'users.private-profile-null-kept', clause: 'users.create.private_profile_null', suites: ['suites/users/create.test.ts'] },
  { id: 'users.skip-confirmation-ignored', clause: 'users.create.skip_confirmation', suites: ['suites/users/create.test.ts'] },
  { id: 'users.create-ignores-identity', clause: 'users.create.identity', suites: ['suites/users/create.test.ts'] },
  { id: 'parse.no-multipart', clause: 'users.create.avatar', suites: ['suites/users/create.test.ts'] },
  { id: 'users.update-conflict-409', clause: 'users.update.conflict_404', suites: ['suites/users/update-delete.test.ts'] },
  { id: 'users.update-resets-omitted', clause: 'users.update.partial', suites: ['suites/users/update-delete.test.ts'] },
  { id: 'users.delete-ignores-sole-owner', clause: 'users.delete.conflict_409', suites: ['suites/users/update-delete.test.ts'] },
  { id: 'users.hard-delete-keeps-groups', clause: 'users.delete.hard_delete_groups', suites: ['suites/users/update-delete.test.ts'] },
  { id: 'users.identity-delete-noop', clause: 'users.identities.delete.effect', suites: ['suites/users/update-delete.test.ts'] },
  { id: 'users.precondition-ignored', clause: 'errors.precondition.412', suites: ['suites/users/update-delete.test.ts'] },
];
