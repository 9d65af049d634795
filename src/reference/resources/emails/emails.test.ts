/**
 * E-mails over HTTP: own and admin variants, a confirmed user's primary address listed first
 * (readable by id, not deletable), an address taken by anyone (primary or secondary, any case)
 * refused with 400 keyed by email, and POST /users refusing another account's secondary address.
 *
 *   npx vitest run src/reference/resources/emails/emails.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;
beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
});

const TAKEN = { message: { email: ['has already been taken'] } };

describe('own e-mails (/user/emails)', () => {
  it('adds (unconfirmed), lists after the primary address, shows and deletes', async () => {
    const [primary] = (await t.req('GET', '/user/emails', { token: jane.token })).data;
    expect(primary).toEqual({ id: primary.id, email: 'jane@example.com', confirmed_at: '2024-05-01T12:00:00.000Z' });
    const made = await t.req('POST', '/user/emails', { token: jane.token, body: { email: 'jane.work@example.com' } });
    expect([made.statusCode, made.data]).toEqual([201, { id: made.data.id, email: 'jane.work@example.com', confirmed_at: null }]);
    expect((await t.req('GET', '/user/emails', { token: jane.token })).data).toEqual([primary, made.data]);
    expect((await t.req('GET', `/user/emails/${made.data.id}`, { token: jane.token })).data).toEqual(made.data);
    expect((await t.req('DELETE', `/user/emails/${made.data.id}`, { token: jane.token })).statusCode).toBe(204);
    const gone = await t.req('DELETE', `/user/emails/${made.data.id}`, { token: jane.token });
    expect([gone.statusCode, gone.data]).toEqual([404, { message: '404 Email Not Found' }]);
  });

  it('refuses a missing, invalid or taken address (primary or secondary, any case)', async () => {
    expect((await t.req('POST', '/user/emails', { token: jane.token, body: {} })).data).toEqual({ message: 'email is missing' });
    expect((await t.req('POST', '/user/emails', { token: jane.token, body: { email: 'nope' } })).data).toEqual({
      message: { email: ['is invalid'] },
    });
    const bob = await t.user('bob');
    for (const email of ['bob@example.com', 'BOB@Example.com', 'jane@example.com']) {
      const res = await t.req('POST', '/user/emails', { token: jane.token, body: { email } });
      expect([res.statusCode, res.data], email).toEqual([400, TAKEN]);
    }
    await t.req('POST', '/user/emails', { token: bob.token, body: { email: 'bob.alt@example.com' } });
    const secondary = await t.req('POST', '/user/emails', { token: jane.token, body: { email: 'Bob.Alt@example.com' } });
    expect([secondary.statusCode, secondary.data]).toEqual([400, TAKEN]);
  });

  it('makes POST /users refuse an address taken as a secondary one', async () => {
    await t.req('POST', '/user/emails', { token: jane.token, body: { email: 'jane.alt@example.com' } });
    const res = await t.req('POST', '/users', {
      token: t.admin,
      body: { username: 'x', name: 'X', email: 'JANE.ALT@example.com', password: 'password123' },
    });
    expect([res.statusCode, res.data]).toEqual([409, { message: 'Email has already been taken' }]);
  });
});

describe("a user's e-mails (/users/:id/emails)", () => {
  it('lets an admin add (confirmed with skip_confirmation), list and delete; refuses others with 403', async () => {
    const base = `/users/${jane.id}/emails`;
    const made = await t.req('POST', base, { token: t.admin, body: { email: 'jane.admin@example.com', skip_confirmation: true } });
    expect([made.statusCode, made.data.confirmed_at]).toEqual([201, '2024-05-01T12:00:00.000Z']);
    const listed = (await t.req('GET', base, { token: t.admin })).data;
    expect(listed.map((e: { email: string }) => e.email)).toEqual(['jane@example.com', 'jane.admin@example.com']);
    expect(listed[1]).toEqual(made.data);
    for (const [method, path] of [
      ['GET', base],
      ['POST', base],
      ['DELETE', `${base}/${made.data.id}`],
    ]) {
      expect((await t.req(method, path, { token: jane.token, body: { email: 'z@example.com' } })).statusCode, `${method} ${path}`).toBe(
        403,
      );
    }
    expect((await t.req('POST', base, { token: t.admin, body: {} })).statusCode).toBe(400);
    expect((await t.req('DELETE', `${base}/${made.data.id}`, { token: t.admin })).statusCode).toBe(204);
    expect((await t.req('DELETE', `${base}/${made.data.id}`, { token: t.admin })).statusCode).toBe(404);
    expect((await t.req('GET', '/users/999/emails', { token: t.admin })).data).toEqual({ message: '404 User Not Found' });
  });
});

describe("a confirmed user's primary address", () => {
  it('is listed once, first, with X-Total counting it, by both lists', async () => {
    const added = await t.req('POST', `/users/${jane.id}/emails`, { token: t.admin, body: { email: 'jane.b@example.com' } });
    for (const [path, token] of [
      [`/users/${jane.id}/emails`, t.admin],
      ['/user/emails', jane.token],
    ] as const) {
      const res = await t.req('GET', path, { token, query: 'per_page=1' });
      expect([res.headers['x-total'], res.data.map((e: { email: string }) => e.email)], path).toEqual(['2', ['jane@example.com']]);
      const page2 = await t.req('GET', path, { token, query: 'per_page=1&page=2' });
      expect(page2.data, path).toEqual([added.data]);
    }
  });

  it('reads by id, refuses DELETE with 400 and stays listed', async () => {
    const [primary] = (await t.req('GET', '/user/emails', { token: jane.token })).data;
    expect((await t.req('GET', `/user/emails/${primary.id}`, { token: jane.token })).data).toEqual(primary);
    for (const [path, token] of [
      [`/user/emails/${primary.id}`, jane.token],
      [`/users/${jane.id}/emails/${primary.id}`, t.admin],
    ] as const) {
      const res = await t.req('DELETE', path, { token });
      expect([res.statusCode, res.data], path).toEqual([400, { message: 'Cannot delete primary email' }]);
    }
    expect((await t.req('GET', '/user/emails', { token: jane.token })).data).toEqual([primary]);
    const again = await t.req('POST', '/user/emails', { token: jane.token, body: { email: 'JANE@example.com' } });
    expect([again.statusCode, again.data]).toEqual([400, TAKEN]);
  });

  it('is not listed for an unconfirmed user (created without skip_confirmation)', async () => {
    const body = { username: 'uncon', name: 'Un Con', email: 'uncon@example.com', password: 'password123' };
    const made = await t.req('POST', '/users', { token: t.admin, body });
    expect(made.data.confirmed_at).toBeNull();
    expect((await t.req('GET', `/users/${made.data.id}/emails`, { token: t.admin })).data).toEqual([]);
  });

  it('keeps its row when the primary changes; the new primary gets a row of its own', async () => {
    const before = (await t.req('GET', `/users/${jane.id}/emails`, { token: t.admin })).data;
    const put = await t.req('PUT', `/users/${jane.id}`, {
      token: t.admin,
      body: { email: 'jane.new@example.com', skip_reconfirmation: true },
    });
    expect(put.statusCode).toBe(200);
    const after = (await t.req('GET', `/users/${jane.id}/emails`, { token: t.admin })).data;
    expect(after.map((e: { email: string }) => e.email)).toEqual(['jane@example.com', 'jane.new@example.com']);
    expect(after[0]).toEqual(before[0]);
    const old = await t.req('DELETE', `/users/${jane.id}/emails/${before[0].id}`, { token: t.admin });
    expect(old.statusCode).toBe(204);
  });
});
