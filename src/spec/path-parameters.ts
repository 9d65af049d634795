/**
 * The path parameters of the operation table, once: each keyed by the segment before it and its
 * name (`keys/key_id` in `/users/:id(int)/keys/:key_id(int)`), with what the spec says it holds
 * (the OpenAPI document's description) and the `{placeholder}` the kit's requests fill it with
 * (the authorization matrix's items). A new endpoint whose path holds a new parameter adds one row
 * here; path-parameters.test.ts proves every parameter of the table has a row and every row is used.
 *
 *   pathParameterRow({ resource: 'keys', name: 'key_id' }).placeholder      // 'key_id'
 *   placeholderPath('/users/:id(int)/keys/:key_id(int)')  // { path: '/users/{user_id}/keys/{key_id}', last: 'key_id' }
 */
import { VARIABLE_KEY_MAX_LENGTH, VARIABLE_KEY_PATTERN } from './limits.ts';
import { pathTemplate, type PathParameter } from './paths.ts';

export interface PathParameterRow {
  /** What the parameter holds, as the spec says (the document's description). */
  description: string;
  /** The placeholder the kit fills with a made item's value (one per kind of item). */
  placeholder: string;
  /** The bounds the spec states for its value (the document's schema), if any. */
  bounds?: { maxLength?: number; pattern?: string };
}

const row = (description: string, placeholder: string, bounds?: PathParameterRow['bounds']): PathParameterRow => ({
  description,
  placeholder,
  ...(bounds ? { bounds } : {}),
});

/** By `<segment before>/<parameter>`. */
export const PATH_PARAMETERS: Readonly<Record<string, PathParameterRow>> = {
  'projects/id': row('The project: its integer id or its URL-encoded path (NAMESPACE%2FPROJECT_NAME).', 'project_id'),
  'groups/id': row('The group: its integer id or its URL-encoded path.', 'group_id'),
  'users/id': row('The id of the user.', 'user_id'),
  'users/user_id': row('The id of the user.', 'user_id'),
  'users/id_or_username': row('The id or the username of the user.', 'user_id'),
  'broadcast_messages/id': row('The id of the broadcast message.', 'message_id'),
  'clusters/cluster_id': row('The id of the cluster.', 'cluster_id'),
  'variables/key': row('The key of the variable.', 'variable_key_id', {
    maxLength: VARIABLE_KEY_MAX_LENGTH,
    pattern: VARIABLE_KEY_PATTERN.source,
  }),
  'keys/key_id': row('The id of the SSH key.', 'key_id'),
  'gpg_keys/key_id': row('The id of the GPG key.', 'gpg_key_id'),
  'emails/email_id': row('The id of the e-mail address.', 'email_id'),
  'impersonation_tokens/impersonation_token_id': row('The id of the impersonation token.', 'token_id'),
  'identities/provider': row('The external provider name.', 'provider'),
  'epics/epic_iid': row('The internal id (iid) of the epic within its group.', 'epic_iid'),
};

/** The key of a parameter in PATH_PARAMETERS. */
export const pathParameterKey = (p: Pick<PathParameter, 'resource' | 'name'>): string => `${p.resource}/${p.name}`;

/** The row of a parameter, or undefined when the table has none. */
export function pathParameterRow(p: Pick<PathParameter, 'resource' | 'name'>): PathParameterRow | undefined {
  return PATH_PARAMETERS[pathParameterKey(p)];
}

const noRow = (p: PathParameter): never => {
  throw new Error(`path-parameter table: no row ${pathParameterKey(p)}`);
};

/**
 * The path (table notation) with each parameter as its `{placeholder}`, and the placeholder of its
 * last parameter; `missing` throws for a parameter without a row (the caller's error).
 */
export function placeholderPath(path: string, missing: (p: PathParameter) => never = noRow): { path: string; last?: string } {
  let last: string | undefined;
  const filled = pathTemplate(path, (p) => {
    last = pathParameterRow(p)?.placeholder ?? missing(p);
    return last;
  });
  return { path: filled, last };
}
