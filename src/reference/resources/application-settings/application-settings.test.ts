/**
 * The installation settings the reference imitates: GET /application/settings answers admin_mode
 * and user_defaults_to_private_profile from its capabilities (administrators only);
 * users.private-profile-by-default makes a POST /users without private_profile a private profile
 * whose created_at others do not see; auth.admin-mode makes an administrator's token without the
 * admin_mode scope a regular user's.
 *
 *   npx vitest run src/reference/resources/application-settings/application-settings.test.ts
 */
import { describe, expect, it } from 'vitest';
import { testServer } from '../../testing.ts';

describe('GET /application/settings', () => {
  it('answers both settings off by default, to administrators only', async () => {
    const t = await testServer();
    const res = await t.req('GET', '/application/settings', { token: t.admin });
    expect([res.statusCode, res.data]).toEqual([200, { admin_mode: false, user_defaults_to_private_profile: false }]);
    const jane = await t.user('jane');
    expect((await t.req('GET', '/application/settings', { token: jane.token })).statusCode).toBe(403);
    expect((await t.req('GET', '/application/settings')).statusCode).toBe(401);
  });

  it('says what the capabilities switch on', async () => {
    const t = await testServer({ adminMode: true, privateProfileByDefault: true });
    const res = await t.req('GET', '/application/settings', { token: t.admin });
    expect(res.data).toEqual({ admin_mode: true, user_defaults_to_private_profile: true });
  });
});

describe('users.private-profile-by-default', () => {
  const body = (username: string, extra: Record<string, unknown> = {}) => ({
    username,
    name: username,
    email: `${username}@example.com`,
    password: 'password123',
    skip_confirmation: true,
    ...extra,
  });

  it('a user created without private_profile, or with null, has a private profile; false stated keeps it public', async () => {
    const t = await testServer({ privateProfileByDefault: true });
    const made = async (username: string, extra?: Record<string, unknown>) =>
      (await t.req('POST', '/users', { token: t.admin, body: body(username, extra) })).data.private_profile;
    expect([await made('a1'), await made('a2', { private_profile: null }), await made('a3', { private_profile: false })]).toEqual([
      true,
      true,
      false,
    ]);
    const plain = await testServer();
    expect((await plain.req('POST', '/users', { token: plain.admin, body: body('b1') })).data.private_profile).toBe(false);
  });

  it("hides a private profile's created_at, followers and following from others, not from the user or an administrator", async () => {
    const t = await testServer({ privateProfileByDefault: true });
    const hidden = await t.user('hidden');
    const other = await t.user('other');
    const byOther = await t.req('GET', `/users/${hidden.id}`, { token: other.token });
    expect(byOther.statusCode).toBe(200);
    expect(byOther.data).not.toHaveProperty('created_at');
    expect(byOther.data).not.toHaveProperty('followers');
    expect(byOther.data).toHaveProperty('bio');
    expect((await t.req('GET', `/users/${hidden.id}`, { token: hidden.token })).data).toHaveProperty('created_at');
    expect((await t.req('GET', `/users/${hidden.id}`, { token: t.admin })).data).toHaveProperty('created_at');
    const open = await t.req('POST', '/users', {
      token: t.admin,
      body: body('open', { private_profile: false }),
    });
    expect((await t.req('GET', `/users/${open.data.id}`, { token: other.token })).data).toHaveProperty('created_at');
  });
});

describe('auth.admin-mode', () => {
  it("the seeded administrator's token carries admin_mode and acts as an administrator", async () => {
    const t = await testServer({ adminMode: true });
    const me = await t.req('GET', '/user', { token: t.admin });
    expect(me.data.is_admin).toBe(true);
    const jane = await t.user('jane');
    expect((await t.req('GET', `/users/${jane.id}/impersonation_tokens`, { token: t.admin })).statusCode).toBe(200);
  });

  it("an administrator's token without admin_mode acts as a regular user's: admin-only 403, sudo must be admin", async () => {
    const t = await testServer({ adminMode: true });
    const jane = await t.user('jane');
    const make = async (scopes: string[]) =>
      (await t.req('POST', '/users/1/impersonation_tokens', { token: t.admin, body: { name: 'x', scopes } })).data.token as string;
    const apiOnly = await make(['api']);
    const me = await t.req('GET', '/user', { token: apiOnly });
    expect([me.statusCode, me.data.username, me.data.is_admin]).toEqual([200, 'root', undefined]);
    expect((await t.req('GET', `/users/${jane.id}/impersonation_tokens`, { token: apiOnly })).statusCode).toBe(403);
    const sudo = await t.req('GET', '/user', { token: apiOnly, headers: { sudo: '1' } });
    expect([sudo.statusCode, sudo.data]).toEqual([403, { message: '403 Forbidden - Must be admin to use sudo' }]);
    // With admin_mode it is an administrator's again, and sudo without the sudo scope is insufficient_scope, as the spec says.
    const withMode = await make(['api', 'admin_mode']);
    expect((await t.req('GET', '/user', { token: withMode })).data.is_admin).toBe(true);
    const scoped = await t.req('GET', '/user', { token: withMode, headers: { sudo: '1' } });
    expect([scoped.statusCode, scoped.data.error, scoped.data.scope]).toEqual([403, 'insufficient_scope', 'sudo']);
  });

  it('off (the default): the api-only token of the administrator is an administrator', async () => {
    const t = await testServer();
    const made = await t.req('POST', '/users/1/impersonation_tokens', { token: t.admin, body: { name: 'x', scopes: ['api'] } });
    expect((await t.req('GET', '/user', { token: made.data.token })).data.is_admin).toBe(true);
  });
});
