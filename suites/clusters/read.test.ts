/**
 * Reading and deleting clusters: the list (cluster objects without project), the single view
 * (with project), the token that no response ever shows, DELETE with 204.
 */
import { describe } from 'vitest';
import { check, clauseTest, requireThat, type ApiResponse } from '../../src/kit/index.ts';
import { clusterProject, existingCluster, newClusterToken } from './fixtures.ts';

describe.concurrent('GET and DELETE /projects/:id/clusters', () => {
  clauseTest('clusters.list.status', 'GET /projects/:id/clusters answers 200', async ({ s, skip }) => {
    const project = await clusterProject(s, skip);
    await existingCluster(s, project.id);
    check.status(await s.admin.get(`/projects/${project.id}/clusters`), 200);
  });

  clauseTest(
    'clusters.list.shape',
    'GET /projects/:id/clusters is an array of cluster objects holding the cluster added',
    async ({ s, skip }) => {
      const project = await clusterProject(s, skip);
      const { res: added } = await existingCluster(s, project.id);
      const res = await s.admin.get(`/projects/${project.id}/clusters`);
      check.status(res, 200);
      const items = check.arrayOf(res, 'cluster') as { id: number }[];
      requireThat(
        items.some((c) => c.id === added.json.id),
        'The list MUST hold the cluster added.',
        added.json.id,
        items.map((c) => c.id),
      );
    },
  );

  clauseTest('clusters.list.no_project', 'the clusters of the list carry no project field', async ({ s, skip }) => {
    const project = await clusterProject(s, skip);
    await existingCluster(s, project.id);
    const res = await s.admin.get(`/projects/${project.id}/clusters`);
    check.status(res, 200);
    const items = (Array.isArray(res.json) ? res.json : []) as Record<string, unknown>[];
    requireThat(items.length > 0, 'The list MUST hold the cluster added.', 'one item', items.length);
    for (const item of items)
      requireThat(!('project' in item), 'A listed cluster MUST NOT have a project field.', '(no project)', item.project);
  });

  clauseTest('clusters.get.status', 'GET /projects/:id/clusters/:cluster_id answers 200', async ({ s, skip }) => {
    const project = await clusterProject(s, skip);
    const { res: added } = await existingCluster(s, project.id);
    check.status(await s.admin.get(`/projects/${project.id}/clusters/${added.json.id}`), 200);
  });

  clauseTest('clusters.get.shape', 'GET /projects/:id/clusters/:cluster_id is the cluster with its project', async ({ s, skip }) => {
    const project = await clusterProject(s, skip);
    const { res: added } = await existingCluster(s, project.id);
    const res = await s.admin.get(`/projects/${project.id}/clusters/${added.json.id}`);
    check.status(res, 200);
    check.schema(res.json, 'cluster.detail');
    requireThat(res.json.id === added.json.id, 'The cluster read MUST be the one asked for.', added.json.id, res.json.id);
    requireThat(res.json.project.id === project.id, "The embedded project MUST be the cluster's project.", project.id, res.json.project.id);
  });

  clauseTest(
    'clusters.visibility.token_write',
    'no cluster response (create, list, GET, update) contains the token given',
    async ({ s, skip }) => {
      const project = await clusterProject(s, skip);
      const { res: created, token } = await existingCluster(s, project.id);
      const id = created.json.id;
      const newToken = newClusterToken(s);
      const responses: [string, ApiResponse][] = [
        ['POST /clusters/user', created],
        ['GET /clusters', await s.admin.get(`/projects/${project.id}/clusters`)],
        ['GET /clusters/:cluster_id', await s.admin.get(`/projects/${project.id}/clusters/${id}`)],
        [
          'PUT /clusters/:cluster_id',
          await s.admin.put(`/projects/${project.id}/clusters/${id}`, { json: { platform_kubernetes_attributes: { token: newToken } } }),
        ],
        ['GET /clusters/:cluster_id after the update', await s.admin.get(`/projects/${project.id}/clusters/${id}`)],
      ];
      for (const [what, res] of responses) {
        check.status(res, [200, 201]);
        const leaked = [token, newToken].some((t) => res.text.includes(t));
        requireThat(
          !leaked,
          `The ${what} response MUST NOT contain the cluster token.`,
          'no token in the body',
          '[the token is in the body]',
        );
        const items = (Array.isArray(res.json) ? res.json : [res.json]) as { platform_kubernetes?: Record<string, unknown> }[];
        for (const item of items) {
          requireThat(
            !('token' in (item.platform_kubernetes ?? {})),
            `The ${what} response MUST NOT have platform_kubernetes.token.`,
            '(no token field)',
            '[a token field]',
          );
        }
      }
    },
  );

  clauseTest(
    'clusters.delete.status',
    'DELETE /projects/:id/clusters/:cluster_id answers 204 and the cluster is gone',
    async ({ s, skip }) => {
      const project = await clusterProject(s, skip);
      const { res: added } = await existingCluster(s, project.id);
      check.status(await s.admin.delete(`/projects/${project.id}/clusters/${added.json.id}`), 204);
      check.status(await s.admin.get(`/projects/${project.id}/clusters/${added.json.id}`), 404, 'A deleted cluster MUST answer 404.');
    },
  );
});
