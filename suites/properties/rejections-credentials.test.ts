/**
 * Rejections of users and their credentials: every invalid input of POST /users, PUT /users/:id,
 * POST /user/keys, /user/gpg_keys, /user/emails and /users/:id/impersonation_tokens (one spec
 * rule broken each: a required attribute left out, a broken SSH or GPG key, a taken address, an
 * unknown scope, an impossible date, a value of the wrong type) answers 400 with the spec's
 * error body, and creates or changes nothing (the fresh user's own keys, addresses, tokens; the
 * user list for the username; the user itself for an update).
 *
 *   npx conformance certify suites/properties/rejections-credentials.test.ts
 *
 * Its tests run in order (a plain describe, not describe.concurrent): the tests share one fixture
 * set and check it unchanged around each case: on a faulty server a sibling's accepted case would
 * fail the wrong clause.
 */
import { describe } from 'vitest';
import {
  clauseTest,
  createUser,
  fillPlaceholders,
  forAll,
  gpgPublicKey,
  invalidGpgKeyInput,
  type InvalidInput,
  type Session,
} from '../../src/kit/index.ts';
import { once } from './fixtures.ts';
import {
  invalidOf,
  listed,
  rejectInvalid,
  rejectMissing,
  rejectWithFieldErrors,
  uniqueFill,
  type RejectionTarget,
  frameworkRefusal,
} from './rejections.ts';

const world = once(async (s: Session) => {
  const user = await createUser(s);
  const other = await createUser(s, {}, { token: false });
  const gpg = await gpgPublicKey({ name: 'Kit Rejections', email: 'kit-rejections@example.com' });
  const admin = s.admin;
  const targets: RejectionTarget[] = [
    {
      endpoint: 'users.create',
      fill: uniqueFill(s, 'rj'),
      send: async (body) => {
        const res = await admin.post('/users', { json: body });
        s.track(res, 'user', undefined, { hard_delete: 'true' });
        return res;
      },
      state: async (body) => {
        const name = String(body.username ?? String(body.email ?? '').split('@')[0]);
        return [await listed(s, '/users', { username: name }), await listed(s, '/users', { search: name })];
      },
      undo: (res) => admin.delete(`/users/${res.json?.id}`, { query: { hard_delete: 'true' } }),
    },
    {
      endpoint: 'users.update',
      fill: (c: InvalidInput) => c.payload,
      send: (body) => admin.put(`/users/${other.id}`, { json: body }),
      state: async () => (await admin.get(`/users/${other.id}`)).json,
    },
    {
      endpoint: 'ssh-keys.create',
      fill: (c: InvalidInput) => c.payload,
      send: (body) => user.client.post('/user/keys', { json: body }),
      state: () => listed(s, `/users/${user.id}/keys`),
      undo: (res) => admin.delete(`/users/${user.id}/keys/${res.json?.id}`),
    },
    {
      endpoint: 'gpg-keys.create',
      fill: (c: InvalidInput) => c.payload,
      inputs: invalidGpgKeyInput(gpg),
      send: (body) => user.client.post('/user/gpg_keys', { json: body }),
      state: () => listed(s, `/users/${user.id}/gpg_keys`),
      undo: (res) => admin.delete(`/users/${user.id}/gpg_keys/${res.json?.id}`),
    },
    {
      endpoint: 'emails.create',
      fill: (c: InvalidInput) => fillPlaceholders(c.payload, { unique: s.name('rj').toLowerCase(), takenEmail: other.email }),
      send: (body) => user.client.post('/user/emails', { json: body }),
      state: () => listed(s, `/users/${user.id}/emails`),
      undo: (res) => admin.delete(`/users/${user.id}/emails/${res.json?.id}`),
    },
    {
      endpoint: 'tokens.create',
      // The run's expiry unless the case breaks expires_at itself: on a target that requires one
      // (current platform installs), the 400 must come from the rule the case breaks.
      fill: (c: InvalidInput) => ({ expires_at: s.target.tokenExpiresAt, ...c.payload }),
      send: async (body) => {
        const res = await admin.post(`/users/${user.id}/impersonation_tokens`, { json: body });
        if (typeof res.json?.token === 'string') s.secrets.add(res.json.token);
        return res;
      },
      state: () => listed(s, `/users/${user.id}/impersonation_tokens`, { state: 'all' }),
    },
  ];
  return { targets };
});

describe('rejections: users and credentials', () => {
  clauseTest(
    'errors.validation.status',
    'every input that breaks a validation rule answers 400 and creates or changes nothing',
    async (ctx) => {
      const { targets } = await world(ctx.s);
      await forAll(ctx, invalidOf(targets, 'invalid', 'either'), (c) => rejectInvalid(targets, c), {
        examples: [frameworkRefusal(targets)],
      });
    },
  );

  clauseTest(
    'errors.validation.message_object',
    'a model validation failure (broken key, taken address, unknown scope) answers 400 with message as a property-to-errors object',
    async (ctx) => {
      const { targets } = await world(ctx.s);
      await forAll(ctx, invalidOf(targets, 'invalid'), (c) => rejectWithFieldErrors(targets, c), { scale: 0.6 });
    },
  );

  clauseTest(
    'errors.missing_attr.message_string',
    'every request without a required attribute answers 400 with a message naming it, and creates nothing',
    async (ctx) => {
      const { targets } = await world(ctx.s);
      await forAll(ctx, invalidOf(targets, 'missing'), (c) => rejectMissing(targets, c));
    },
  );
});
