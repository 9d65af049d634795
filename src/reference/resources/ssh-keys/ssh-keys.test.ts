/**
 * SSH keys over HTTP: own and admin variants, the platform's comment rewrite, duplicates by
 * fingerprint across users, garbage refused with 400 (never 5xx), 403 and 404s.
 *
 *   npx vitest run src/reference/resources/ssh-keys/ssh-keys.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { brokenSshKey, SSH_KEY_BREAKAGES, sshPublicKey } from '../../../kit/generators/ssh-keys.ts';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;
beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
});

describe('own keys (/user/keys)', () => {
  it('adds, lists, shows and deletes a key; the comment becomes "<name> (<host>)"', async () => {
    const k = await sshPublicKey('ed25519', 'jane@laptop');
    const made = await t.req('POST', '/user/keys', {
      token: jane.token,
      body: { title: 'laptop', key: k.text, expires_at: '2030-01-02T03:04:05Z' },
    });
    expect(made.statusCode).toBe(201);
    expect(made.data).toMatchObject({
      title: 'laptop',
      key: `${k.type} ${k.body} Name jane (localhost)`,
      created_at: '2024-05-01T12:00:00.000Z',
      expires_at: '2030-01-02T03:04:05.000Z',
    });
    const list = await t.req('GET', '/user/keys', { token: jane.token });
    expect([list.statusCode, list.data.map((x: { id: number }) => x.id)]).toEqual([200, [made.data.id]]);
    expect(list.headers['x-total']).toBe('1');
    expect((await t.req('GET', `/user/keys/${made.data.id}`, { token: jane.token })).data).toEqual(made.data);
    const del = await t.req('DELETE', `/user/keys/${made.data.id}`, { token: jane.token });
    expect([del.statusCode, del.body]).toEqual([204, '']);
    const again = await t.req('DELETE', `/user/keys/${made.data.id}`, { token: jane.token });
    expect([again.statusCode, again.data]).toEqual([404, { message: '404 Key Not Found' }]);
  });

  it('names missing attributes, refuses blank titles and past expiry dates', async () => {
    const none = await t.req('POST', '/user/keys', { token: jane.token, body: {} });
    expect([none.statusCode, none.data]).toEqual([400, { message: 'title is missing, key is missing' }]);
    const k = await sshPublicKey();
    const blank = await t.req('POST', '/user/keys', {
      token: jane.token,
      body: { title: ' ', key: k.text, expires_at: '2020-01-01T00:00:00Z' },
    });
    expect([blank.statusCode, blank.data]).toEqual([
      400,
      { message: { title: ["can't be blank"], expires_at: ['must be in the future'] } },
    ]);
  });

  it('refuses a key registered by anyone, by fingerprint, whatever the comment', async () => {
    const k = await sshPublicKey('ecdsa');
    const bob = await t.user('bob');
    expect((await t.req('POST', '/user/keys', { token: bob.token, body: { title: 'a', key: k.text } })).statusCode).toBe(201);
    const dup = await t.req('POST', '/user/keys', { token: jane.token, body: { title: 'b', key: `${k.type} ${k.body} other comment` } });
    expect([dup.statusCode, dup.data]).toEqual([
      400,
      { message: { fingerprint: ['has already been taken'], key: ['has already been taken'] } },
    ]);
  });

  it('answers garbage with a 400 field map keyed by key', async () => {
    const k = await sshPublicKey('ecdsa');
    for (const how of SSH_KEY_BREAKAGES) {
      const res = await t.req('POST', '/user/keys', { token: jane.token, body: { title: how, key: brokenSshKey(how, k) } });
      expect(res.statusCode, how).toBe(400);
      expect(Object.keys(res.data.message), how).toContain('key');
    }
    const odd = await t.req('POST', '/user/keys', { token: jane.token, body: { title: 'x', key: ['ssh-ed25519'] } });
    expect([odd.statusCode, odd.data]).toEqual([400, { message: 'key is invalid' }]);
  });

  it("does not show or delete another user's key", async () => {
    const bob = await t.user('bob');
    const k = await sshPublicKey();
    const made = await t.req('POST', '/user/keys', { token: bob.token, body: { title: 'bob', key: k.text } });
    expect((await t.req('GET', `/user/keys/${made.data.id}`, { token: jane.token })).statusCode).toBe(404);
    expect((await t.req('DELETE', `/user/keys/${made.data.id}`, { token: jane.token })).statusCode).toBe(404);
  });
});

describe("a user's keys (/users/:id_or_username/keys)", () => {
  it('lists by id and by username (case-insensitive), without a token too', async () => {
    const k = await sshPublicKey();
    const made = await t.req('POST', `/users/${jane.id}/keys`, { token: t.admin, body: { title: 'by admin', key: k.text } });
    expect(made.statusCode).toBe(201);
    for (const who of [String(jane.id), 'jane', 'JANE']) {
      const res = await t.req('GET', `/users/${who}/keys`);
      expect([res.statusCode, res.data.map((x: { id: number }) => x.id)], who).toEqual([200, [made.data.id]]);
    }
    expect((await t.req('GET', '/users/nobody/keys')).data).toEqual({ message: '404 User Not Found' });
  });

  it('is admin-only for adding and deleting; 404 for a missing user or key; 400 before the lookup', async () => {
    const k = await sshPublicKey();
    expect((await t.req('POST', `/users/${jane.id}/keys`, { token: jane.token, body: { title: 'x', key: k.text } })).statusCode).toBe(403);
    expect((await t.req('POST', '/users/999/keys', { token: t.admin, body: { title: 'x', key: k.text } })).data).toEqual({
      message: '404 User Not Found',
    });
    expect((await t.req('POST', '/users/999/keys', { token: t.admin, body: { key: k.text } })).statusCode).toBe(400);
    const made = await t.req('POST', `/users/${jane.id}/keys`, { token: t.admin, body: { title: 'x', key: k.text } });
    expect((await t.req('DELETE', `/users/${jane.id}/keys/${made.data.id}`, { token: jane.token })).statusCode).toBe(403);
    expect((await t.req('DELETE', `/users/${jane.id}/keys/${made.data.id}`, { token: t.admin })).statusCode).toBe(204);
    expect((await t.req('DELETE', `/users/${jane.id}/keys/${made.data.id}`, { token: t.admin })).statusCode).toBe(404);
  });

  it("reads one key of a user by id, without a token too; 404 Key Not Found for another user's key", async () => {
    const bob = await t.user('bob');
    const k = await sshPublicKey();
    const made = await t.req('POST', `/users/${jane.id}/keys`, { token: t.admin, body: { title: 'one', key: k.text } });
    const path = `/users/${jane.id}/keys/${made.data.id}`;
    for (const token of [undefined, bob.token, t.admin]) {
      const res = await t.req('GET', path, { token });
      expect([res.statusCode, res.data], String(token)).toEqual([200, made.data]);
    }
    const elsewhere = await t.req('GET', `/users/${bob.id}/keys/${made.data.id}`, { token: t.admin });
    expect([elsewhere.statusCode, elsewhere.data]).toEqual([404, { message: '404 Key Not Found' }]);
    expect((await t.req('GET', `/users/${jane.id}/keys/999`)).data).toEqual({ message: '404 Key Not Found' });
    expect((await t.req('GET', `/users/999/keys/${made.data.id}`)).data).toEqual({ message: '404 User Not Found' });
    expect((await t.req('GET', `/users/jane/keys/${made.data.id}`)).data).toEqual({ error: '404 Not Found' });
  });

  it('frees the fingerprint when the user is deleted', async () => {
    const k = await sshPublicKey();
    await t.req('POST', '/user/keys', { token: jane.token, body: { title: 'x', key: k.text } });
    expect((await t.req('DELETE', `/users/${jane.id}`, { token: t.admin })).statusCode).toBe(204);
    const bob = await t.user('bob');
    expect((await t.req('POST', '/user/keys', { token: bob.token, body: { title: 'x', key: k.text } })).statusCode).toBe(201);
  });
});
