/**
 * The view each GET of the spec answers, where it does not depend on the caller: the response
 * checks validate every such 200 against its schema, whatever test made the request.
 *
 *   viewOf('/user/keys/7')   // { schema: 'ssh-key', array: false }
 *   viewOf('/users/3/emails') // { schema: 'email', array: true }
 */
export interface RouteView {
  schema: string;
  array: boolean;
}

const SEG = '[^/?]+';
const ROUTES: [RegExp, string, boolean][] = [
  [/^\/broadcast_messages$/, 'broadcast-message', true],
  [new RegExp(`^/broadcast_messages/${SEG}$`), 'broadcast-message', false],
  [new RegExp(`^/(user|users/${SEG})/keys$`), 'ssh-key', true],
  [new RegExp(`^/user/keys/${SEG}$`), 'ssh-key', false],
  [new RegExp(`^/(user|users/${SEG})/gpg_keys$`), 'gpg-key', true],
  [new RegExp(`^/(user|users/${SEG})/gpg_keys/${SEG}$`), 'gpg-key', false],
  [new RegExp(`^/(user|users/${SEG})/emails$`), 'email', true],
  [new RegExp(`^/user/emails/${SEG}$`), 'email', false],
  [new RegExp(`^/users/${SEG}/impersonation_tokens$`), 'impersonation-token', true],
  [new RegExp(`^/users/${SEG}/impersonation_tokens/${SEG}$`), 'impersonation-token', false],
  [new RegExp(`^/(user|users/${SEG})/status$`), 'user.status', false],
  [/^\/user_counts$/, 'user.counts', false],
  [/^\/user\/activities$/, 'user.activity', true],
  [new RegExp(`^/users/${SEG}/memberships$`), 'user.membership', true],
  [new RegExp(`^/projects/${SEG}/clusters$`), 'cluster', true],
  [new RegExp(`^/projects/${SEG}/clusters/${SEG}$`), 'cluster.detail', false],
  [new RegExp(`^/projects/${SEG}/variables$`), 'variable.list', true],
  [new RegExp(`^/projects/${SEG}/variables/${SEG}$`), 'variable.show', false],
  [new RegExp(`^/projects/${SEG}/dependencies$`), 'dependency', true],
  [new RegExp(`^/groups/${SEG}/epics$`), 'epic', true],
  [new RegExp(`^/groups/${SEG}/epics/${SEG}$`), 'epic.detail', false],
];

/** The view of a GET path (under /api/v4, without the query), or undefined when unknown or caller-dependent. */
export function viewOf(path: string): RouteView | undefined {
  for (const [re, schema, array] of ROUTES) if (re.test(path)) return { schema, array };
  return undefined;
}
