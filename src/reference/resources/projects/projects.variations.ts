/**
 * The declared variations of projects (projects.ts): each fault once, with the clause it breaks
 * and the suites that catch it. Behaviour a declaration carries is applied at the shared
 * variation points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=projects.get-requires-auth npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const PROJECTS_VARIATIONS = [
  {
    id: 'projects.get-requires-auth',
    kind: 'fault',
    description: 'GET /projects/:id needs a token even for a public project',
    clause: 'auth.public.project_get',
    suites: ['suites/auth/public-project.test.ts'],
    routeAuth: { 'GET /projects/:id': 'authenticated' },
  },
] as const satisfies readonly Variation[];
