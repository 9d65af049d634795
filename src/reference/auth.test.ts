/**
 * Authentication: token transports, refusals (401/403), scopes, sudo, activity.
 *
 *   npx vitest run src/reference/auth.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from './testing.ts';

let t: TestServer;
let jane: TestUser;

beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
});

describe('token transports', () => {
  it('accepts the Private-Token header', async () => {
    const res = await t.req('GET', '/user', { headers: { 'private-token': jane.token } });
    expect(res.statusCode).toBe(200);
    expect(res.data.username).toBe('jane');
  });
  it('accepts the private_token query parameter', async () => {
    const res = await t.req('GET', '/user', { query: `private_token=${jane.token}` });
    expect(res.data.username).toBe('jane');
  });
  it('accepts Authorization: Bearer', async () => {
    const res = await t.req('GET', '/user', { headers: { authorization: `Bearer ${jane.token}` } });
    expect(res.data.username).toBe('jane');
  });
  it('accepts the access_token query parameter', async () => {
    const res = await t.req('GET', '/user', { query: `access_token=${jane.token}` });
    expect(res.data.username).toBe('jane');
  });
});

describe('refusals', () => {
  it('answers 401 without a token where one is needed', async () => {
    const res = await t.req('GET', '/user');
    expect(res.statusCode).toBe(401);
    expect(res.data).toEqual({ message: '401 Unauthorized' });
  });
  it('answers 401 to an unknown token, even on a public route', async () => {
    expect((await t.req('GET', '/user', { token: 'nope' })).statusCode).toBe(401);
    const pub = await t.req('GET', '/broadcast_messages', { token: 'nope' });
    expect(pub.statusCode).toBe(401);
    expect(pub.data).toEqual({ message: '401 Unauthorized' });
  });
  it('answers 401 to a revoked token', async () => {
    const list = await t.req('GET', `/users/${jane.id}/impersonation_tokens`, { token: t.admin });
    await t.req('DELETE', `/users/${jane.id}/impersonation_tokens/${list.data[0].id}`, { token: t.admin });
    expect((await t.req('GET', '/user', { token: jane.token })).statusCode).toBe(401);
  });
  it('answers 401 to an expired token', async () => {
    const created = await t.req('POST', `/users/${jane.id}/impersonation_tokens`, {
      token: t.admin,
      body: { name: 'short', scopes: ['api'], expires_at: '2024-05-02' },
    });
    expect((await t.req('GET', '/user', { token: created.data.token })).statusCode).toBe(200);
    t.setNow('2024-05-02T00:00:01.000Z');
    expect((await t.req('GET', '/user', { token: created.data.token })).statusCode).toBe(401);
  });
  it('answers 403 with the blocked message to a blocked user', async () => {
    t.app.ref.store.users.update(jane.id, { state: 'blocked' });
    const res = await t.req('GET', '/user', { token: jane.token });
    expect(res.statusCode).toBe(403);
    expect(res.data).toEqual({ message: '403 Forbidden - Your account has been blocked.' });
  });
  it('answers 403 to a non-admin on an admin-only endpoint', async () => {
    const res = await t.req('POST', '/users', { token: jane.token, body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.data).toEqual({ message: '403 Forbidden' });
  });
});

describe('scopes', () => {
  it('lets a read_user token GET /user and /users', async () => {
    const ro = await t.user('reader', { scopes: ['read_user'] });
    expect((await t.req('GET', '/user', { token: ro.token })).statusCode).toBe(200);
    expect((await t.req('GET', `/users/${jane.id}`, { token: ro.token })).statusCode).toBe(200);
  });
  it('refuses a read_user token elsewhere with insufficient_scope naming api', async () => {
    const ro = await t.user('reader', { scopes: ['read_user'] });
    for (const [method, path] of [
      ['GET', '/broadcast_messages'],
      ['POST', '/projects'],
    ] as const) {
      const res = await t.req(method, path, { token: ro.token, body: method === 'POST' ? { name: 'x' } : undefined });
      expect(res.statusCode).toBe(403);
      expect(res.data.error).toBe('insufficient_scope');
      expect(res.data.scope.split(' ')).toContain('api');
    }
  });
});

describe('sudo', () => {
  it('runs the request as the user given by id (header) or username (query, any case)', async () => {
    const byId = await t.req('GET', '/user', { token: t.admin, headers: { sudo: String(jane.id) } });
    expect(byId.data.username).toBe('jane');
    const byName = await t.req('GET', '/user', { token: t.admin, query: 'sudo=JANE' });
    expect(byName.data.username).toBe('jane');
    expect(byName.data.is_admin).toBeUndefined();
  });
  it('applies to the whole request: an admin-only endpoint refuses the sudo target', async () => {
    const res = await t.req('GET', '/users/1/impersonation_tokens', { token: t.admin, headers: { sudo: 'jane' } });
    expect(res.statusCode).toBe(403);
  });
  it('refuses a non-admin with the must-be-admin message', async () => {
    const res = await t.req('GET', '/user', { token: jane.token, headers: { sudo: '1' } });
    expect(res.statusCode).toBe(403);
    expect(res.data).toEqual({ message: '403 Forbidden - Must be admin to use sudo' });
  });
  it('refuses an admin token without the sudo scope with insufficient_scope sudo', async () => {
    const boss = await t.user('boss', { admin: true, scopes: ['api'] });
    const res = await t.req('GET', '/user', { token: boss.token, headers: { sudo: 'jane' } });
    expect(res.statusCode).toBe(403);
    expect(res.data).toEqual({
      error: 'insufficient_scope',
      error_description: 'The request requires higher privileges than provided by the access token.',
      scope: 'sudo',
    });
  });
  it('answers 404 naming an unknown user', async () => {
    const res = await t.req('GET', '/user', { token: t.admin, headers: { sudo: 'ghost' } });
    expect(res.statusCode).toBe(404);
    expect(res.data).toEqual({ message: "404 User with ID or username 'ghost' Not Found" });
  });
  it('needs a token: sudo alone is 401', async () => {
    expect((await t.req('GET', '/broadcast_messages', { headers: { sudo: 'jane' } })).statusCode).toBe(401);
  });
});

describe('activity', () => {
  it('records last_activity_on (today by the clock) when a user uses the API', async () => {
    const before = await t.req('GET', `/users/${jane.id}`, { token: t.admin });
    expect(before.data.last_activity_on).toBeNull();
    t.setNow('2024-06-10T08:00:00.000Z');
    await t.req('GET', '/user', { token: jane.token });
    const after = await t.req('GET', `/users/${jane.id}`, { token: t.admin });
    expect(after.data.last_activity_on).toBe('2024-06-10');
  });

  it("moves a token's last_used_at on its first use, then only once it is ten minutes old (as the platform)", async () => {
    const lastUsed = async () => (await t.req('GET', `/users/${jane.id}/impersonation_tokens`, { token: t.admin })).data[0].last_used_at;
    t.setNow('2024-06-10T08:00:00.000Z');
    await t.req('GET', '/user', { token: jane.token });
    expect(await lastUsed()).toBe('2024-06-10T08:00:00.000Z');
    t.setNow('2024-06-10T08:09:59.000Z');
    await t.req('GET', '/user', { token: jane.token });
    expect(await lastUsed()).toBe('2024-06-10T08:00:00.000Z');
    t.setNow('2024-06-10T08:10:00.000Z');
    await t.req('GET', '/user', { token: jane.token });
    expect(await lastUsed()).toBe('2024-06-10T08:10:00.000Z');
  });
});
