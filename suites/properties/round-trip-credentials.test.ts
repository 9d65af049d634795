/**
 * Round trips of a user's credentials: SSH keys (titles in any script, 1 and 255 characters;
 * keys made from the drawn seed, compared by type and body), secondary e-mail addresses and
 * impersonation tokens (names, scopes as a set, expiry dates on month ends and leap days within
 * the server's next year). What POST sends is what its response and a later GET return. One fresh
 * user per file; each run deletes (or revokes) what it created.
 *
 *   npx conformance certify suites/properties/round-trip-credentials.test.ts
 *
 * Its tests run in order (a plain describe, not describe.concurrent): all tests add SSH keys to one
 * shared user, and keys are unique server-wide: two tests drawing the same key (shrinking, say)
 * would collide.
 */
import { describe } from 'vitest';
import {
  PER_PAGE_MAX,
  check,
  clauseTest,
  createUser,
  emailAddress,
  forAll,
  requireThat,
  resolveFutureDate,
  sameSshKey,
  sshKeyCreate,
  tokenCreate,
  type Session,
} from '../../src/kit/index.ts';
import { once, sameSet, sameText, sameValue } from './fixtures.ts';

const world = once(async (s: Session) => ({ user: await createUser(s) }));

function sameKey(body: Record<string, unknown> | undefined, key: string, what: string): void {
  requireThat(sameSshKey(body?.key, key), `${what} MUST return the key sent (same type and body).`, key, body?.key ?? '(absent)');
}

describe('credential round trips', () => {
  clauseTest(
    'keys.create_own.status',
    'POST /user/keys answers the key with the title and key sent; GET /user/keys/:key_id agrees',
    async (ctx) => {
      const { user } = await world(ctx.s);
      await forAll(
        ctx,
        sshKeyCreate(),
        async (k) => {
          const res = await user.client.post('/user/keys', { json: k });
          check.status(res, 201);
          try {
            sameText(res.json, 'title', k.title, 'The create response');
            sameKey(res.json, k.key, 'The create response');
            const read = await user.client.get(`/user/keys/${res.json.id}`);
            check.status(read, 200);
            sameText(read.json, 'title', k.title, 'GET of the created key');
            sameKey(read.json, k.key, 'GET of the created key');
          } finally {
            await user.client.delete(`/user/keys/${res.json.id}`);
          }
        },
        { sideBySide: true },
      );
    },
  );

  clauseTest('keys.create_user.effect', 'a key an admin adds with POST /users/:id/keys is listed with its title and key', async (ctx) => {
    const { user } = await world(ctx.s);
    await forAll(
      ctx,
      sshKeyCreate(),
      async (k) => {
        const res = await ctx.s.admin.post(`/users/${user.id}/keys`, { json: k });
        check.status(res, 201);
        const list = await ctx.s.admin.get(`/users/${user.id}/keys`, { query: { per_page: PER_PAGE_MAX } });
        check.status(list, 200);
        const found = (list.json as Record<string, unknown>[]).find((x) => sameSshKey(x.key, k.key));
        try {
          requireThat(
            found !== undefined,
            'GET /users/:id/keys MUST list the key added.',
            k.key,
            (list.json as Record<string, unknown>[]).map((x) => x.key),
          );
          sameText(found, 'title', k.title, 'The listed key');
        } finally {
          if (found) await ctx.s.admin.delete(`/users/${user.id}/keys/${found.id}`);
        }
      },
      { scale: 0.6 },
    );
  });

  clauseTest('emails.create_own.status', 'POST /user/emails answers the address sent; GET /user/emails/:email_id agrees', async (ctx) => {
    const { user } = await world(ctx.s);
    await forAll(
      ctx,
      emailAddress(),
      async (address) => {
        const email = address(ctx.s.name('m').toLowerCase());
        const res = await user.client.post('/user/emails', { json: { email } });
        check.status(res, 201);
        try {
          sameText(res.json, 'email', email, 'The create response');
          const read = await user.client.get(`/user/emails/${res.json.id}`);
          check.status(read, 200);
          sameText(read.json, 'email', email, 'GET of the created address');
        } finally {
          await user.client.delete(`/user/emails/${res.json.id}`);
        }
      },
      { sideBySide: true, scale: 0.6 },
    );
  });

  clauseTest(
    'tokens.create.fields',
    'the created token echoes name, scopes and expires_at as sent; GET of the token agrees',
    async (ctx) => {
      const { user } = await world(ctx.s);
      const today = ctx.s.target.serverDate;
      await forAll(
        ctx,
        tokenCreate(),
        async (t) => {
          // No drawn expiry: the run's own, as every token the kit makes carries one (current platform installs require it).
          const expires_at = t.expires ? resolveFutureDate(t.expires, today) : ctx.s.target.tokenExpiresAt;
          const res = await ctx.s.admin.post(`/users/${user.id}/impersonation_tokens`, {
            json: { name: t.name, scopes: t.scopes, expires_at },
          });
          if (typeof res.json?.token === 'string') ctx.s.secrets.add(res.json.token);
          check.status(res, 201);
          try {
            const read = await ctx.s.admin.get(`/users/${user.id}/impersonation_tokens/${res.json.id}`);
            check.status(read, 200);
            for (const [body, what] of [
              [res.json, 'The create response'],
              [read.json, 'GET of the created token'],
            ] as const) {
              sameText(body, 'name', t.name, what);
              sameSet(body, 'scopes', t.scopes, what);
              sameValue(body, 'expires_at', expires_at, what);
            }
          } finally {
            await ctx.s.admin.delete(`/users/${user.id}/impersonation_tokens/${res.json.id}`);
          }
        },
        { sideBySide: true },
      );
    },
  );
});
