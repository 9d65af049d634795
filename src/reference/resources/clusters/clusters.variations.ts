/**
 * The declared variations of clusters (clusters.ts): each fault once, with the clause it breaks
 * and the suites that catch it, and the capability its server option switches on. Behaviour a
 * declaration carries is applied at the shared variation points; the rest is asked for with
 * ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=clusters.token-returned npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const CLUSTERS_VARIATIONS = [
  {
    id: 'clusters.redelete-removes-neighbour',
    kind: 'fault',
    description:
      "DELETE of a cluster the project no longer has removes the project's newest cluster before answering 404 (the index of the missing cluster, -1, is read with .at())",
    clause: 'errors.not_found.resource',
    suites: ['suites/clusters/repeat-delete.test.ts'],
  },
  {
    id: 'clusters.token-returned',
    kind: 'fault',
    description: 'cluster responses show the API token in platform_kubernetes.token',
    clause: 'clusters.visibility.token_write',
    suites: ['suites/clusters/read.test.ts'],
  },
  {
    id: 'clusters.list-embeds-project',
    kind: 'fault',
    description: 'GET /projects/:id/clusters embeds the project in every item',
    clause: 'clusters.list.no_project',
    suites: ['suites/clusters/read.test.ts'],
  },
  {
    id: 'clusters.default-authorization-abac',
    kind: 'fault',
    description: 'a cluster added without authorization_type gets abac instead of rbac',
    clause: 'clusters.create.authorization_type_default',
    suites: ['suites/clusters/create.test.ts'],
  },
  {
    id: 'clusters.developer-can-read',
    kind: 'fault',
    description: 'developers may list and read clusters (maintainer needed)',
    clause: 'clusters.auth.developer_403',
    suites: ['suites/auth/matrix.test.ts'],
  },
  {
    id: 'clusters.hidden',
    kind: 'capability',
    description: 'the cluster API is hidden (404), as releases without certificate-based clusters',
    option: 'clustersHidden',
    env: 'REFERENCE_CLUSTERS_HIDDEN',
  },
  {
    id: 'clusters.developer-can-delete',
    kind: 'fault',
    description: 'a developer member may delete a cluster (maintainer needed)',
    clause: 'clusters.auth.developer_403',
    suites: ['suites/auth/matrix.test.ts'],
  },
] as const satisfies readonly Variation[];
