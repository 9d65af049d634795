/**
 * The shape of one row of the operation table (operations/*.ts) and small builders for the
 * JSON Schemas of its parameters and body fields. A row says what the spec says about one
 * method + path: who may call it, its parameters and body, the view of its success body and the
 * clause that states that view's shape. The OpenAPI document (src/openapi/), the kit's response
 * checks (route-views.ts) and the authorization matrix (authorization-matrix.ts) are built from the rows.
 *
 *   const row: Operation = {
 *     method: 'GET', path: '/broadcast_messages/:id(int)', operationId: 'getBroadcastMessage',
 *     tag: 'broadcast-messages', summary: 'Get one broadcast message', auth: 'public',
 *     success: { status: 200, view: 'broadcast-message', clause: 'broadcast.field.shape' },
 *   };
 *   string({ description: 'base domain' })   // { type: 'string', description: 'base domain' }
 */

/** A JSON Schema (2020-12) fragment, as it appears in the document. */
export type Schema = Record<string, unknown>;

/** Who may call: anyone (a presented token must still be valid), any authenticated user, an administrator. */
export type Auth = 'public' | 'authenticated' | 'admin';

/**
 * What an authenticated caller needs beyond a token, where the spec names it: at least maintainer
 * access to the project (Authentication #8), permission to read the project's security dashboard (#9).
 */
export type Permission = 'maintainer' | 'security-dashboard';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Success {
  /** 200, 201 or 204 (no body). */
  status: 200 | 201 | 204;
  /** Schema name(s) of the body: one name, or several the server chooses from by caller (anyOf). */
  view?: string | string[];
  /** The spec leaves this body open ("not shown"): the document declares any JSON and says so. */
  notShown?: string;
  /**
   * The clause stating the shape of this body (one `view`; an array of it for a `list`), when one
   * clause fits the whole view; left out where the view spans several clauses (the epic views) or
   * depends on the caller.
   */
  clause?: string;
  /**
   * The view `clause` states, where `view` is narrower because of another clause with a test of
   * its own (the epic list: `clause` says "an array of epics", `view` adds "without subscribed").
   * The kit checks every such body against it; the document shows `view`.
   */
  clauseView?: string;
}

export interface Body {
  fields: Record<string, Schema>;
  required?: string[];
  /** At least one of these fields must be sent (the platform's at_least_one_of: 400 without any). */
  atLeastOne?: string[];
  /** File fields, sent only as multipart/form-data (name -> description). */
  files?: Record<string, string>;
}

export interface Operation {
  method: Method;
  /**
   * The path under /api/v4 in the reference's own notation: `:name` a path parameter,
   * `:name(int)` one that must be a decimal integer (else the route does not match: 404).
   */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  /** What the caller needs beyond `auth`, where the spec names it. */
  permission?: Permission;
  /**
   * For an admin-only operation: the clause of the spec's endpoint section that states a
   * non-admin's 403 (beside the general rule, auth.admin_only.403).
   */
  refusedClause?: string;
  /** Descriptions of path parameters, by name, where the generic ones (src/openapi/path-params.ts) do not fit. */
  pathParams?: Record<string, string>;
  /**
   * Query parameters (pagination excluded: `list` adds it). An object schema is a hash parameter
   * (deepObject: `filter[environment_scope]=x`); an array one repeats its name (`package_manager[]=npm&package_manager[]=yarn`).
   */
  query?: Record<string, Schema>;
  requiredQuery?: string[];
  body?: Body;
  /**
   * A body this operation accepts from a caller allowed to call it, with `{placeholders}`: what
   * refusal tests send, so that only the caller (or a missing feature) stands in the way.
   * {name} a fresh name, {ssh_key} and {gpg_key} fresh public keys, {target_path} a broadcast
   * target that matches no page, {cluster_token} a fresh cluster token, {variable_key} a fresh variable key.
   */
  sample?: Record<string, unknown>;
  /** An offset-paginated list: page/per_page, the X-* and Link headers; the success body is an array of `success.view`. */
  list?: boolean;
  success: Success;
  /** Statuses the spec (or, where it is silent, the platform) gives this operation beyond the general ones (e.g. 304, 409). */
  extraStatuses?: number[];
}

/** A schema with a description (and other keywords) added. */
type Extra = Schema & { description?: string };

export const string = (extra: Extra = {}): Schema => ({ type: 'string', ...extra });
export const integer = (extra: Extra = {}): Schema => ({ type: 'integer', ...extra });
export const boolean = (extra: Extra = {}): Schema => ({ type: 'boolean', ...extra });
/** One of the listed strings. */
export const oneOf = (values: readonly string[], extra: Extra = {}): Schema => ({ type: 'string', enum: [...values], ...extra });
/** An ISO 8601 datetime on input (the server answers with milliseconds and Z). */
export const datetime = (extra: Extra = {}): Schema => ({ type: 'string', format: 'date-time', ...extra });
/** YYYY-MM-DD. */
export const date = (extra: Extra = {}): Schema => ({ type: 'string', format: 'date', ...extra });
export const array = (items: Schema, extra: Extra = {}): Schema => ({ type: 'array', items, ...extra });
export const object = (properties: Record<string, Schema>, required: string[] = [], extra: Extra = {}): Schema => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
  ...extra,
});
