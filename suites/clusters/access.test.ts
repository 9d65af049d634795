/**
 * Clusters need at least maintainer access: a developer member is refused with 403, a
 * maintainer member (not an administrator) lists and adds clusters.
 */
import { beforeAll, describe } from 'vitest';
import { ACCESS_LEVEL, addMember, check, clauseTest, createUser, session, type CreatedUser } from '../../src/kit/index.ts';
import { addCluster, clusterProject, existingCluster } from './fixtures.ts';

describe.concurrent('cluster access', () => {
  let member: CreatedUser;
  beforeAll(async () => {
    member = await createUser(session());
  });

  clauseTest('clusters.auth.developer_403', 'a developer member gets 403 on GET /projects/:id/clusters', async ({ s, skip }) => {
    const project = await clusterProject(s, skip);
    await existingCluster(s, project.id);
    await addMember(s, 'projects', project.id, member.id, ACCESS_LEVEL.developer);
    check.status(await member.client.get(`/projects/${project.id}/clusters`), 403);
  });

  clauseTest('clusters.auth.maintainer_ok', 'a maintainer member lists clusters (200) and adds one (201)', async ({ s, skip }) => {
    const project = await clusterProject(s, skip);
    await addMember(s, 'projects', project.id, member.id, ACCESS_LEVEL.maintainer);
    check.status(await member.client.get(`/projects/${project.id}/clusters`), 200, 'A maintainer MUST be able to list clusters (200).');
    const { res } = await addCluster(s, project.id, {}, 'json', {}, member.client);
    check.status(res, 201, 'A maintainer MUST be able to add a cluster (201).');
  });
});
