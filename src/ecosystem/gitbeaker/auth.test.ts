/**
 * How `@gitbeaker/rest` authenticates, against the reference: the Private-Token header (every
 * other file), `oauthToken` as Authorization: Bearer, and sudo, set for the whole client (a
 * `Sudo` header) or per call (a `sudo` header), by username or id, with the spec's refusals.
 *
 *   npx vitest run src/ecosystem/gitbeaker/auth.test.ts
 */
import { Gitlab } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, FAST_RATE_LIMITS, startWorld, type World, type WorldUser } from './harness.ts';

let w: World;
let jane: WorldUser;

beforeAll(async () => {
  w = await startWorld();
  jane = await w.newUser('jane');
});
afterAll(() => w?.close());

describe('tokens', () => {
  it('accepts a personal access token sent as Authorization: Bearer (the oauthToken option)', async () => {
    const bearer = new Gitlab({ host: w.ref.url, rateLimits: FAST_RATE_LIMITS, oauthToken: w.ref.adminToken });
    expect((await bearer.Users.showCurrentUser()).username).toBe('root');
  });

  it('answers 401 to an unknown token', async () => {
    const stranger = new Gitlab({ host: w.ref.url, rateLimits: FAST_RATE_LIMITS, token: 'not-a-real-token' });
    expect(await failure(stranger.Users.showCurrentUser())).toEqual({ status: 401, description: '401 Unauthorized' });
  });
});

describe('sudo', () => {
  it('acts as the user named in the client-wide sudo option, by username', async () => {
    const asJane = new Gitlab({ host: w.ref.url, rateLimits: FAST_RATE_LIMITS, token: w.ref.adminToken, sudo: 'JANE' });
    expect((await asJane.Users.showCurrentUser()).id).toBe(jane.id);
    const key = await asJane.UserEmails.create('jane.sudo@example.com');
    expect((await jane.api.UserEmails.all()).map((e) => e.id)).toContain(key.id);
  });

  it('acts as the user named by id in a single call', async () => {
    expect((await w.admin.Users.showCurrentUser({ sudo: jane.id })).username).toBe('jane');
    expect((await w.admin.Users.showCurrentUser()).username).toBe('root');
  });

  it('refuses sudo to a non-admin with 403 and names an unknown user with 404', async () => {
    const denied = await failure(jane.api.Users.showCurrentUser({ sudo: 'root' }));
    expect(denied.status).toBe(403);
    expect(denied.description).toContain('admin');
    const unknown = await failure(w.admin.Users.showCurrentUser({ sudo: 'nobody-here' }));
    expect(unknown.status).toBe(404);
    expect(unknown.description).toContain('nobody-here');
  });

  it("refuses sudo with an admin's token that lacks the sudo scope: 403 insufficient_scope", async () => {
    const admin2 = await w.admin.Users.create({
      username: 'admin2',
      name: 'Admin Two',
      email: 'admin2@example.com',
      password: 'admin2-password-1',
      admin: true,
      skipConfirmation: true,
    });
    const token = await w.admin.UserImpersonationTokens.create(admin2.id, 'no sudo', ['api']);
    const client = new Gitlab({ host: w.ref.url, rateLimits: FAST_RATE_LIMITS, token: token.token as string });
    expect((await client.Users.showCurrentUser()).username).toBe('admin2');
    expect(await failure(client.Users.showCurrentUser({ sudo: 'jane' }))).toEqual({ status: 403, description: 'insufficient_scope' });
  });
});
