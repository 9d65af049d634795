/**
 * Path templates: the table's notation (`/users/:id(int)/keys/:key_id(int)`) as an OpenAPI
 * path (`/users/{id}/keys/{key_id}`) and its path parameters, each described by its row of the
 * path-parameter table (src/spec/path-parameters.ts) unless the operation gives its own.
 *
 *   openapiPath('/groups/:id/epics/:epic_iid(int)')  // '/groups/{id}/epics/{epic_iid}'
 *   pathParams('/groups/:id/epics/:epic_iid(int)')   // [{ name: 'id', integer: false, description: ... }, { name: 'epic_iid', integer: true, ... }]
 */
import { pathParameterRow } from '../spec/path-parameters.ts';
import { pathParameters, pathTemplate } from '../spec/paths.ts';

export interface PathParam {
  name: string;
  /** Marked `(int)`: a decimal integer, anything else does not match the route (404). */
  integer: boolean;
  description: string;
  /** What the spec bounds a string parameter by (a variable key: length and characters). */
  bounds?: { maxLength?: number; pattern?: string };
}

const PARAM = /:(\w+)(\(int\))?/g;

export function openapiPath(path: string): string {
  return pathTemplate(path);
}

/** The path without parameter names: `/users/{}/keys`, to compare templates whatever their names. */
export function pathShape(path: string): string {
  return path.replace(PARAM, '{}').replace(/\{\w+\}/g, '{}');
}

export function pathParams(path: string, overrides: Record<string, string> = {}): PathParam[] {
  return pathParameters(path).map((p) => {
    const row = pathParameterRow(p);
    const description = overrides[p.name] ?? row?.description;
    if (description === undefined) throw new Error(`path ${path}: no description for path parameter ${p.name}`);
    return { name: p.name, integer: p.integer, description, ...(row?.bounds ? { bounds: row.bounds } : {}) };
  });
}
