/**
 * The view each GET of the spec answers, where it does not depend on the caller: the response
 * checks validate every such 200 against its schema, whatever test made the request.
 *
 *   viewOf('/user/keys/7')   // { schema: 'ssh-key', array: false, clause: 'keys.field.shape' }
 *   viewOf('/users/3/emails') // { schema: 'email', array: true }
 */
export interface RouteView {
  schema: string;
  array: boolean;
  /** The clause of the view's shape: where a body that does not match it lands on the clause matrix. */
  clause: string;
}

const SEG = '[^/?]+';
const ROUTES: [RegExp, string, boolean, string][] = [
  [/^\/broadcast_messages$/, 'broadcast-message', true, 'broadcast.field.shape'],
  [new RegExp(`^/broadcast_messages/${SEG}$`), 'broadcast-message', false, 'broadcast.field.shape'],
  [new RegExp(`^/(user|users/${SEG})/keys$`), 'ssh-key', true, 'keys.field.shape'],
  [new RegExp(`^/user/keys/${SEG}$`), 'ssh-key', false, 'keys.field.shape'],
  [new RegExp(`^/(user|users/${SEG})/gpg_keys$`), 'gpg-key', true, 'gpg.field.shape'],
  [new RegExp(`^/(user|users/${SEG})/gpg_keys/${SEG}$`), 'gpg-key', false, 'gpg.field.shape'],
  [new RegExp(`^/(user|users/${SEG})/emails$`), 'email', true, 'emails.field.shape'],
  [new RegExp(`^/user/emails/${SEG}$`), 'email', false, 'emails.field.shape'],
  [new RegExp(`^/users/${SEG}/impersonation_tokens$`), 'impersonation-token', true, 'tokens.field.shape'],
  [new RegExp(`^/users/${SEG}/impersonation_tokens/${SEG}$`), 'impersonation-token', false, 'tokens.field.shape'],
  [new RegExp(`^/(user|users/${SEG})/status$`), 'user.status', false, 'users.status.shape'],
  [/^\/user_counts$/, 'user.counts', false, 'users.counts.shape'],
  [/^\/user\/activities$/, 'user.activity', true, 'users.activities.shape'],
  [new RegExp(`^/users/${SEG}/memberships$`), 'user.membership', true, 'users.memberships.shape'],
  [new RegExp(`^/projects/${SEG}/clusters$`), 'cluster', true, 'clusters.list.shape'],
  [new RegExp(`^/projects/${SEG}/clusters/${SEG}$`), 'cluster.detail', false, 'clusters.get.shape'],
  [new RegExp(`^/projects/${SEG}/variables$`), 'variable.list', true, 'variables.list.fields'],
  [new RegExp(`^/projects/${SEG}/variables/${SEG}$`), 'variable.show', false, 'variables.get.fields'],
  [new RegExp(`^/projects/${SEG}/dependencies$`), 'dependency', true, 'deps.field.shape'],
  [new RegExp(`^/groups/${SEG}/epics$`), 'epic', true, 'epics.field.core'],
  [new RegExp(`^/groups/${SEG}/epics/${SEG}$`), 'epic.detail', false, 'epics.field.core'],
];

/** The view of a GET path (under /api/v4, without the query), or undefined when unknown or caller-dependent. */
export const VIEW_CLAUSES: readonly string[] = [...new Set(ROUTES.map((r) => r[3]))];

export function viewOf(path: string): RouteView | undefined {
  for (const [re, schema, array, clause] of ROUTES) if (re.test(path)) return { schema, array, clause };
  return undefined;
}
