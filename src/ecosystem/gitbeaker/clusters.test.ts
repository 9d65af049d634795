/**
 * Project clusters through the client's requester (see project-clusters.ts: gitbeaker v43 has no
 * cluster resource): add an existing cluster with nested platform_kubernetes_attributes in a
 * JSON body, read it back (never its token), edit, list, delete, and the refusals.
 *
 *   npx vitest run src/ecosystem/gitbeaker/clusters.test.ts
 */
import { AccessLevel } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startWorld, type World, type WorldUser } from './harness.ts';
import { projectClusters } from './project-clusters.ts';

let w: World;
let jane: WorldUser;
let bob: WorldUser;
let projectId: number;

const TOKEN = 'cluster-token-never-shown';

beforeAll(async () => {
  w = await startWorld();
  jane = await w.newUser('jane');
  bob = await w.newUser('bob');
  projectId = (await jane.api.Projects.create({ name: 'clustered' })).id;
  await jane.api.ProjectMembers.add(projectId, AccessLevel.DEVELOPER, { userId: bob.id });
});
afterAll(() => w?.close());

describe('project clusters', () => {
  it('adds an existing cluster whose attributes read back, without the token, with the project', async () => {
    const clusters = projectClusters(jane.api);
    const made = await clusters.add(projectId, {
      name: 'production',
      domain: 'apps.example.com',
      environmentScope: 'production',
      platformKubernetesAttributes: {
        apiUrl: 'https://k8s.example.com:6443',
        token: TOKEN,
        namespace: 'prod-ns',
        authorizationType: 'abac',
      },
    });
    const expected = {
      id: made.id,
      name: 'production',
      domain: 'apps.example.com',
      environment_scope: 'production',
      platform_kubernetes: { api_url: 'https://k8s.example.com:6443', namespace: 'prod-ns', authorization_type: 'abac' },
      user: { id: jane.id, username: 'jane' },
    };
    expect(made).toMatchObject({ ...expected, project: { id: projectId } });
    const shown = await clusters.show(projectId, made.id as number);
    expect(shown).toMatchObject({ ...expected, project: { id: projectId } });
    expect(JSON.stringify(shown)).not.toContain(TOKEN);
    const listed = await clusters.all(projectId);
    expect(listed.map((c) => c.id)).toEqual([made.id]);
    expect(listed[0]).toMatchObject(expected);
    expect(listed[0]).not.toHaveProperty('project');
    expect(JSON.stringify(listed)).not.toContain(TOKEN);
  });

  it('defaults the environment scope to * and the authorization type to rbac', async () => {
    const project = await jane.api.Projects.create({ name: 'defaults' });
    const made = await projectClusters(jane.api).add(project.id, {
      name: 'plain',
      platformKubernetesAttributes: { apiUrl: 'https://k8s.example.com', token: TOKEN },
    });
    expect(made).toMatchObject({ environment_scope: '*', platform_kubernetes: { authorization_type: 'rbac' } });
  });

  it('edits a cluster and the new values read back', async () => {
    const clusters = projectClusters(jane.api);
    const project = await jane.api.Projects.create({ name: 'to edit' });
    const made = await clusters.add(project.id, {
      name: 'old',
      platformKubernetesAttributes: { apiUrl: 'https://old.example.com', token: TOKEN },
    });
    const edited = await clusters.edit(project.id, made.id as number, {
      name: 'new',
      domain: 'new.example.com',
      platformKubernetesAttributes: { apiUrl: 'https://new.example.com', namespace: 'fresh' },
    });
    const expected = {
      name: 'new',
      domain: 'new.example.com',
      platform_kubernetes: { api_url: 'https://new.example.com', namespace: 'fresh' },
    };
    expect(edited).toMatchObject(expected);
    expect(await clusters.show(project.id, made.id as number)).toMatchObject(expected);
  });

  it('deletes a cluster with 204, after which it is a 404', async () => {
    const clusters = projectClusters(jane.api);
    const project = await jane.api.Projects.create({ name: 'to delete' });
    const made = await clusters.add(project.id, {
      name: 'doomed',
      platformKubernetesAttributes: { apiUrl: 'https://k8s.example.com', token: TOKEN },
    });
    expect(await clusters.remove(project.id, made.id as number)).toBe(204);
    expect((await failure(clusters.show(project.id, made.id as number))).status).toBe(404);
    expect(await clusters.all(project.id)).toEqual([]);
  });

  it('refuses a developer with 403, names a missing api_url in a 400, and 404s a missing cluster', async () => {
    expect((await failure(projectClusters(bob.api).all(projectId))).status).toBe(403);
    const missing = await failure(
      projectClusters(jane.api).add(projectId, { name: 'x', platformKubernetesAttributes: { token: TOKEN } as never }),
    );
    expect(missing.status).toBe(400);
    expect(missing.description).toContain('api_url');
    expect((await failure(projectClusters(jane.api).show(projectId, 999_999))).status).toBe(404);
  });
});
