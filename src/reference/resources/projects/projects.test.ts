/**
 * Fixture surface: projects, groups (subgroups, inherited access) and members.
 *
 *   npx vitest run src/reference/resources/projects/projects.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { accessLevel } from '../../domain/access.ts';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;
beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
});

const post = (path: string, body: Record<string, unknown>, token = t.admin) => t.req('POST', path, { token, body });

describe('projects', () => {
  it('creates in the personal namespace with a path from the name (201, Project shape)', async () => {
    const res = await post('/projects', { name: 'My App' }, jane.token);
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      name: 'My App',
      path: 'my-app',
      path_with_namespace: 'jane/my-app',
      name_with_namespace: 'Name jane / My App',
      visibility: 'private',
      default_branch: null,
      tag_list: [],
      readme_url: null,
      avatar_url: null,
      star_count: 0,
      forks_count: 0,
      web_url: 'http://localhost:80/jane/my-app',
      http_url_to_repo: 'http://localhost:80/jane/my-app.git',
      ssh_url_to_repo: 'git@localhost:jane/my-app.git',
      created_at: '2024-05-01T12:00:00.000Z',
      namespace: { kind: 'user', path: 'jane', full_path: 'jane', parent_id: null },
    });
  });

  it('refuses a missing name, a taken path and an unusable namespace', async () => {
    expect((await post('/projects', {})).data.message).toContain('name');
    await post('/projects', { name: 'dup' });
    expect((await post('/projects', { name: 'dup' })).statusCode).toBe(400);
    expect((await post('/projects', { name: 'x', namespace_id: 999 })).data).toEqual({ message: { namespace: ['is not valid'] } });
  });

  it('reads public projects without a token, hides private ones (404) from non-members', async () => {
    const pub = await post('/projects', { name: 'open', visibility: 'public' }, jane.token);
    const priv = await post('/projects', { name: 'closed' }, jane.token);
    expect((await t.req('GET', `/projects/${pub.data.id}`)).statusCode).toBe(200);
    expect((await t.req('GET', '/projects/jane%2Fopen')).data.id).toBe(pub.data.id);
    expect((await t.req('GET', '/projects/jane/open')).data).toEqual({ error: '404 Not Found' });
    const hidden = await t.req('GET', `/projects/${priv.data.id}`);
    expect([hidden.statusCode, hidden.data]).toEqual([404, { message: '404 Project Not Found' }]);
    expect((await t.req('GET', `/projects/${priv.data.id}`, { token: jane.token })).statusCode).toBe(200);
    expect((await t.req('GET', `/projects/${priv.data.id}`, { token: t.admin })).statusCode).toBe(200);
    const anonymous = await t.req('GET', '/projects');
    expect(anonymous.data.map((p: { id: number }) => p.id)).toEqual([pub.data.id]);
  });

  it('deletes for owners and admins only, with 202', async () => {
    const other = await t.user('other');
    const pr = await post('/projects', { name: 'p', visibility: 'public' }, jane.token);
    expect((await t.req('DELETE', `/projects/${pr.data.id}`, { token: other.token })).statusCode).toBe(403);
    const res = await t.req('DELETE', `/projects/${pr.data.id}`, { token: jane.token });
    expect([res.statusCode, res.data]).toEqual([202, { message: '202 Accepted' }]);
    expect((await t.req('GET', `/projects/${pr.data.id}`, { token: t.admin })).statusCode).toBe(404);
  });
});

describe('groups', () => {
  it('creates groups and subgroups; the creator owns them; lookup by encoded full path', async () => {
    const parent = await post('/groups', { name: 'Parent', path: 'parent', visibility: 'public' }, jane.token);
    expect(parent.statusCode).toBe(201);
    const child = await post('/groups', { name: 'Child', path: 'child', parent_id: parent.data.id }, jane.token);
    expect(child.data).toMatchObject({
      full_path: 'parent/child',
      full_name: 'Parent / Child',
      parent_id: parent.data.id,
      visibility: 'private',
    });
    const byPath = await t.req('GET', '/groups/parent%2Fchild', { token: jane.token });
    expect(byPath.data.id).toBe(child.data.id);
    expect((await t.req('GET', `/groups/${child.data.id}`)).statusCode).toBe(404);
    expect((await t.req('GET', `/groups/${parent.data.id}`)).statusCode).toBe(200);
  });

  it('refuses missing name and path, a taken path, a more visible subgroup', async () => {
    const missing = await post('/groups', {});
    expect(missing.data.message).toContain('name');
    expect(missing.data.message).toContain('path');
    const g = await post('/groups', { name: 'G', path: 'g' });
    expect((await post('/groups', { name: 'G2', path: 'G' })).data).toEqual({ message: { path: ['has already been taken'] } });
    const sub = await post('/groups', { name: 'S', path: 's', parent_id: g.data.id, visibility: 'public' });
    expect(sub.data).toEqual({
      message: { visibility_level: ['public is not allowed since the parent group has a private visibility.'] },
    });
    expect((await post('/groups', { name: 'Api', path: 'api' })).statusCode).toBe(400);
  });

  it('puts a project in a group (namespace_id) and computes inherited access', async () => {
    const g = await post('/groups', { name: 'Team', path: 'team' });
    const sub = await post('/groups', { name: 'Sub', path: 'sub', parent_id: g.data.id });
    await post(`/groups/${g.data.id}/members`, { user_id: jane.id, access_level: 30 });
    const pr = await post('/projects', { name: 'svc', namespace_id: sub.data.id }, jane.token);
    expect(pr.data.path_with_namespace).toBe('team/sub/svc');
    const { store } = t.app.ref;
    const project = store.projects.get(pr.data.id);
    expect(project && accessLevel(store, jane.id, project)).toBe(40);
    const subgroup = store.namespaces.get(sub.data.id);
    expect(subgroup && accessLevel(store, jane.id, subgroup)).toBe(30);
  });

  it('deletes with 202 (owner or admin), subgroups and projects included', async () => {
    const g = await post('/groups', { name: 'Team', path: 'team' });
    const sub = await post('/groups', { name: 'Sub', path: 'sub', parent_id: g.data.id });
    await post('/projects', { name: 'svc', namespace_id: sub.data.id });
    expect((await t.req('DELETE', `/groups/${g.data.id}`, { token: jane.token })).statusCode).toBe(404);
    expect((await t.req('DELETE', `/groups/${g.data.id}`, { token: t.admin })).statusCode).toBe(202);
    expect(t.app.ref.store.projects.size).toBe(0);
    expect((await t.req('GET', '/groups/team%2Fsub', { token: t.admin })).statusCode).toBe(404);
  });
});

describe('members', () => {
  it('adds project and group members (201) and refuses duplicates (409)', async () => {
    const pr = await post('/projects', { name: 'p' });
    const res = await post(`/projects/${pr.data.id}/members`, { user_id: jane.id, access_level: 40 });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ id: jane.id, username: 'jane', name: 'Name jane', state: 'active', access_level: 40 });
    const dup = await post(`/projects/${pr.data.id}/members`, { user_id: jane.id, access_level: 30 });
    expect([dup.statusCode, dup.data]).toEqual([409, { message: 'Member already exists' }]);
  });

  it('refuses bad access levels, missing users and callers below maintainer', async () => {
    const g = await post('/groups', { name: 'G', path: 'g', visibility: 'public' });
    expect((await post(`/groups/${g.data.id}/members`, { user_id: jane.id, access_level: 35 })).data).toEqual({
      message: 'access_level does not have a valid value',
    });
    expect((await post(`/groups/${g.data.id}/members`, { user_id: 999, access_level: 30 })).data).toEqual({
      message: '404 User Not Found',
    });
    expect((await post(`/groups/${g.data.id}/members`, { user_id: 1, access_level: 30 }, jane.token)).statusCode).toBe(403);
    expect((await post('/groups/999/members', { user_id: jane.id, access_level: 30 })).statusCode).toBe(404);
  });
});
