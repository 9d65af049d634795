/**
 * Round trips of users: names in any script (with emoji, up to 255 characters) and the profile
 * attributes (bio, location, organization, job title, social handles, website, long admin notes,
 * projects limit, flags) sent to POST /users and PUT /users/:id are what the admin view of GET
 * /users/:id returns (the spec leaves the bodies of POST and PUT open, so only the GET is read).
 * Users are example.com addresses with confirmation skipped; each run deletes the user it made.
 *
 *   npx conformance certify suites/properties/round-trip-users.test.ts
 */
import { describe } from 'vitest';
import { check, clauseTest, createUser, forAll, userCreate, userUpdate, type Session, type UserProfile } from '../../src/kit/index.ts';
import { once, sameText, sameValue } from './fixtures.ts';

const world = once(async (s: Session) => ({ user: await createUser(s, {}, { token: false }) }));

/** Each attribute given is shown as given (strings exactly, numbers and booleans as values). */
function sameProfile(body: Record<string, unknown> | undefined, given: UserProfile & { name?: string }, what: string): void {
  for (const [field, value] of Object.entries(given)) {
    if (typeof value === 'string') sameText(body, field, value, what);
    else sameValue(body, field, value, what);
  }
}

describe.concurrent('user round trips', () => {
  clauseTest('users.create.profile_strings', 'optional attributes given on create appear as sent in admin GET /users/:id', async (ctx) => {
    await forAll(
      ctx,
      userCreate(),
      async ({ name, ...profile }) => {
        const username = ctx.s.name('rt').toLowerCase();
        const res = await ctx.s.admin.post('/users', {
          json: { ...profile, name, username, email: `${username}@example.com`, force_random_password: true, skip_confirmation: true },
        });
        ctx.s.track(res, 'user', undefined, { hard_delete: 'true' });
        check.status(res, 201);
        try {
          const read = await ctx.s.admin.get(`/users/${res.json.id}`);
          check.status(read, 200);
          sameProfile(read.json, profile, 'Admin GET /users/:id of the created user');
        } finally {
          await ctx.s.admin.delete(`/users/${res.json.id}`, { query: { hard_delete: 'true' } });
        }
      },
      { sideBySide: true, scale: 0.6 },
    );
  });

  clauseTest(
    'users.update.applies',
    'attributes changed by PUT /users/:id (names in any script, profile texts) appear as sent in a later GET',
    async (ctx) => {
      const { user } = await world(ctx.s);
      await forAll(ctx, userUpdate(), async (change) => {
        check.status(await ctx.s.admin.put(`/users/${user.id}`, { json: change }), 200);
        const read = await ctx.s.admin.get(`/users/${user.id}`);
        check.status(read, 200);
        sameProfile(read.json, change, 'Admin GET /users/:id after the update');
      });
    },
  );
});
