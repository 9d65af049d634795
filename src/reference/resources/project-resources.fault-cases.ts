/**
 * The fault cases of project clusters, variables, dependencies and keyset pagination for
 * src/reference/faults.test.ts: one observation, its healthy value with the fault off and its
 * broken value with the fault on. Cases that need a server option (the scope filter, the
 * dependency fixture) start their own server with the same faults and that option.
 *
 *   const CASES = { ...CORE_CASES, ...PROJECT_RESOURCE_FAULT_CASES };
 */
import type { ReferenceOptions } from '../index.ts';
import { type Case, type TestServer, observe, testServer } from '../testing.ts';

/** A server with the same faults as `t` and the given options. */
const withOptions = (t: TestServer, options: ReferenceOptions) => testServer({ ...options, faults: [...t.app.ref.faults.active] });

async function project(t: TestServer): Promise<number> {
  return (await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } })).data.id;
}

const PK = { api_url: 'https://k8s.example.com', token: 'k8s-token-value' };

async function addCluster(t: TestServer, id: number) {
  return t.req('POST', `/projects/${id}/clusters/user`, { token: t.admin, body: { name: 'c', platform_kubernetes_attributes: PK } });
}

async function member(t: TestServer, id: number, level: number): Promise<string> {
  const u = await t.user(`u${level}`);
  await t.req('POST', `/projects/${id}/members`, { token: t.admin, body: { user_id: u.id, access_level: level } });
  return u.token;
}

async function variable(t: TestServer, body: Record<string, unknown>) {
  const id = await project(t);
  return (await t.req('POST', `/projects/${id}/variables`, { token: t.admin, body })).data;
}

async function keysetPage(t: TestServer, query: string) {
  const res = await t.req('GET', '/projects', { token: t.admin, query: `pagination=keyset&order_by=id&sort=asc&${query}` });
  return { count: (res.data as unknown[]).length, xTotal: res.headers['x-total'] ?? null };
}

export const PROJECT_RESOURCE_FAULT_CASES: Record<string, Case> = {
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
  'clusters.developer-can-read': observe(
    async (t) => {
      const id = await project(t);
      return (await t.req('GET', `/projects/${id}/clusters`, { token: await member(t, id, 30) })).statusCode;
    },
    403,
    200,
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
  'variables.key-sanitized': observe(async (t) => (await variable(t, { key: 'MY-VAR', value: 'x' })).key, undefined, 'MY_VAR'),
  'variables.key-truncated': observe(async (t) => (await variable(t, { key: 'K'.repeat(256), value: 'x' })).key?.length, undefined, 255),
  'variables.show-drops-masked': observe(
    async (t) => {
      const id = await project(t);
      await t.req('POST', `/projects/${id}/variables`, { token: t.admin, body: { key: 'K', value: 'x' } });
      return 'masked' in (await t.req('GET', `/projects/${id}/variables/K`, { token: t.admin })).data;
    },
    true,
    false,
  ),
  'variables.default-scope-blank': observe(async (t) => (await variable(t, { key: 'K', value: 'x' })).environment_scope, '*', ''),
  'variables.default-type-file': observe(async (t) => (await variable(t, { key: 'K', value: 'x' })).variable_type, 'env_var', 'file'),
  'variables.filter-ignored-on-update': observe(
    async (t) => {
      const s = await withOptions(t, { variablesScopeFilter: true });
      const id = await project(s);
      for (const scope of ['a', 'b'])
        await s.req('POST', `/projects/${id}/variables`, { token: s.admin, body: { key: 'K', value: scope, environment_scope: scope } });
      return (
        await s.req('PUT', `/projects/${id}/variables/K`, { token: s.admin, body: { value: 'new', filter: { environment_scope: 'b' } } })
      ).statusCode;
    },
    200,
    409,
  ),
  'deps.guest-reads': observe(
    async (t) => {
      const id = await project(t);
      return (await t.req('GET', `/projects/${id}/dependencies`, { token: await member(t, id, 10) })).statusCode;
    },
    403,
    200,
  ),
  'deps.filter-ignored': observe(
    async (t) => {
      const s = await withOptions(t, { dependencyFixture: true });
      const id = await project(s);
      const res = await s.req('GET', `/projects/${id}/dependencies`, { token: s.admin, query: 'package_manager[]=npm' });
      return [...new Set(res.data.map((d: { package_manager: string }) => d.package_manager))].length;
    },
    1,
    6,
  ),
  'deps.unknown-manager-dropped': observe(
    async (t) => {
      const id = await project(t);
      const path = `/projects/${id}/dependencies`;
      const statuses = [];
      for (const query of ['package_manager[]=kit-unknown-manager', 'package_manager[]=npm&package_manager[]=kit-unknown-manager'])
        statuses.push((await t.req('GET', path, { token: t.admin, query })).statusCode);
      return statuses;
    },
    [400, 400],
    [200, 200],
  ),
  'projects.get-requires-auth': observe(
    async (t) => {
      const id = (await t.req('POST', '/projects', { token: t.admin, body: { name: 'open', visibility: 'public' } })).data.id;
      return (await t.req('GET', `/projects/${id}`)).statusCode;
    },
    200,
    401,
  ),
  'deps.public-without-auth': observe(
    async (t) => {
      const id = (await t.req('POST', '/projects', { token: t.admin, body: { name: 'open', visibility: 'public' } })).data.id;
      return (await t.req('GET', `/projects/${id}/dependencies`)).statusCode;
    },
    401,
    200,
  ),
  'pagination.keyset-offset-headers': observe(
    async (t) => {
      await project(t);
      return (await keysetPage(t, '')).xTotal;
    },
    null,
    '1',
  ),
  'pagination.keyset-per-page-unclamped': observe(
    async (t) => {
      for (let i = 0; i < 101; i += 1) await t.req('POST', '/projects', { token: t.admin, body: { name: `p${i}` } });
      return (await keysetPage(t, 'per_page=101')).count;
    },
    100,
    101,
  ),
};
