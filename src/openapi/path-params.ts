/**
 * Path templates: the table's notation (`/users/:id(int)/keys/:key_id(int)`) as an OpenAPI
 * path (`/users/{id}/keys/{key_id}`) and its path parameters, each described by what the
 * segment before it names (the spec's rules for ids and URL-encoded paths).
 *
 *   openapiPath('/groups/:id/epics/:epic_iid(int)')  // '/groups/{id}/epics/{epic_iid}'
 *   pathParams('/groups/:id/epics/:epic_iid(int)')   // [{ name: 'id', integer: false, description: ... }, { name: 'epic_iid', integer: true, ... }]
 */

export interface PathParam {
  name: string;
  /** Marked `(int)`: a decimal integer, anything else does not match the route (404). */
  integer: boolean;
  description: string;
}

/** Description by `<segment before>/<parameter>`. */
const DESCRIPTIONS: Record<string, string> = {
  'projects/id': 'The project: its integer id or its URL-encoded path (NAMESPACE%2FPROJECT_NAME).',
  'groups/id': 'The group: its integer id or its URL-encoded path.',
  'users/id': 'The id of the user.',
  'users/user_id': 'The id of the user.',
  'users/id_or_username': 'The id or the username of the user.',
  'broadcast_messages/id': 'The id of the broadcast message.',
  'clusters/cluster_id': 'The id of the cluster.',
  'variables/key': 'The key of the variable.',
  'keys/key_id': 'The id of the SSH key.',
  'gpg_keys/key_id': 'The id of the GPG key.',
  'emails/email_id': 'The id of the e-mail address.',
  'impersonation_tokens/impersonation_token_id': 'The id of the impersonation token.',
  'identities/provider': 'The external provider name.',
  'epics/epic_iid': 'The internal id (iid) of the epic within its group.',
};

const PARAM = /:(\w+)(\(int\))?/g;

export function openapiPath(path: string): string {
  return path.replace(PARAM, (_m, name: string) => `{${name}}`);
}

/** The path without parameter names: `/users/{}/keys`, to compare templates whatever their names. */
export function pathShape(path: string): string {
  return path.replace(PARAM, '{}').replace(/\{\w+\}/g, '{}');
}

export function pathParams(path: string, overrides: Record<string, string> = {}): PathParam[] {
  const segments = path.split('/');
  const out: PathParam[] = [];
  segments.forEach((segment, i) => {
    const m = /^:(\w+)(\(int\))?$/.exec(segment);
    if (!m) return;
    const name = m[1];
    const description = overrides[name] ?? DESCRIPTIONS[`${segments[i - 1]}/${name}`];
    if (description === undefined) throw new Error(`path ${path}: no description for path parameter ${name}`);
    out.push({ name, integer: m[2] !== undefined, description });
  });
  return out;
}
