/**
 * Views of a project cluster: the list item (no project) and the single view (GET one, create,
 * update: with the project). The cluster token is never part of any view.
 *
 *   clusterView(cluster, env)                        // list item
 *   clusterView(cluster, env, { withProject: true }) // { ..., project: { id, name, ... } }
 *   clusterView(cluster, env, { withProject: true, basicProject: true }) // the platform's: no default_branch, ...
 */
import type { ViewEnv } from '../../context.ts';
import type { ClusterRecord } from '../../domain/records.ts';
import { projectView } from '../../views/project-views.ts';
import { userPublicView } from '../../views/user-views.ts';

export interface ClusterViewOptions {
  withProject?: boolean;
  /** Fault clusters.token-returned: the stored token leaks into platform_kubernetes. */
  leakToken?: boolean;
  /** platform.cluster-project-basic-details: the project without default_branch, readme_url, forks_count; description null when none. */
  basicProject?: boolean;
}

/** The project as the platform embeds it in a cluster: BasicProjectDetails presented without the caller. */
function basicProjectView(view: ReturnType<typeof projectView>) {
  const { default_branch: _branch, readme_url: _readme, forks_count: _forks, ...rest } = view;
  return { ...rest, description: view.description === '' ? null : view.description };
}

export function clusterView(c: ClusterRecord, env: ViewEnv, options: ClusterViewOptions = {}) {
  const user = env.store.users.get(c.userId);
  const project = options.withProject ? env.store.projects.get(c.projectId) : undefined;
  return {
    id: c.id,
    name: c.name,
    ...(c.domain === null ? {} : { domain: c.domain }),
    enabled: c.enabled,
    managed: c.managed,
    created_at: env.fmt.datetime(c.createdAt),
    namespace_per_environment: true,
    provider_type: c.providerType,
    platform_type: c.platformType,
    environment_scope: c.environmentScope,
    cluster_type: c.clusterType,
    user: user ? userPublicView(user, env) : null,
    platform_kubernetes: {
      api_url: c.apiUrl,
      namespace: c.namespace,
      authorization_type: c.authorizationType,
      ca_cert: c.caCert,
      ...(options.leakToken ? { token: c.token } : {}),
    },
    provider_gcp: null,
    management_project: null,
    ...(project ? { project: options.basicProject ? basicProjectView(projectView(project, env)) : projectView(project, env) } : {}),
  };
}
