/**
 * Secondary e-mails over HTTP: own and admin variants, the primary address not listed, an
 * address taken by anyone (primary or secondary, any case) refused with 400 keyed by email,
 * and POST /users refusing another account's secondary address.
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
  it('adds (unconfirmed), lists only secondary addresses, shows and deletes', async () => {
    expect((await t.req('GET', '/user/emails', { token: jane.token })).data).toEqual([]);
    const made = await t.req('POST', '/user/emails', { token: jane.token, body: { email: 'jane.work@example.com' } });
    expect([made.statusCode, made.data]).toEqual([201, { id: made.data.id, email: 'jane.work@example.com', confirmed_at: null }]);
    expect((await t.req('GET', '/user/emails', { token: jane.token })).data).toEqual([made.data]);
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
    expect((await t.req('GET', base, { token: t.admin })).data).toEqual([made.data]);
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
