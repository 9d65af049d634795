/**
 * Impersonation tokens: create (value once), list by state, show, revoke; expires_at required
 * with the capability tokens.expiry-required.
 *
 *   npx vitest run src/reference/resources/impersonation-tokens/impersonation-tokens.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;
beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
});

const base = () => `/users/${jane.id}/impersonation_tokens`;
const create = (body: Record<string, unknown>) => t.req('POST', base(), { token: t.admin, body });

describe('POST /users/:user_id/impersonation_tokens', () => {
  it('creates a token and shows its value once', async () => {
    const res = await create({ name: 'ci', scopes: ['api', 'read_user'], expires_at: '2024-12-31' });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      name: 'ci',
      active: true,
      revoked: false,
      scopes: ['api', 'read_user'],
      impersonation: true,
      created_at: '2024-05-01T12:00:00.000Z',
      expires_at: '2024-12-31',
    });
    expect(res.data.token).toMatch(/^glpat-[A-Za-z0-9]{20}$/);
    const shown = await t.req('GET', `${base()}/${res.data.id}`, { token: t.admin });
    expect(shown.data).not.toHaveProperty('token');
    expect((await t.req('GET', '/user', { token: res.data.token })).data.username).toBe('jane');
  });

  it('takes scopes[] from a form body and an expires_at of null when absent', async () => {
    const res = await t.req('POST', base(), { token: t.admin, form: 'name=f&scopes[]=api&scopes[]=sudo' });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ scopes: ['api', 'sudo'], expires_at: null });
  });

  it('takes scopes[] repeated in the query string beside a JSON body', async () => {
    const res = await t.req('POST', base(), { token: t.admin, query: 'scopes[]=api&scopes[]=read_user', body: { name: 'q' } });
    expect(res.statusCode).toBe(201);
    expect(res.data.scopes).toEqual(['api', 'read_user']);
  });

  it('refuses missing name or scopes, unknown scopes, bad and too distant dates', async () => {
    const missing = await create({});
    expect(missing.statusCode).toBe(400);
    expect(missing.data.message).toContain('name');
    expect(missing.data.message).toContain('scopes');
    expect((await create({ name: 'x', scopes: ['api', 'root'] })).data).toEqual({
      message: { scopes: ['can only contain available scopes'] },
    });
    expect((await create({ name: '', scopes: ['api'] })).data).toEqual({ message: { name: ["can't be blank"] } });
    expect((await create({ name: 'x', scopes: ['api'], expires_at: '31/12/2024' })).data).toEqual({ message: 'expires_at is invalid' });
    expect((await create({ name: 'x', scopes: ['api'], expires_at: '2026-01-01' })).statusCode).toBe(400);
  });

  it('answers 404 for a missing user and 403 to non-admins', async () => {
    const missing = await t.req('POST', '/users/999/impersonation_tokens', { token: t.admin, body: { name: 'x', scopes: ['api'] } });
    expect([missing.statusCode, missing.data]).toEqual([404, { message: '404 User Not Found' }]);
    expect((await t.req('GET', base(), { token: jane.token })).statusCode).toBe(403);
  });
});

describe('with the capability tokens.expiry-required (REFERENCE_TOKEN_EXPIRY_REQUIRED, the platform default)', () => {
  it('refuses a token without expires_at as the platform does, and takes one with it', async () => {
    const strict = await testServer({ tokenExpiryRequired: true });
    const body = { username: 'kim', name: 'Kim', email: 'kim@example.com', force_random_password: true, skip_confirmation: true };
    const user = (await strict.req('POST', '/users', { token: strict.admin, body })).data;
    const post = (body: Record<string, unknown>) =>
      strict.req('POST', `/users/${user.id}/impersonation_tokens`, { token: strict.admin, body });
    const refused = await post({ name: 'ci', scopes: ['api'] });
    expect([refused.statusCode, refused.data]).toEqual([400, { message: { expires_at: ["can't be blank"] } }]);
    const form = await strict.req('POST', `/users/${user.id}/impersonation_tokens`, { token: strict.admin, form: 'name=f&scopes[]=api' });
    expect(form.statusCode).toBe(400);
    const made = await post({ name: 'ci', scopes: ['api'], expires_at: '2024-05-31' });
    expect([made.statusCode, made.data.expires_at]).toEqual([201, '2024-05-31']);
  });

  it('is off by default: the spec makes expires_at optional', async () => {
    expect((await create({ name: 'ci', scopes: ['api'] })).statusCode).toBe(201);
  });
});

describe('listing, showing and revoking', () => {
  it('revokes with 204; the token stays listed as inactive and no longer works', async () => {
    const made = await create({ name: 'temp', scopes: ['api'] });
    const del = await t.req('DELETE', `${base()}/${made.data.id}`, { token: t.admin });
    expect([del.statusCode, del.body]).toEqual([204, '']);
    const shown = await t.req('GET', `${base()}/${made.data.id}`, { token: t.admin });
    expect(shown.data).toMatchObject({ revoked: true, active: false });
    expect((await t.req('GET', '/user', { token: made.data.token })).statusCode).toBe(401);
    const names = async (state: string) =>
      (await t.req('GET', base(), { token: t.admin, query: `state=${state}` })).data.map((x: { name: string }) => x.name);
    expect(await names('all')).toEqual(['test', 'temp']);
    expect(await names('active')).toEqual(['test']);
    expect(await names('inactive')).toEqual(['temp']);
    expect((await t.req('GET', base(), { token: t.admin, query: 'state=gone' })).statusCode).toBe(400);
  });

  it('counts a token past its expiry date as inactive', async () => {
    await create({ name: 'old', scopes: ['api'], expires_at: '2024-05-01' });
    const list = await t.req('GET', base(), { token: t.admin, query: 'state=inactive' });
    expect(list.data.map((x: { name: string }) => x.name)).toEqual(['old']);
  });

  it('answers 404 for a token of another user or a missing one', async () => {
    const other = await t.user('other');
    const theirs = (await t.req('GET', `/users/${other.id}/impersonation_tokens`, { token: t.admin })).data[0];
    const res = await t.req('GET', `${base()}/${theirs.id}`, { token: t.admin });
    expect([res.statusCode, res.data]).toEqual([404, { message: '404 Impersonation Token Not Found' }]);
    expect((await t.req('DELETE', `${base()}/999`, { token: t.admin })).statusCode).toBe(404);
  });
});
