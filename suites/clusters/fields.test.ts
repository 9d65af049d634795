/**
 * The fields of a cluster and of the project it embeds: core fields and their types, the creator
 * as a short user, platform_kubernetes, the example type values of a cluster added through
 * /clusters/user, the embedded project's identity, URL and namespace fields.
 */
import { beforeAll, describe } from 'vitest';
import { ACCESS_LEVEL, addMember, check, clauseTest, createUser, requireThat, session, type CreatedUser } from '../../src/kit/index.ts';
import { addCluster, clusterProject, existingCluster, requireFields } from './fixtures.ts';

describe.concurrent('cluster fields', () => {
  clauseTest(
    'clusters.field.core',
    'a cluster has id, name, created_at, provider_type, platform_type, environment_scope and cluster_type',
    async ({ s, skip }) => {
      const project = await clusterProject(s, skip);
      const { res: added } = await existingCluster(s, project.id);
      const list = await s.admin.get(`/projects/${project.id}/clusters`);
      const one = await s.admin.get(`/projects/${project.id}/clusters/${added.json.id}`);
      check.status(list, 200);
      check.status(one, 200);
      const listed = (Array.isArray(list.json) ? list.json : []).find((c: { id: unknown }) => c.id === added.json.id);
      for (const [what, cluster] of [
        ['The created cluster', added.json],
        ['The listed cluster', listed],
        ['The cluster read', one.json],
      ] as const) {
        requireFields(
          cluster,
          {
            id: 'integer',
            name: 'string',
            created_at: 'datetime',
            provider_type: 'string',
            platform_type: 'string',
            environment_scope: 'string',
            cluster_type: 'string',
          },
          what,
        );
      }
    },
  );

  describe('the creator', () => {
    let maintainer: CreatedUser;
    beforeAll(async () => {
      maintainer = await createUser(session());
    });

    clauseTest('clusters.field.user', 'user is the short user of the caller who added the cluster', async ({ s, skip }) => {
      const project = await clusterProject(s, skip);
      await addMember(s, 'projects', project.id, maintainer.id, ACCESS_LEVEL.maintainer);
      const { res } = await addCluster(s, project.id, {}, 'json', {}, maintainer.client);
      check.status(res, 201);
      requireFields(
        res.json.user,
        { id: 'integer', name: 'string', username: 'string', state: 'string', avatar_url: 'string|null', web_url: 'string' },
        'user',
      );
      requireThat(
        res.json.user.id === maintainer.id && res.json.user.username === maintainer.username,
        'user MUST be the caller who added the cluster.',
        { id: maintainer.id, username: maintainer.username },
        { id: res.json.user.id, username: res.json.user.username },
      );
    });
  });

  clauseTest(
    'clusters.field.platform_kubernetes',
    'platform_kubernetes has api_url, namespace, authorization_type (strings) and ca_cert (string or null)',
    async ({ s, skip }) => {
      const project = await clusterProject(s, skip);
      const { res } = await existingCluster(s, project.id);
      requireFields(
        res.json.platform_kubernetes,
        { api_url: 'string', namespace: 'string', authorization_type: 'string', ca_cert: 'string|null' },
        'platform_kubernetes',
      );
    },
  );

  clauseTest(
    'clusters.field.example_types',
    'a cluster added via /clusters/user has provider_type user, platform_type kubernetes, cluster_type project_type',
    async ({ s, skip }) => {
      const project = await clusterProject(s, skip);
      const { res } = await existingCluster(s, project.id);
      const got = { provider_type: res.json.provider_type, platform_type: res.json.platform_type, cluster_type: res.json.cluster_type };
      const want = { provider_type: 'user', platform_type: 'kubernetes', cluster_type: 'project_type' };
      requireThat(JSON.stringify(got) === JSON.stringify(want), 'A cluster added through /clusters/user MUST have these types.', want, got);
    },
  );
});

describe.concurrent('the project embedded in a cluster', () => {
  /** GET of a cluster in a project of a group, so path and namespace are not the admin's own. */
  async function embedded(s: ReturnType<typeof session>, skip: (r: string) => never) {
    const project = await clusterProject(s, skip);
    const { res: added } = await existingCluster(s, project.id);
    const res = await s.admin.get(`/projects/${project.id}/clusters/${added.json.id}`);
    check.status(res, 200);
    requireThat(
      res.json.project?.id === project.id,
      "The embedded project MUST be the cluster's project.",
      project.id,
      res.json.project?.id,
    );
    return { project, embedded: res.json.project as Record<string, unknown> };
  }

  clauseTest(
    'clusters.project.identity_fields',
    'the embedded project has id, description, name, name_with_namespace, path, path_with_namespace, created_at, default_branch, tag_list',
    async ({ s, skip }) => {
      const { project, embedded: p } = await embedded(s, skip);
      requireFields(
        p,
        {
          id: 'integer',
          description: 'string',
          name: 'string',
          name_with_namespace: 'string',
          path: 'string',
          path_with_namespace: 'string',
          created_at: 'datetime',
          default_branch: 'string|null',
          tag_list: 'array',
        },
        'The embedded project',
        'project.',
      );
      requireThat(
        p.path_with_namespace === project.path_with_namespace,
        "path_with_namespace MUST be the project's.",
        project.path_with_namespace,
        p.path_with_namespace,
      );
    },
  );

  clauseTest(
    'clusters.project.url_fields',
    'the embedded project has its URLs, avatar_url, star_count, forks_count and last_activity_at',
    async ({ s, skip }) => {
      const { embedded: p } = await embedded(s, skip);
      requireFields(
        p,
        {
          ssh_url_to_repo: 'string',
          http_url_to_repo: 'string',
          web_url: 'string',
          readme_url: 'string|null',
          avatar_url: 'string|null',
          star_count: 'integer',
          forks_count: 'integer',
          last_activity_at: 'datetime',
        },
        'The embedded project',
        'project.',
      );
    },
  );

  clauseTest(
    'clusters.project.namespace',
    'the embedded project.namespace has id, name, path, kind, full_path and parent_id',
    async ({ s, skip }) => {
      const { project, embedded: p } = await embedded(s, skip);
      requireFields(
        p.namespace as Record<string, unknown>,
        { id: 'integer', name: 'string', path: 'string', kind: 'string', full_path: 'string', parent_id: 'integer|null' },
        'project.namespace',
        'project.namespace.',
      );
      const ns = p.namespace as Record<string, unknown>;
      requireThat(ns.id === project.namespace?.id, "project.namespace MUST be the project's namespace.", project.namespace?.id, ns.id);
    },
  );
});
