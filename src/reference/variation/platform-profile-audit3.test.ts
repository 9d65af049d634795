/**
 * The platform departures the third audit found (shared/spec/platform-audit-3.md rows M4, M5, M24,
 * O1, O2, O4), each answered as the platform does under the platform profile and as the spec says
 * without it; and the two capabilities the platform profile now sets as current installations do
 * (clusters hidden unless switched back on, the variables scope filter always on). Titled
 * `<id>: ...`: FIDELITY.md's departures table pins each declaration by these titles.
 *
 *   npx vitest run src/reference/variation/platform-profile-audit3.test.ts
 */
import { describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing.ts';
import type { ReferenceOptions } from '../index.ts';

/** The same request to the spec profile and the platform profile (with the options given to both). */
async function both(check: (t: TestServer, platform: boolean) => Promise<void>, options: ReferenceOptions = {}): Promise<void> {
  await check(await testServer(options), false);
  await check(await testServer({ ...options, profile: 'platform' }), true);
}

/** Clusters shown in the platform profile too: an installation that enabled certificate-based clusters. */
const CLUSTERS_ON: ReferenceOptions = { clustersHidden: false };
const PK = { api_url: 'https://k8s.example.com', token: 'k8s-token-value' };

/** A private project of the admin with one cluster, and a developer member's token. */
async function clusterWithDeveloper(t: TestServer): Promise<{ base: string; cluster: number; developer: string }> {
  const project = (await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } })).data.id;
  const cluster = await t.req('POST', `/projects/${project}/clusters/user`, {
    token: t.admin,
    body: { name: 'c', platform_kubernetes_attributes: PK },
  });
  const dev = await t.user('dev');
  await t.req('POST', `/projects/${project}/members`, { token: t.admin, body: { user_id: dev.id, access_level: 30 } });
  return { base: `/projects/${project}/clusters`, cluster: cluster.data.id, developer: dev.token };
}

