/**
 * The proof of each fault dependencies.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'deps.guest-reads'
 */
import { observe, type Case } from '../../testing.ts';
import { withOptions, project, member } from '../../fixtures.fault-cases.ts';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { DEPENDENCIES_VARIATIONS } from './dependencies.variations.ts';

export const DEPENDENCIES_FAULT_CASES = {
  'deps.guest-reads': observe(
    async (t) => {
      const id = await project(t);
      return (await t.req('GET', `/projects/${id}/dependencies`, { token: await member(t, id, 10) })).statusCode;
    },
    403,
    200,
  ),
  'deps.filter-ignored': observe(
    async (t) => {
      const s = await withOptions(t, { dependencyFixture: true });
      const id = await project(s);
      const res = await s.req('GET', `/projects/${id}/dependencies`, { token: s.admin, query: 'package_manager[]=npm' });
      return [...new Set(res.data.map((d: { package_manager: string }) => d.package_manager))].length;
    },
    1,
    6,
  ),
  'deps.unknown-manager-dropped': observe(
    async (t) => {
      const id = await project(t);
      const path = `/projects/${id}/dependencies`;
      const statuses = [];
      for (const query of ['package_manager[]=kit-unknown-manager', 'package_manager[]=npm&package_manager[]=kit-unknown-manager'])
        statuses.push((await t.req('GET', path, { token: t.admin, query })).statusCode);
      return statuses;
    },
    [400, 400],
    [200, 200],
  ),
  'deps.public-without-auth': observe(
    async (t) => {
      const id = (await t.req('POST', '/projects', { token: t.admin, body: { name: 'open', visibility: 'public' } })).data.id;
      return (await t.req('GET', `/projects/${id}/dependencies`)).statusCode;
    },
    401,
    200,
  ),
} satisfies Record<FaultIdOf<typeof DEPENDENCIES_VARIATIONS>, Case>;
