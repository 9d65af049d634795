/**
 * The spec operation a request was made to, in the spec's spelling, from its method and URL: what
 * a failure names so that a baseline entry can excuse the departures of one endpoint only.
 *
 *   operationOf('GET', 'https://host/api/v4/users/3/gpg_keys?page=2')   // 'GET /users/:id/gpg_keys'
 *   operationOf('GET', 'https://host/api/v4/no/such/route')            // undefined
 */
import { OPERATIONS } from './operations/index.ts';
import { pathPattern, specPath } from './paths.ts';

const ROUTES = OPERATIONS.map((o) => ({
  method: o.method as string,
  pattern: pathPattern(o.path),
  name: `${o.method} ${specPath(o.path)}`,
}));

/** 'METHOD /path' of the spec operation the request went to, or undefined when it is none of them. */
export function operationOf(method: string, url: string): string | undefined {
  const at = url.indexOf('/api/v4/');
  if (at < 0) return undefined;
  const path = url.slice(at + '/api/v4'.length).replace(/[?#].*$/, '');
  return ROUTES.find((r) => r.method === method && r.pattern.test(path))?.name;
}