describe('the third audit, spec profile then platform profile', () => {
  it('platform.users-anonymous-403: anonymous GET /users answers 403 unless it asks for a username; GET /users/:id 403', async () => {
    await both(async (t, platform) => {
      const jane = await t.user('jane');
      const list = await t.req('GET', '/users');
      const blank = await t.req('GET', '/users', { query: 'username=' });
      const one = await t.req('GET', `/users/${jane.id}`);
      const missing = await t.req('GET', '/users/999999');
      const named = await t.req('GET', '/users', { query: 'username=JANE' });
      if (!platform) {
        expect([list, blank, one, missing, named].map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
        return;
      }
      expect([list.statusCode, list.data]).toEqual([403, { message: '403 Forbidden - Not authorized to access /api/v4/users' }]);
      expect(blank.statusCode).toBe(403);
      expect([one.statusCode, one.data, missing.statusCode]).toEqual([403, { message: '403 Forbidden - Not authorized!' }, 403]);
      // One username asked for: that user, in the public list view.
      expect([named.statusCode, named.data.map((u: { username: string }) => u.username), 'email' in named.data[0]]).toEqual([
        200,
        ['jane'],
        false,
      ]);
      expect((await t.req('GET', '/users', { query: 'username=nobody' })).data).toEqual([]);
      // extern_uid with provider needs an administrator; writes still need a token.
      expect((await t.req('GET', '/users', { query: 'username=jane&extern_uid=1&provider=ldap' })).statusCode).toBe(401);
      expect((await t.req('PUT', `/users/${jane.id}`, { body: { name: 'x' } })).statusCode).toBe(401);
    });
  });

  it('platform.users-anonymous-403: a caller with a token is unchanged', async () => {
    await both(async (t) => {
      const jane = await t.user('jane');
      expect((await t.req('GET', '/users', { token: jane.token })).statusCode).toBe(200);
      expect((await t.req('GET', `/users/${jane.id}`, { token: jane.token })).statusCode).toBe(200);
    });
  });

  it('platform.clusters-developer-read: a developer lists and reads clusters (200 instead of 403); writes stay 403', async () => {
    await both(async (t, platform) => {
      const { base, cluster, developer } = await clusterWithDeveloper(t);
      const reads = [await t.req('GET', base, { token: developer }), await t.req('GET', `${base}/${cluster}`, { token: developer })];
      expect(reads.map((r) => r.statusCode)).toEqual(platform ? [200, 200] : [403, 403]);
      const writes = [
        await t.req('POST', `${base}/user`, { token: developer, body: { name: 'd', platform_kubernetes_attributes: PK } }),
        await t.req('PUT', `${base}/${cluster}`, { token: developer, body: { name: 'renamed' } }),
        await t.req('DELETE', `${base}/${cluster}`, { token: developer }),
      ];
      expect(writes.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    }, CLUSTERS_ON);
  });

  it('platform.cluster-project-basic-details: the embedded project has no default_branch, readme_url, forks_count; description null', async () => {
    await both(async (t, platform) => {
      const { base, cluster } = await clusterWithDeveloper(t);
      const views = [
        (await t.req('GET', `${base}/${cluster}`, { token: t.admin })).data.project,
        (await t.req('PUT', `${base}/${cluster}`, { token: t.admin, body: { name: 'renamed' } })).data.project,
        (
          await t.req('POST', `${base}/user`, {
            token: t.admin,
            body: { name: 'd', environment_scope: 'x', platform_kubernetes_attributes: PK },
          })
        ).data.project,
      ];
      const gone = ['default_branch', 'readme_url', 'forks_count'];
      for (const p of views) {
        expect(gone.filter((f) => f in p)).toEqual(platform ? [] : gone);
        expect([p.description, p.name, typeof p.web_url]).toEqual([platform ? null : '', 'app', 'string']);
      }
      // A project with a description keeps it.
      const described = await t.req('POST', '/projects', { token: t.admin, body: { name: 'docs', description: 'Docs' } });
      const added = await t.req('POST', `/projects/${described.data.id}/clusters/user`, {
        token: t.admin,
        body: { name: 'c', platform_kubernetes_attributes: PK },
      });
      expect(added.data.project.description).toBe('Docs');
    }, CLUSTERS_ON);
  });

  it('platform.dependency-without-version: the fixture list holds one pip requirement with version null', async () => {
    await both(
      async (t, platform) => {
        const project = (await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } })).data.id;
        const list = (await t.req('GET', `/projects/${project}/dependencies`, { token: t.admin, query: 'per_page=100' })).data;
        const versionless = list.filter((d: { version: unknown }) => d.version === null);
        expect(versionless).toEqual(
          platform ? [expect.objectContaining({ name: 'gunicorn', package_manager: 'pip', dependency_file_path: 'requirements.txt' })] : [],
        );
        expect(list.length).toBe(platform ? 19 : 18);
      },
      { dependencyFixture: true },
    );
  });

  it('platform.dependency-without-version: without the fixture a new project lists no dependency in either profile', async () => {
    await both(async (t) => {
      const project = (await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } })).data.id;
      expect((await t.req('GET', `/projects/${project}/dependencies`, { token: t.admin })).data).toEqual([]);
    });
  });
});

describe('the installation defaults the platform profile sets', () => {
  it('clusters.hidden: the platform profile hides the cluster API (404) unless clustersHidden is false', async () => {
    const routes = async (t: TestServer) => {
      const project = (await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } })).data.id;
      return (await t.req('GET', `/projects/${project}/clusters`, { token: t.admin })).statusCode;
    };
    expect(await routes(await testServer({ profile: 'platform' }))).toBe(404);
    expect(await routes(await testServer({ profile: 'platform', clustersHidden: false }))).toBe(200);
    expect(await routes(await testServer())).toBe(200);
    expect(await routes(await testServer({ clustersHidden: true }))).toBe(404);
  });

  it('variables.scope-filter: the platform profile always offers filter[environment_scope], even with the option false', async () => {
    const selected = async (t: TestServer) => {
      const project = (await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } })).data.id;
      const base = `/projects/${project}/variables`;
      await t.req('POST', base, { token: t.admin, body: { key: 'DB', value: 'prod', environment_scope: 'production' } });
      await t.req('POST', base, { token: t.admin, body: { key: 'DB', value: 'stage', environment_scope: 'staging' } });
      const filtered = await t.req('GET', `${base}/DB`, { token: t.admin, query: 'filter[environment_scope]=staging' });
      const unfiltered = await t.req('GET', `${base}/DB`, { token: t.admin });
      return [filtered.data.value, unfiltered.statusCode];
    };
    expect(await selected(await testServer({ profile: 'platform' }))).toEqual(['stage', 409]);
    expect(await selected(await testServer({ profile: 'platform', variablesScopeFilter: false }))).toEqual(['stage', 409]);
    expect(await selected(await testServer())).toEqual(['prod', 200]);
  });
});
