/**
 * The operations of the spec (api-v4.md, Endpoints and States), read from the spec's own copy: every
 * row of its endpoint tables (`| GET | /users/:id | ...`), and the few operations it writes in prose,
 * listed below with where. The independent list the tests hold the operation table to: an endpoint
 * the spec gains is in it as soon as the spec copy is. Path parameter names are the spec's
 * (`/users/:id/keys`), so compare by shape (pathShape()). Tests compare the operation table with
 * this list, never with a count.
 *
 *   SPEC_OPERATIONS.includes('GET /users/:id')  // true
 */
import { readFileSync } from 'node:fs';

/** Operations the spec names in prose, not in an endpoint table. */
const IN_PROSE: readonly string[] = [
  'GET /users', // Endpoints > Users: "List: GET /users (array of users)."
  'POST /users/:id/block', // Endpoints > Users: "Block, unblock, deactivate, activate: POST /users/:id/block, ..."
  'POST /users/:id/unblock',
  'POST /users/:id/deactivate',
  'POST /users/:id/activate',
  'GET /projects/:id/dependencies', // Endpoints > Dependencies: "GET /projects/:id/dependencies. id is ..."
];

/** The `METHOD /path` of every endpoint-table row of a spec text. */
export function tableOperations(spec: string): string[] {
  return [...spec.matchAll(/^\| (GET|POST|PUT|DELETE) \| (\/\S*) \|/gm)].map(([, method, path]) => `${method} ${path}`);
}

export const SPEC_OPERATIONS: readonly string[] = [
  ...tableOperations(readFileSync(new URL('./api-v4.md', import.meta.url), 'utf8')),
  ...IN_PROSE,
];

/**
 * Routes the reference registers beyond the spec: the fixture surface DESIGN.md names (projects,
 * groups, members), which the kit needs to provision, the reads real clients' own suites make
 * before they act (platform-behaviour.md), and the installation settings the kit reads at preflight;
 * not operations of the spec, so not in the document.
 */
export const FIXTURE_SURFACE: readonly string[] = [
  'POST /projects',
  'GET /projects',
  'GET /projects/:id',
  'DELETE /projects/:id',
  'POST /groups',
  'GET /groups',
  'GET /groups/:id',
  'DELETE /groups/:id',
  'POST /projects/:id/members',
  'POST /groups/:id/members',
  'GET /groups/:id/subgroups',
  'GET /groups/:id/descendant_groups',
  'DELETE /projects/:id/members/:user_id',
  'DELETE /groups/:id/members/:user_id',
  'GET /projects/:id/members',
  'GET /groups/:id/members',
  'GET /namespaces/:id',
  'GET /users/:id_or_username(int)/keys/:key_id(int)',
  'GET /application/settings', // the installation settings the kit reads at preflight (kit/installation.ts)
];
