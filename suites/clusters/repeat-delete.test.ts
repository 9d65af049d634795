/**
 * DELETE /projects/:id/clusters/:cluster_id asked twice: the second answers 404 (the cluster no
 * longer exists) and the project's cluster list keeps the same ids.
 *
 *   DELETE /projects/4/clusters/2 -> 204;  again -> 404;  GET /projects/4/clusters: the same ids
 */
import { describe } from 'vitest';
import { clauseTest, deleteTwice, listedIds } from '../../src/kit/index.ts';
import { clusterProject, existingCluster } from './fixtures.ts';

describe('DELETE /projects/:id/clusters/:cluster_id asked twice', () => {
  clauseTest(
    'errors.not_found.resource',
    "a second DELETE of a cluster answers 404 and leaves the project's other clusters",
    async ({ s, skip }) => {
      const project = await clusterProject(s, skip);
      const item = await existingCluster(s, project.id);
      await existingCluster(s, project.id, { environment_scope: 'kit-neighbour' }); // the neighbour a faulty second DELETE could take (one cluster per scope)
      await deleteTwice(s, {
        path: `/projects/${project.id}/clusters/${item.res.json.id}`,
        collection: () => listedIds(s, `/projects/${project.id}/clusters`),
      });
    },
  );
});
