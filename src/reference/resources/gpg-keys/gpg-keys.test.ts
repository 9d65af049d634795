/**
 * GPG keys over HTTP: own and admin variants, armored public keys only, duplicates by
 * fingerprint, garbage refused with 400 (never 5xx), 403 and 404s.
 *
 *   npx vitest run src/reference/resources/gpg-keys/gpg-keys.test.ts
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brokenGpgKey, GPG_KEY_BREAKAGES, gpgPublicKey, type GpgPublicKey } from '../../../kit/generators/gpg-keys.ts';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;
let k: GpgPublicKey;
beforeAll(async () => {
  k = await gpgPublicKey({ name: 'Jane', email: 'jane@example.com' });
});
beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
});

describe('own GPG keys (/user/gpg_keys)', () => {
  it('adds (201, the key object), lists, shows and deletes a key', async () => {
    const made = await t.req('POST', '/user/gpg_keys', { token: jane.token, body: { key: k.armored } });
    expect(made.statusCode).toBe(201);
    expect(made.data).toEqual({ id: made.data.id, key: k.armored.trim(), created_at: '2024-05-01T12:00:00.000Z' });
    const list = await t.req('GET', '/user/gpg_keys', { token: jane.token });
    expect(list.data).toEqual([made.data]);
    expect((await t.req('GET', `/user/gpg_keys/${made.data.id}`, { token: jane.token })).data).toEqual(made.data);
    expect((await t.req('DELETE', `/user/gpg_keys/${made.data.id}`, { token: jane.token })).statusCode).toBe(204);
    const gone = await t.req('GET', `/user/gpg_keys/${made.data.id}`, { token: jane.token });
    expect([gone.statusCode, gone.data]).toEqual([404, { message: '404 GPG Key Not Found' }]);
  });

  it('names the missing key, refuses duplicates and every breakage with 400', async () => {
    expect((await t.req('POST', '/user/gpg_keys', { token: jane.token, body: {} })).data).toEqual({ message: 'key is missing' });
    await t.req('POST', '/user/gpg_keys', { token: jane.token, body: { key: k.armored } });
    const bob = await t.user('bob');
    const dup = await t.req('POST', '/user/gpg_keys', { token: bob.token, body: { key: k.armored } });
    expect([dup.statusCode, dup.data.message.fingerprint]).toEqual([400, ['has already been taken']]);
    for (const how of GPG_KEY_BREAKAGES) {
      const res = await t.req('POST', '/user/gpg_keys', { token: bob.token, body: { key: brokenGpgKey(how, k) } });
      expect(res.statusCode, how).toBe(400);
      expect(typeof res.data.message, how).toBe('object');
    }
  });
});

describe("a user's GPG keys (/users/:id/gpg_keys)", () => {
  it('lets an admin add, list, show and delete; refuses others with 403', async () => {
    const base = `/users/${jane.id}/gpg_keys`;
    const made = await t.req('POST', base, { token: t.admin, body: { key: k.armored } });
    expect(made.statusCode).toBe(201);
    expect((await t.req('GET', base, { token: t.admin })).data).toEqual([made.data]);
    expect((await t.req('GET', `${base}/${made.data.id}`, { token: t.admin })).data).toEqual(made.data);
    for (const [method, path] of [
      ['GET', base],
      ['GET', `${base}/${made.data.id}`],
      ['POST', base],
      ['DELETE', `${base}/${made.data.id}`],
    ]) {
      expect((await t.req(method, path, { token: jane.token, body: { key: k.armored } })).statusCode, `${method} ${path}`).toBe(403);
    }
    expect((await t.req('DELETE', `${base}/${made.data.id}`, { token: t.admin })).statusCode).toBe(204);
    expect((await t.req('DELETE', `${base}/${made.data.id}`, { token: t.admin })).statusCode).toBe(404);
    expect((await t.req('GET', '/users/999/gpg_keys', { token: t.admin })).data).toEqual({ message: '404 User Not Found' });
  });
});
