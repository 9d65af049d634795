/**
 * E-mail addresses of a given user (/users/:id/emails, administrators only): list, add (the
 * response body is not shown in the spec: effects are checked through the list), the required
 * email, delete, and 403 for a non-admin, the user itself included, on each admin-only e-mail
 * operation of the operation table (nothing changes).
 */
import { beforeAll, describe } from 'vitest';
import { PER_PAGE_MAX, check, clauseTest, createUser, requireThat, session, type CreatedUser } from '../../src/kit/index.ts';
import { addOwnEmail, addUserEmail, findEmail } from './fixtures.ts';

describe.concurrent('/users/:id/emails', () => {
  let carol: CreatedUser;
  beforeAll(async () => {
    carol = await createUser(session());
  });

  clauseTest('emails.create_user.status', 'POST /users/:id/emails by an admin with email answers 201', async ({ s }) => {
    check.status((await addUserEmail(s, carol.id)).res, 201);
  });

  clauseTest('emails.create_user.effect', 'an address added by POST /users/:id/emails appears in GET /users/:id/emails', async ({ s }) => {
    const { res, email } = await addUserEmail(s, carol.id);
    check.status(res, 201);
    requireThat((await findEmail(s, carol.id, email)) !== undefined, 'The address MUST be listed for the user.', email, '(not listed)');
  });

  clauseTest('emails.create_user.email_required', 'POST /users/:id/emails without email answers 400', async ({ s }) => {
    check.status(await s.admin.post(`/users/${carol.id}/emails`, { json: { skip_confirmation: true } }), 400);
  });

  clauseTest('emails.list_user.status', "GET /users/:id/emails by an admin answers 200 with the user's addresses", async ({ s }) => {
    const { res: made, email } = await addOwnEmail(s, carol);
    check.status(made, 201);
    const res = await s.admin.get(`/users/${carol.id}/emails`, { query: { per_page: PER_PAGE_MAX } });
    check.status(res, 200);
    const items = check.arrayOf(res, 'email') as { email: string }[];
    requireThat(
      items.some((e) => e.email.toLowerCase() === email),
      "The list MUST hold the user's address.",
      email,
      items.map((e) => e.email),
    );
  });

  clauseTest(
    'emails.delete_user.status',
    'DELETE /users/:id/emails/:email_id by an admin answers 204 and the address is gone',
    async ({ s }) => {
      const { res: made, email } = await addUserEmail(s, carol.id);
      check.status(made, 201);
      const item = await findEmail(s, carol.id, email);
      requireThat(item !== undefined, 'The address added MUST be listed (set-up).', email, '(not listed)');
      check.status(await s.admin.delete(`/users/${carol.id}/emails/${item!.id}`), 204);
      requireThat(
        (await findEmail(s, carol.id, email)) === undefined,
        'A deleted address MUST no longer be listed.',
        '(not listed)',
        'still listed',
      );
    },
  );
});
