/**
 * Project clusters: add an existing cluster (form brackets and nested JSON), defaults, the token
 * never shown, list without project, updates, validation (embedded platform_kubernetes), access.
 *
 *   npx vitest run src/reference/resources/clusters/clusters.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;
let projectId: number;
beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
  projectId = (await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } })).data.id;
});

const TOKEN = 'k8s-secret-token-123';
const addCluster = (body: Record<string, unknown>, token = t.admin) =>
  t.req('POST', `/projects/${projectId}/clusters/user`, { token, body });
const valid = { name: 'prod', platform_kubernetes_attributes: { api_url: 'https://k8s.example.com:6443', token: TOKEN } };

describe('adding an existing cluster', () => {
  it('reads form fields in bracket notation and applies the defaults (201, with project, no token)', async () => {
    const res = await t.req('POST', `/projects/${projectId}/clusters/user`, {
      token: t.admin,
      form: `name=prod&platform_kubernetes_attributes[api_url]=https://k8s.example.com:6443&platform_kubernetes_attributes[token]=${TOKEN}`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      name: 'prod',
      environment_scope: '*',
      provider_type: 'user',
      platform_type: 'kubernetes',
      cluster_type: 'project_type',
      enabled: true,
      managed: true,
      created_at: '2024-05-01T12:00:00.000Z',
      user: { id: 1, username: 'root' },
      platform_kubernetes: {
        api_url: 'https://k8s.example.com:6443',
        authorization_type: 'rbac',
        ca_cert: null,
        namespace: `app-${projectId}`,
      },
      project: { id: projectId, path_with_namespace: 'root/app' },
    });
    expect(res.data).not.toHaveProperty('domain');
    expect(res.body).not.toContain(TOKEN);
  });

  it('reads a nested JSON object with every attribute', async () => {
    const res = await addCluster({
      name: 'stage',
      domain: 'apps.example.com',
      environment_scope: 'staging',
      platform_kubernetes_attributes: {
        ...valid.platform_kubernetes_attributes,
        namespace: 'stage-ns',
        ca_cert: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
        authorization_type: 'abac',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      domain: 'apps.example.com',
      environment_scope: 'staging',
      platform_kubernetes: { namespace: 'stage-ns', authorization_type: 'abac' },
    });
    expect(res.data.platform_kubernetes.ca_cert).toContain('BEGIN CERTIFICATE');
  });

  it('names each missing attribute, checks parameters before the project', async () => {
    const res = await addCluster({});
    expect(res.statusCode).toBe(400);
    expect(res.data.message).toBe(
      'name is missing, platform_kubernetes_attributes[api_url] is missing, platform_kubernetes_attributes[token] is missing',
    );
    const empty = await addCluster({ name: 'x', platform_kubernetes_attributes: { api_url: ' ', token: 't' } });
    expect(empty.data).toEqual({ message: 'platform_kubernetes_attributes[api_url] is empty' });
    const bad = await t.req('POST', '/projects/999/clusters/user', {
      token: t.admin,
      body: { name: 'x', platform_kubernetes_attributes: { api_url: 'https://a', token: 't', authorization_type: 'x' } },
    });
    expect([bad.statusCode, bad.data]).toEqual([
      400,
      { message: 'platform_kubernetes_attributes[authorization_type] does not have a valid value' },
    ]);
  });

  it('answers model errors with platform_kubernetes as an embedded entity, and refuses a duplicated scope', async () => {
    const res = await addCluster({ name: 'x', platform_kubernetes_attributes: { api_url: 'not a url', token: 't', namespace: 'Bad_NS' } });
    expect(res.statusCode).toBe(400);
    expect(res.data.message.platform_kubernetes).toEqual({
      api_url: ['is blocked: URI is invalid'],
      namespace: ["can contain only lowercase letters, digits, and '-'. Must start with a letter, and cannot end with '-'"],
    });
    expect((await addCluster(valid)).statusCode).toBe(201);
    expect((await addCluster(valid)).data).toEqual({ message: { environment_scope: ['cannot add duplicated environment scope'] } });
  });
});

describe('reading, updating, deleting', () => {
  it('lists without project and shows one with project; never the token', async () => {
    const id = (await addCluster(valid)).data.id;
    const list = await t.req('GET', `/projects/${projectId}/clusters`, { token: t.admin });
    expect(list.headers['x-total']).toBe('1');
    expect(list.data[0]).not.toHaveProperty('project');
    const one = await t.req('GET', `/projects/${projectId}/clusters/${id}`, { token: t.admin });
    expect(one.data.project.id).toBe(projectId);
    expect(list.body + one.body).not.toContain(TOKEN);
    expect((await t.req('GET', `/projects/${projectId}/clusters/999`, { token: t.admin })).data).toEqual({
      message: '404 Cluster Not Found',
    });
  });

  it('updates name, domain, platform attributes and scope; deletes with 204', async () => {
    const id = (await addCluster(valid)).data.id;
    const res = await t.req('PUT', `/projects/${projectId}/clusters/${id}`, {
      token: t.admin,
      form: 'name=renamed&domain=new.example.com&environment_scope=production&platform_kubernetes_attributes[api_url]=https://other.example.com&platform_kubernetes_attributes[namespace]=new-ns&platform_kubernetes_attributes[token]=new-token',
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      name: 'renamed',
      domain: 'new.example.com',
      environment_scope: 'production',
      platform_kubernetes: { api_url: 'https://other.example.com', namespace: 'new-ns' },
      project: { id: projectId },
    });
    expect(res.body).not.toContain('new-token');
    expect(t.app.ref.store.clusters.get(id)?.token).toBe('new-token');
    expect((await t.req('DELETE', `/projects/${projectId}/clusters/${id}`, { token: t.admin })).statusCode).toBe(204);
    expect((await t.req('GET', `/projects/${projectId}/clusters/${id}`, { token: t.admin })).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('needs maintainer: developer 403, maintainer 200/201, non-member of a private project 404, anonymous 401', async () => {
    expect((await t.req('GET', `/projects/${projectId}/clusters`, { token: jane.token })).statusCode).toBe(404);
    await t.req('POST', `/projects/${projectId}/members`, { token: t.admin, body: { user_id: jane.id, access_level: 30 } });
    expect((await t.req('GET', `/projects/${projectId}/clusters`, { token: jane.token })).data).toEqual({ message: '403 Forbidden' });
    const bob = await t.user('bob');
    await t.req('POST', `/projects/${projectId}/members`, { token: t.admin, body: { user_id: bob.id, access_level: 40 } });
    expect((await t.req('GET', `/projects/${projectId}/clusters`, { token: bob.token })).statusCode).toBe(200);
    const added = await addCluster(valid, bob.token);
    expect([added.statusCode, added.data.user.id]).toEqual([201, bob.id]);
    expect((await t.req('GET', `/projects/${projectId}/clusters`)).statusCode).toBe(401);
  });
});

describe('the clustersHidden option', () => {
  it('answers 404 on every cluster route, as releases without certificate-based clusters', async () => {
    t = await testServer({ clustersHidden: true });
    projectId = (await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } })).data.id;
    expect((await t.req('GET', `/projects/${projectId}/clusters`, { token: t.admin })).statusCode).toBe(404);
    expect((await addCluster(valid)).statusCode).toBe(404);
  });
});

describe('faults', () => {
  it('clusters.token-returned, clusters.list-embeds-project, clusters.default-authorization-abac, clusters.developer-can-delete', async () => {
    t = await testServer({
      faults: [
        'clusters.token-returned',
        'clusters.list-embeds-project',
        'clusters.default-authorization-abac',
        'clusters.developer-can-delete',
      ],
    });
    jane = await t.user('jane');
    projectId = (await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } })).data.id;
    const res = await addCluster(valid);
    expect(res.data.platform_kubernetes).toMatchObject({ token: TOKEN, authorization_type: 'abac' });
    expect((await t.req('GET', `/projects/${projectId}/clusters`, { token: t.admin })).data[0].project.id).toBe(projectId);
    await t.req('POST', `/projects/${projectId}/members`, { token: t.admin, body: { user_id: jane.id, access_level: 30 } });
    expect((await t.req('GET', `/projects/${projectId}/clusters`, { token: jane.token })).statusCode).toBe(403);
    expect((await t.req('DELETE', `/projects/${projectId}/clusters/${res.data.id}`, { token: jane.token })).statusCode).toBe(204);
  });
});
