/**
 * Project dependencies: the fixture option, package_manager[] filtering, 400 on an unsupported
 * manager, authentication always, the security-dashboard permission (developer and above).
 *
 *   npx vitest run src/reference/resources/dependencies/dependencies.test.ts
 */
import { describe, expect, it } from 'vitest';
import { DEPENDENCY_FIXTURE, PACKAGE_MANAGERS } from '../../domain/dependency-fixture.ts';
import { testServer } from '../../testing.ts';

async function setup(dependencyFixture: boolean, faults: string[] = []) {
  const t = await testServer({ dependencyFixture, faults });
  const pr = await t.req('POST', '/projects', { token: t.admin, body: { name: 'app', visibility: 'public' } });
  return { t, path: `/projects/${pr.data.id}/dependencies`, projectId: pr.data.id as number };
}

describe('dependencies', () => {
  it('is empty without the fixture option, the fixed list across six managers with it', async () => {
    const off = await setup(false);
    expect((await off.t.req('GET', off.path, { token: off.t.admin })).data).toEqual([]);
    const on = await setup(true);
    const res = await on.t.req('GET', on.path, { token: on.t.admin, query: 'per_page=100' });
    expect(res.data).toHaveLength(DEPENDENCY_FIXTURE.length);
    expect(new Set(res.data.map((d: { package_manager: string }) => d.package_manager))).toEqual(new Set(PACKAGE_MANAGERS));
    expect(res.data[0]).toMatchObject({
      name: 'nokogiri',
      version: '1.13.9',
      package_manager: 'bundler',
      dependency_file_path: 'Gemfile.lock',
    });
  });

  it('filters with package_manager[] and refuses an unsupported manager', async () => {
    const { t, path } = await setup(true);
    const res = await t.req('GET', path, { token: t.admin, query: 'package_manager[]=npm&package_manager[]=pip' });
    expect([...new Set(res.data.map((d: { package_manager: string }) => d.package_manager))].sort()).toEqual(['npm', 'pip']);
    expect((await t.req('GET', path, { token: t.admin, query: 'package_manager[]=cargo' })).data).toEqual({
      message: 'package_manager does not have a valid value',
    });
  });

  it('always needs authentication, and developer access (guest 403)', async () => {
    const { t, path, projectId } = await setup(true);
    expect((await t.req('GET', path)).statusCode).toBe(401);
    const jane = await t.user('jane');
    expect((await t.req('GET', path, { token: jane.token })).statusCode).toBe(403);
    await t.req('POST', `/projects/${projectId}/members`, { token: t.admin, body: { user_id: jane.id, access_level: 10 } });
    expect((await t.req('GET', path, { token: jane.token })).statusCode).toBe(403);
    const dev = await t.user('dev');
    await t.req('POST', `/projects/${projectId}/members`, { token: t.admin, body: { user_id: dev.id, access_level: 30 } });
    expect((await t.req('GET', path, { token: dev.token })).statusCode).toBe(200);
  });

  it('faults: deps.guest-reads, deps.filter-ignored', async () => {
    const { t, path, projectId } = await setup(true, ['deps.guest-reads', 'deps.filter-ignored']);
    const jane = await t.user('jane');
    await t.req('POST', `/projects/${projectId}/members`, { token: t.admin, body: { user_id: jane.id, access_level: 10 } });
    expect((await t.req('GET', path, { token: jane.token })).statusCode).toBe(200);
    expect((await t.req('GET', path, { token: t.admin, query: 'package_manager[]=npm&per_page=100' })).data).toHaveLength(
      DEPENDENCY_FIXTURE.length,
    );
  });
});
