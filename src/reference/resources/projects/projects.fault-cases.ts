/**
 * The proof of each fault projects.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'projects.get-requires-auth'
 */
import { observe, type Case } from '../../testing.ts';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { PROJECTS_VARIATIONS } from './projects.variations.ts';

export const PROJECTS_FAULT_CASES = {
  'projects.get-requires-auth': observe(
    async (t) => {
      const id = (await t.req('POST', '/projects', { token: t.admin, body: { name: 'open', visibility: 'public' } })).data.id;
      return (await t.req('GET', `/projects/${id}`)).statusCode;
    },
    200,
    401,
  ),
} satisfies Record<FaultIdOf<typeof PROJECTS_VARIATIONS>, Case>;
