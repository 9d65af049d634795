/**
 * A user's SSH keys, GPG keys, e-mails and impersonation tokens through `@gitbeaker/rest`: the
 * user's own routes with the user's client, the admin routes (`userId` option) with the admin
 * client, created values read back, deletes that delete, duplicates and refusals surfacing as
 * the client's error with the spec's status.
 *
 *   npx vitest run src/ecosystem/gitbeaker/credentials.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gpgPublicKey } from '../../kit/generators/gpg-keys.ts';
import { sameSshKey, sshPublicKey } from '../../kit/generators/ssh-keys.ts';
import { clientFor, failure, startWorld, type World, type WorldUser } from './harness.ts';

let w: World;
let jane: WorldUser;
let bob: WorldUser;

beforeAll(async () => {
  w = await startWorld();
  jane = await w.newUser('jane');
  bob = await w.newUser('bob');
});
afterAll(() => w?.close());

describe('SSH keys', () => {
  it("adds, lists, shows and deletes the caller's own key", async () => {
    const k = await sshPublicKey('ed25519', 'jane@laptop');
    const made = await jane.api.UserSSHKeys.create('laptop', k.text, { expiresAt: '2999-01-01T00:00:00Z' });
    expect(made.title).toBe('laptop');
    expect(sameSshKey(made.key, k.text)).toBe(true);
    expect((await jane.api.UserSSHKeys.all()).map((x) => x.id)).toEqual([made.id]);
    const shown = await jane.api.UserSSHKeys.show(made.id);
    expect({ id: shown.id, title: shown.title, created_at: shown.created_at }).toEqual({
      id: made.id,
      title: 'laptop',
      created_at: made.created_at,
    });
    await jane.api.UserSSHKeys.remove(made.id);
    expect(await jane.api.UserSSHKeys.all()).toEqual([]);
    expect(await failure(jane.api.UserSSHKeys.show(made.id))).toMatchObject({ status: 404 });
    expect(await failure(jane.api.UserSSHKeys.remove(made.id))).toMatchObject({ status: 404 });
  });

  it('refuses a key that is already registered with 400 keyed by fingerprint and key', async () => {
    const k = await sshPublicKey('ed25519');
    await jane.api.UserSSHKeys.create('first', k.text);
    const dup = await failure(bob.api.UserSSHKeys.create('again', k.text));
    expect(dup.status).toBe(400);
    const message = JSON.parse(dup.description) as Record<string, unknown>;
    expect(message).toHaveProperty('fingerprint');
    expect(message).toHaveProperty('key');
  });

  it("lets the admin add a key for a user, list the user's keys and delete it", async () => {
    const k = await sshPublicKey('ecdsa');
    const made = await w.admin.UserSSHKeys.create('by admin', k.text, { userId: bob.id });
    const listed = await w.admin.UserSSHKeys.all({ userId: bob.id });
    expect(listed.map((x) => x.id)).toContain(made.id);
    // The user sees the key the admin added among their own.
    expect((await bob.api.UserSSHKeys.all()).map((x) => x.id)).toContain(made.id);
    // gitbeaker's UserSSHKeys.show({ userId }) calls GET /users/:id/keys/:key_id, a route the
    // spec does not document (only GET /user/keys/:key_id): not called here.
    await w.admin.UserSSHKeys.remove(made.id, { userId: bob.id });
    expect((await w.admin.UserSSHKeys.all({ userId: bob.id })).map((x) => x.id)).not.toContain(made.id);
    expect((await failure(jane.api.UserSSHKeys.create('x', (await sshPublicKey()).text, { userId: bob.id }))).status).toBe(403);
  });
});

describe('GPG keys', () => {
  it("adds, lists, shows and deletes the caller's own key, and the admin does the same for a user", async () => {
    const k = await gpgPublicKey({ name: 'Jane', email: 'jane@example.com' });
    const made = await jane.api.UserGPGKeys.create(k.armored);
    // The spec shows the created key as an array of key objects; accept either shape, read the key.
    const key = Array.isArray(made) ? (made as unknown as (typeof made)[])[0] : made;
    expect(key.key.trim()).toBe(k.armored.trim());
    expect((await jane.api.UserGPGKeys.all()).map((x) => x.id)).toEqual([key.id]);
    expect((await jane.api.UserGPGKeys.show(key.id)).key.trim()).toBe(k.armored.trim());
    expect((await w.admin.UserGPGKeys.show(key.id, { userId: jane.id })).id).toBe(key.id);
    expect((await w.admin.UserGPGKeys.all({ userId: jane.id })).map((x) => x.id)).toEqual([key.id]);
    await jane.api.UserGPGKeys.remove(key.id);
    expect(await jane.api.UserGPGKeys.all()).toEqual([]);
    expect(await failure(jane.api.UserGPGKeys.show(key.id))).toEqual({ status: 404, description: '404 GPG Key Not Found' });

    const k2 = await gpgPublicKey({ name: 'Bob', email: 'bob@example.com' });
    const byAdmin = await w.admin.UserGPGKeys.create(k2.armored, { userId: bob.id });
    const adminKey = Array.isArray(byAdmin) ? (byAdmin as unknown as (typeof byAdmin)[])[0] : byAdmin;
    expect((await bob.api.UserGPGKeys.all()).map((x) => x.id)).toEqual([adminKey.id]);
    await w.admin.UserGPGKeys.remove(adminKey.id, { userId: bob.id });
    expect(await bob.api.UserGPGKeys.all()).toEqual([]);
    expect((await failure(jane.api.UserGPGKeys.all({ userId: bob.id }))).status).toBe(403);
  });

  it('refuses text that is not an armored public key with 400', async () => {
    expect((await failure(jane.api.UserGPGKeys.create('not a key'))).status).toBe(400);
  });
});

describe('e-mails', () => {
  it("adds, lists, shows and deletes the caller's own secondary address (the confirmed primary is listed too)", async () => {
    const made = await jane.api.UserEmails.create('jane.work@example.com');
    expect(made.email).toBe('jane.work@example.com');
    const listed = await jane.api.UserEmails.all();
    expect(listed.map((e) => e.email)).toEqual(['jane@example.com', 'jane.work@example.com']);
    expect(listed[1]).toEqual(made);
    expect(await jane.api.UserEmails.show(made.id)).toEqual(made);
    await jane.api.UserEmails.remove(made.id);
    expect((await jane.api.UserEmails.all()).map((e) => e.email)).toEqual(['jane@example.com']);
    expect(await failure(jane.api.UserEmails.show(made.id))).toEqual({ status: 404, description: '404 Email Not Found' });
  });

  it('refuses an address already taken with 400 keyed by email', async () => {
    const dup = await failure(bob.api.UserEmails.create('jane@example.com'));
    expect(dup.status).toBe(400);
    expect(JSON.parse(dup.description)).toHaveProperty('email');
  });

  it("lets the admin add, list and delete a user's address, skipping confirmation", async () => {
    const made = await w.admin.UserEmails.create('bob.home@example.com', { userId: bob.id, skipConfirmation: true });
    expect((await w.admin.UserEmails.all({ userId: bob.id })).map((e) => e.email)).toContain('bob.home@example.com');
    expect((await bob.api.UserEmails.all()).map((e) => e.id)).toContain(made.id);
    await w.admin.UserEmails.remove(made.id, { userId: bob.id });
    expect((await w.admin.UserEmails.all({ userId: bob.id })).map((e) => e.id)).not.toContain(made.id);
    expect((await failure(jane.api.UserEmails.all({ userId: bob.id }))).status).toBe(403);
  });
});

describe('impersonation tokens', () => {
  it('creates a token whose value is shown once and works as the user', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const made = await w.admin.UserImpersonationTokens.create(bob.id, 'ci', ['read_user'], { expiresAt });
    expect(made).toMatchObject({
      name: 'ci',
      scopes: ['read_user'],
      active: true,
      revoked: false,
      impersonation: true,
      expires_at: expiresAt,
    });
    expect(typeof made.token).toBe('string');
    const shown = await w.admin.UserImpersonationTokens.show(bob.id, made.id);
    expect(shown).not.toHaveProperty('token');
    expect(shown).toMatchObject({ id: made.id, name: 'ci', active: true, revoked: false });
    const listed = await w.admin.UserImpersonationTokens.all(bob.id, { state: 'active' });
    expect(listed.map((t) => t.id)).toContain(made.id);
    for (const t of listed) expect(t).not.toHaveProperty('token');

    const asBob = clientFor(w.ref.url, made.token as string);
    expect((await asBob.Users.showCurrentUser()).id).toBe(bob.id);
    // read_user allows reading only.
    expect((await failure(asBob.UserEmails.create('bob.ro@example.com'))).status).toBe(403);
  });

  it('revokes a token: it stays listed as inactive, and the client using it gets 401', async () => {
    const made = await w.admin.UserImpersonationTokens.create(bob.id, 'to revoke', ['api']);
    await w.admin.UserImpersonationTokens.revoke(bob.id, made.id);
    expect(await w.admin.UserImpersonationTokens.show(bob.id, made.id)).toMatchObject({ revoked: true, active: false });
    expect((await w.admin.UserImpersonationTokens.all(bob.id, { state: 'inactive' })).map((t) => t.id)).toContain(made.id);
    expect((await w.admin.UserImpersonationTokens.all(bob.id, { state: 'active' })).map((t) => t.id)).not.toContain(made.id);
    expect((await failure(clientFor(w.ref.url, made.token as string).Users.showCurrentUser())).status).toBe(401);
  });

  it("walks every one of a user's tokens once through the client pagination", async () => {
    const owner = await w.newUser('token-owner');
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await w.admin.UserImpersonationTokens.create(owner.id, `walk ${i}`, ['api'])).id);
    const walked = await w.admin.UserImpersonationTokens.all(owner.id, { state: 'all', perPage: 2, showExpanded: true });
    const ids = walked.data.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The walk holds the five made here and the one newUser made for the owner's client.
    for (const id of made) expect(ids).toContain(id);
    expect(ids).toHaveLength(6);
    expect(walked.paginationInfo).toMatchObject({ total: 6, totalPages: 3, perPage: 2, next: null });
  });

  it('is admin-only and names missing tokens with 404', async () => {
    expect((await failure(jane.api.UserImpersonationTokens.all(bob.id))).status).toBe(403);
    expect((await failure(w.admin.UserImpersonationTokens.show(bob.id, 999_999))).status).toBe(404);
  });
});
