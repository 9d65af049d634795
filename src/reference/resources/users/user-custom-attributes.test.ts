/**
 * Custom attributes on the users API: the admin-only custom_attributes[key]=value filter of
 * GET /users (nobody carries an attribute, so nobody matches; ignored for normal callers; not a
 * hash: 400) and with_custom_attributes=true on the admin views (an array per user).
 *
 *   npx vitest run src/reference/resources/users/user-custom-attributes.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;
beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
});

describe('GET /users?custom_attributes[key]=value', () => {
  it('matches nobody for an administrator, as no user carries a custom attribute', async () => {
    const res = await t.req('GET', '/users', { token: t.admin, query: 'custom_attributes%5Bteam%5D=core' });
    expect([res.statusCode, res.data, res.headers['x-total']]).toEqual([200, [], '0']);
  });

  it('is ignored for a normal caller, as the other admin-only filters', async () => {
    const res = await t.req('GET', '/users', { token: jane.token, query: 'custom_attributes[team]=core' });
    expect(res.statusCode).toBe(200);
    expect(res.data.map((u: { username: string }) => u.username)).toEqual(['jane', 'root']);
  });

  it('answers 400 when the parameter is not a hash', async () => {
    const res = await t.req('GET', '/users', { token: t.admin, query: 'custom_attributes=core' });
    expect([res.statusCode, res.data]).toEqual([400, { message: 'custom_attributes is invalid' }]);
  });
});

describe('with_custom_attributes=true', () => {
  it("adds each user's custom attributes to the administrator's list and single views", async () => {
    const list = await t.req('GET', '/users', { token: t.admin, query: 'with_custom_attributes=true' });
    expect(list.data.map((u: { custom_attributes: unknown }) => u.custom_attributes)).toEqual([[], []]);
    const one = await t.req('GET', `/users/${jane.id}`, { token: t.admin, query: 'with_custom_attributes=true' });
    expect(one.data.custom_attributes).toEqual([]);
  });

  it('leaves the views alone without it, and for a normal caller', async () => {
    const plain = await t.req('GET', `/users/${jane.id}`, { token: t.admin });
    expect(plain.data).not.toHaveProperty('custom_attributes');
    const asJane = await t.req('GET', '/users', { token: jane.token, query: 'with_custom_attributes=true' });
    for (const u of asJane.data) expect(u).not.toHaveProperty('custom_attributes');
  });
});
