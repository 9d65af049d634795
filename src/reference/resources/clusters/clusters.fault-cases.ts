/**
 * The proof of each fault clusters.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'clusters.token-returned'
 */
import { type TestServer, observe, type Case } from '../../testing.ts';
import { project, member } from '../../fixtures.fault-cases.ts';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { CLUSTERS_VARIATIONS } from './clusters.variations.ts';

const PK = { api_url: 'https://k8s.example.com', token: 'k8s-token-value' };

async function addCluster(t: TestServer, id: number) {
  return t.req('POST', `/projects/${id}/clusters/user`, { token: t.admin, body: { name: 'c', platform_kubernetes_attributes: PK } });
}

/** The status of a second DELETE of a project's first cluster, and how many clusters the project has after it. */
async function deleteTwice(t: TestServer): Promise<[number, number]> {
  const id = await project(t);
  const first = (await addCluster(t, id)).data.id;
  await t.req('POST', `/projects/${id}/clusters/user`, {
    token: t.admin,
    body: { name: 'd', environment_scope: 'staging', platform_kubernetes_attributes: PK },
  });
  await t.req('DELETE', `/projects/${id}/clusters/${first}`, { token: t.admin });
  const again = (await t.req('DELETE', `/projects/${id}/clusters/${first}`, { token: t.admin })).statusCode;
  return [again, (await t.req('GET', `/projects/${id}/clusters`, { token: t.admin })).data.length];
}

export const CLUSTERS_FAULT_CASES = {
  'clusters.redelete-removes-neighbour': observe(deleteTwice, [404, 1], [404, 0]),
  'clusters.token-returned': observe(async (t) => (await addCluster(t, await project(t))).body.includes(PK.token), false, true),
  'clusters.list-embeds-project': observe(
    async (t) => {
      const id = await project(t);
      await addCluster(t, id);
      return 'project' in (await t.req('GET', `/projects/${id}/clusters`, { token: t.admin })).data[0];
    },
    false,
    true,
  ),
  'clusters.default-authorization-abac': observe(
    async (t) => (await addCluster(t, await project(t))).data.platform_kubernetes.authorization_type,
    'rbac',
    'abac',
  ),
  'clusters.developer-can-delete': observe(
    async (t) => {
      const id = await project(t);
      const cluster = (await addCluster(t, id)).data.id;
      const token = await member(t, id, 30);
      const read = (await t.req('GET', `/projects/${id}/clusters/${cluster}`, { token })).statusCode;
      return [read, (await t.req('DELETE', `/projects/${id}/clusters/${cluster}`, { token })).statusCode];
    },
    [403, 403],
    [403, 204],
  ),
} satisfies Record<FaultIdOf<typeof CLUSTERS_VARIATIONS>, Case>;
