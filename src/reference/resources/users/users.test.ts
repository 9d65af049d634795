/**
 * Users: create, list, show, current user, delete.
 *
 *   npx vitest run src/reference/resources/users/users.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../../testing.ts';

let t: TestServer;
beforeEach(async () => {
  t = await testServer();
});

const newUser = (body: Record<string, unknown>) => t.req('POST', '/users', { token: t.admin, body });
const valid = { email: 'jdoe@example.com', name: 'Jane Doe', username: 'jdoe', password: 'password123' };

describe('POST /users', () => {
  it('creates a user (201, admin view) with the platform defaults', async () => {
    const res = await newUser(valid);
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      id: 2,
      username: 'jdoe',
      name: 'Jane Doe',
      email: 'jdoe@example.com',
      state: 'active',
      web_url: 'http://localhost:80/jdoe',
      bio: '',
      private_profile: false,
      external: false,
      is_admin: false,
      projects_limit: 100000,
      can_create_group: true,
      can_create_project: true,
      theme_id: 1,
      color_scheme_id: 1,
      note: '',
      last_activity_on: null,
      confirmed_at: null,
      identities: [],
      created_at: '2024-05-01T12:00:00.000Z',
    });
  });

  it('stores given attributes: admin, external, skip_confirmation, private_profile null as false, identity', async () => {
    const res = await newUser({
      ...valid,
      admin: true,
      external: true,
      skip_confirmation: true,
      private_profile: null,
      linkedin: 'jd',
      projects_limit: 5,
      extern_uid: 'u-1',
      provider: 'ldapmain',
    });
    expect(res.data).toMatchObject({
      is_admin: true,
      external: true,
      private_profile: false,
      linkedin: 'jd',
      projects_limit: 5,
      confirmed_at: '2024-05-01T12:00:00.000Z',
      identities: [{ provider: 'ldapmain', extern_uid: 'u-1' }],
    });
  });

  it('names every missing required attribute', async () => {
    const res = await newUser({ password: 'password123' });
    expect(res.statusCode).toBe(400);
    for (const name of ['email', 'name', 'username']) expect(res.data.message).toContain(name);
  });

  it('needs one of password, reset_password, force_random_password', async () => {
    const res = await newUser({ email: 'a@example.com', name: 'A', username: 'a' });
    expect(res.statusCode).toBe(400);
    for (const name of ['password', 'reset_password', 'force_random_password']) expect(res.data.message).toContain(name);
    expect((await newUser({ email: 'a@example.com', name: 'A', username: 'a', force_random_password: true })).statusCode).toBe(201);
    expect((await newUser({ email: 'b@example.com', name: 'B', username: 'b', reset_password: true })).statusCode).toBe(201);
  });

  it('refuses a short password, a bad e-mail and a bad username with a field map', async () => {
    const res = await newUser({ ...valid, password: 'short', email: 'nope', username: '-bad' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.data.message).sort()).toEqual(['email', 'password', 'username']);
  });

  it('answers 409 for a taken e-mail (any case) before a taken username', async () => {
    await newUser(valid);
    const email = await newUser({ ...valid, email: 'JDOE@example.com', username: 'other' });
    expect([email.statusCode, email.data]).toEqual([409, { message: 'Email has already been taken' }]);
    const both = await newUser({ ...valid, email: 'JDOE@example.com' });
    expect(both.data).toEqual({ message: 'Email has already been taken' });
    const username = await newUser({ ...valid, email: 'new@example.com', username: 'JDOE' });
    expect([username.statusCode, username.data]).toEqual([409, { message: 'Username has already been taken' }]);
  });
});

describe('GET /users and /users/:id', () => {
  it('shows non-admins the public view and admins the admin view, id descending', async () => {
    const jane = await t.user('jane');
    const mine = await t.req('GET', '/users', { token: jane.token });
    expect(mine.data.map((u: { id: number }) => u.id)).toEqual([2, 1]);
    expect(Object.keys(mine.data[0]).sort()).toEqual(['avatar_url', 'id', 'locked', 'name', 'state', 'username', 'web_url']);
    const admin = await t.req('GET', '/users', { token: t.admin });
    expect(admin.data[0]).toHaveProperty('email', 'jane@example.com');
    expect(admin.data[0]).toHaveProperty('is_admin', false);
    expect(admin.data[0]).toHaveProperty('current_sign_in_ip');
  });

  it('filters by search (name, username, e-mail) and username (exact, any case)', async () => {
    await newUser({ ...valid, name: 'Jane Doe', username: 'jdoe', email: 'work@corp.example' });
    await newUser({ ...valid, name: 'John Roe', username: 'jroe', email: 'jr@example.com' });
    const ids = async (query: string) =>
      (await t.req('GET', '/users', { token: t.admin, query })).data.map((u: { username: string }) => u.username);
    expect(await ids('search=jane')).toEqual(['jdoe']);
    expect(await ids('search=CORP')).toEqual(['jdoe']);
    expect(await ids('search=roe')).toEqual(['jroe']);
    expect(await ids('username=JDOE')).toEqual(['jdoe']);
    expect(await ids('username=jdo')).toEqual([]);
  });

  it('shows one user: normal view for users, admin view (with plan) for admins; 404 when missing', async () => {
    const jane = await t.user('jane');
    const normal = await t.req('GET', '/users/1', { token: jane.token });
    expect(normal.data).toMatchObject({ id: 1, username: 'root', bio: '', bio_html: '', job_title: '' });
    expect(normal.data).not.toHaveProperty('email');
    expect(normal.data).not.toHaveProperty('is_admin');
    const admin = await t.req('GET', `/users/${jane.id}`, { token: t.admin });
    expect(admin.data).toMatchObject({ email: 'jane@example.com', is_admin: false, plan: 'default', trial: false });
    const missing = await t.req('GET', '/users/999', { token: t.admin });
    expect([missing.statusCode, missing.data]).toEqual([404, { message: '404 User Not Found' }]);
  });

  it('adds sign_in_count and highest_role to the admin single view only', async () => {
    const jane = await t.user('jane');
    const single = async (id: number) => (await t.req('GET', `/users/${id}`, { token: t.admin })).data;
    expect([(await single(jane.id)).sign_in_count, (await single(jane.id)).highest_role]).toEqual([0, 0]);
    expect((await single(1)).sign_in_count).toBe(1); // the seeded administrator signed in once
    const group = await t.req('POST', '/groups', { token: t.admin, body: { name: 'g', path: 'g' } });
    const project = await t.req('POST', '/projects', { token: t.admin, body: { name: 'p' } });
    await t.req('POST', `/groups/${group.data.id}/members`, { token: t.admin, body: { user_id: jane.id, access_level: 20 } });
    await t.req('POST', `/projects/${project.data.id}/members`, { token: t.admin, body: { user_id: jane.id, access_level: 40 } });
    expect((await single(jane.id)).highest_role).toBe(40);
    await t.req('DELETE', `/projects/${project.data.id}`, { token: t.admin });
    expect((await single(jane.id)).highest_role).toBe(20);
    const listed = (await t.req('GET', '/users', { token: t.admin })).data as object[];
    const normal = (await t.req('GET', '/users/1', { token: jane.token })).data as object;
    expect([...listed, normal].filter((u) => 'sign_in_count' in u || 'highest_role' in u)).toEqual([]);
  });

  it('needs authentication', async () => {
    expect((await t.req('GET', '/users')).statusCode).toBe(401);
  });
});

describe('GET /user', () => {
  it('gives a normal caller the current-user view without admin fields', async () => {
    const jane = await t.user('jane');
    const res = await t.req('GET', '/user', { token: jane.token });
    expect(res.data).toMatchObject({ id: jane.id, username: 'jane', email: 'jane@example.com', can_create_project: true, identities: [] });
    for (const hidden of ['is_admin', 'current_sign_in_ip', 'last_sign_in_ip', 'note']) expect(res.data).not.toHaveProperty(hidden);
  });

  it('gives an admin is_admin, job_title and the sign-in IPs', async () => {
    const res = await t.req('GET', '/user', { token: t.admin });
    expect(res.data).toMatchObject({
      id: 1,
      username: 'root',
      name: 'Administrator',
      email: 'admin@example.com',
      is_admin: true,
      job_title: '',
      current_sign_in_ip: '127.0.0.1',
    });
    expect(res.data.last_activity_on).toBe('2024-05-01');
  });
});

describe('DELETE /users/:id', () => {
  it('deletes the user with its tokens and memberships', async () => {
    const jane = await t.user('jane');
    const group = await t.req('POST', '/groups', { token: t.admin, body: { name: 'G', path: 'g' } });
    await t.req('POST', `/groups/${group.data.id}/members`, { token: t.admin, body: { user_id: jane.id, access_level: 30 } });
    const res = await t.req('DELETE', `/users/${jane.id}`, { token: t.admin });
    expect([res.statusCode, res.body]).toEqual([204, '']);
    expect((await t.req('GET', `/users/${jane.id}`, { token: t.admin })).statusCode).toBe(404);
    expect((await t.req('GET', '/user', { token: jane.token })).statusCode).toBe(401);
    const { store } = t.app.ref;
    expect(store.members.filter((m) => m.userId === jane.id)).toEqual([]);
    expect(store.tokens.filter((x) => x.userId === jane.id)).toEqual([]);
  });

  it('answers 409 for the sole owner of a group unless hard_delete', async () => {
    const jane = await t.user('jane');
    await t.req('POST', '/groups', { token: jane.token, body: { name: 'Mine', path: 'mine' } });
    expect((await t.req('DELETE', `/users/${jane.id}`, { token: t.admin })).statusCode).toBe(409);
    expect((await t.req('DELETE', `/users/${jane.id}`, { token: t.admin, query: 'hard_delete=true' })).statusCode).toBe(204);
    expect((await t.req('GET', '/groups/mine', { token: t.admin })).statusCode).toBe(404);
  });

  it('answers 404 for a missing user and 403 to non-admins', async () => {
    const jane = await t.user('jane');
    expect((await t.req('DELETE', '/users/999', { token: t.admin })).statusCode).toBe(404);
    expect((await t.req('DELETE', '/users/1', { token: jane.token })).statusCode).toBe(403);
  });
});
