/**
 * The declared variations of clusters (clusters.ts): each fault once, with the clause it breaks
 * and the suites that catch it, the capability its server option switches on (on in the platform
 * profile unless switched off), and the platform's departures where clusters are enabled. Behaviour a
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
    id: 'platform.clusters-developer-read',
    kind: 'platform',
    description:
      'a developer member lists and reads the clusters of a project (200); adding, editing and deleting stay maintainer-only (403)',
    suites: ['suites/auth/matrix.test.ts'],
    source:
      'app/policies/project_policy.rb (rule { can?(:developer_access) }: enable :read_cluster, "Deprecated as certificate-based cluster integration"; the maintainer rule keeps add/update/admin_cluster); app/policies/clusters/cluster_policy.rb (delegates to cluster.first_project); app/finders/clusters_finder.rb (no filter by user)',
    fidelity:
      'Where clusters are enabled, a developer member lists and reads the clusters of a project (`GET /projects/:id/clusters` and `GET /projects/:id/clusters/:cluster_id` answer 200), where the spec says 403; adding, editing and deleting stay maintainer-only.',
    known: [
      {
        clause: 'clusters.auth.developer_403',
        operations: ['GET /projects/:id/clusters', 'GET /projects/:id/clusters/:cluster_id'],
        reason:
          'A developer member reads clusters (200): app/policies/project_policy.rb enables read_cluster for developer_access; adding, editing and deleting stay maintainer-only (403). Clusters-enabled installations only.',
      },
    ],
    expires: '2027-06-30',
  },
  {
    id: 'platform.cluster-project-basic-details',
    kind: 'platform',
    description:
      'the project a cluster embeds has no default_branch, readme_url and forks_count, and description null when it has none (BasicProjectDetails presented without the caller)',
    suites: ['clusters', 'suites/auth/matrix.test.ts'],
    source:
      "lib/api/entities/cluster_project.rb (expose :project, using: ::API::Entities::BasicProjectDetails); lib/api/entities/basic_project_details.rb (default_branch if: Ability.allowed?(options[:current_user], :read_code, project); readme_url and forks_count under user_has_access_to_project_repository?); lib/api/project_clusters.rb (present cluster, with: Entities::ClusterProject: no current_user, so a private project's repository fields are left out)",
    fidelity:
      'Where clusters are enabled, the project a cluster embeds (GET one, create, update) has no `default_branch`, `readme_url` and `forks_count`, and `description` is null when the project has none: a field departure of the cluster resource, one baseline entry (`"resource": "cluster"`, the four `project.*` fields), which also covers the administrator\'s read-back after a refused cluster PUT or DELETE in the authorization matrix.',
    known: [
      {
        resource: 'cluster',
        fields: ['project.default_branch', 'project.readme_url', 'project.forks_count', 'project.description'],
        reason:
          "The project a cluster embeds is BasicProjectDetails presented without the caller (lib/api/project_clusters.rb): no default_branch, readme_url or forks_count for the kit's private projects, and description null when none was given. Clusters-enabled installations only.",
      },
    ],
    expires: '2027-06-30',
  },
  {
    id: 'clusters.hidden',
    kind: 'capability',
    description:
      'the cluster API is hidden (404), as releases without certificate-based clusters (the default since 15.0; on in the platform profile unless REFERENCE_CLUSTERS_HIDDEN=0)',
    option: 'clustersHidden',
    env: 'REFERENCE_CLUSTERS_HIDDEN',
    settable: true,
    platform: {
      source:
        'lib/api/project_clusters.rb (before: ensure_feature_enabled!, not_found! unless certificate-based clusters are enabled: the certificate_based_clusters feature flag, off by default since 15.0)',
      fidelity:
        "The cluster API answers 404 on every route, as an installation with certificate-based clusters off, the default since 15.0 (a capability: the kit skips the cluster clauses as not offered). An installation that enables them is `REFERENCE_CLUSTERS_HIDDEN=0` (option `clustersHidden: false`): the cluster routes answer, with the platform's cluster departures.",
      known: [],
      expires: '2027-06-30',
    },
  },
  {
    id: 'clusters.developer-can-delete',
    kind: 'fault',
    description: 'a developer member may delete a cluster (maintainer needed)',
    clause: 'clusters.auth.developer_403',
    suites: ['suites/auth/matrix.test.ts'],
  },
] as const satisfies readonly Variation[];
