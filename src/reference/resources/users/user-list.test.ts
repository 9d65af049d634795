/**
 * GET /users: filters for everyone, admin-only filters and ordering (ignored for others),
 * parameter checks, public list view for normal callers.
 *
 *   npx vitest run src/reference/resources/users/user-list.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, postUser } from '../../testing.ts';

let t: TestServer;
beforeEach(async () => {
  t = await testServer();
});

const make = (username: string, attrs: Record<string, unknown> = {}) => postUser(t, username, attrs);

async function usernames(query: string, token = t.admin): Promise<string[]> {
  const res = await t.req('GET', '/users', { token, query });
  expect(res.statusCode).toBe(200);
  return res.data.map((u: { username: string }) => u.username);
}

describe('GET /users filters', () => {
  it('active=true leaves out blocked users; blocked=true lists only them (ldap_blocked included)', async () => {
    await make('a');
    const b = await make('b');
    const c = await make('c');
    t.app.ref.store.users.update(b.data.id, { state: 'blocked' });
    t.app.ref.store.users.update(c.data.id, { state: 'ldap_blocked' });
    expect(await usernames('active=true')).toEqual(['a', 'root']);
    expect(await usernames('blocked=true')).toEqual(['c', 'b']);
  });

  it('admin filters: external, two_factor, without_projects, extern_uid + provider, created_*', async () => {
    await make('ext', { external: true, extern_uid: 'E', provider: 'ldapmain' });
    t.setNow(10_000);
    const owner = await t.user('owner');
    await t.req('POST', '/projects', { token: owner.token, body: { name: 'p', path: 'p' } });
    expect(await usernames('external=true')).toEqual(['ext']);
    expect(await usernames('two_factor=disabled')).toEqual(['owner', 'ext', 'root']);
    expect(await usernames('two_factor=enabled')).toEqual([]);
    expect(await usernames('without_projects=true')).toEqual(['ext', 'root']);
    expect(await usernames('extern_uid=E&provider=ldapmain')).toEqual(['ext']);
    expect(await usernames('extern_uid=E&provider=github')).toEqual([]);
    expect(await usernames('created_after=2024-05-01T12:00:05Z')).toEqual(['owner']);
    expect(await usernames('created_before=2024-05-01T12:00:05Z')).toEqual(['ext', 'root']);
  });

  it('orders by id descending by default; admins may order by name, username, created_at and sort asc', async () => {
    await make('amy', { name: 'Nm B' });
    await make('zed', { name: 'Nm A' });
    expect(await usernames('search=Nm')).toEqual(['zed', 'amy']);
    expect(await usernames('search=Nm&sort=asc')).toEqual(['amy', 'zed']);
    expect(await usernames('search=Nm&order_by=name&sort=asc')).toEqual(['zed', 'amy']);
    expect(await usernames('search=Nm&order_by=username')).toEqual(['zed', 'amy']);
    expect(await usernames('search=Nm&order_by=created_at&sort=asc')).toEqual(['amy', 'zed']);
  });

  it('ignores the admin-only filters and ordering for a normal caller, who gets the public view', async () => {
    await make('amy', { name: 'Nm B', external: true });
    await make('zed', { name: 'Nm A' });
    const jane = await t.user('jane');
    expect(await usernames('search=Nm&order_by=name&sort=asc&external=true', jane.token)).toEqual(['zed', 'amy']);
    const res = await t.req('GET', '/users', { token: jane.token, query: 'username=amy' });
    expect(Object.keys(res.data[0]).sort()).toEqual(['avatar_url', 'id', 'locked', 'name', 'state', 'username', 'web_url']);
  });

  it('reads + in the query as a space and answers 400 for bad values before anything else', async () => {
    await make('jdoe', { name: 'Jane Doe' });
    expect(await usernames('search=Jane+Doe')).toEqual(['jdoe']);
    expect(await usernames('search=Jane%2BDoe')).toEqual([]);
    const bad = await t.req('GET', '/users', { token: t.admin, query: 'order_by=email&created_after=yesterday' });
    expect([bad.statusCode, bad.data]).toEqual([400, { message: 'order_by does not have a valid value, created_after is invalid' }]);
  });
});
