/**
 * DELETE /users/:id/emails/:email_id (admin) asked twice: the second answers 404 (the address no
 * longer exists) and the user's e-mail list keeps the same ids.
 *
 *   DELETE /users/5/emails/3 -> 204;  again -> 404;  GET /users/5/emails: the same ids
 */
import { describe } from 'vitest';
import { check, clauseTest, createUser, deleteTwice, listedIds, requireThat } from '../../src/kit/index.ts';
import { addUserEmail, findEmail } from './fixtures.ts';

describe('DELETE /users/:id/emails/:email_id asked twice', () => {
  clauseTest(
    'errors.not_found.resource',
    "a second admin DELETE of a user's e-mail answers 404 and leaves the user's other addresses",
    async ({ s }) => {
      const user = await createUser(s, {}, { token: false });
      const { res, email } = await addUserEmail(s, user.id);
      check.status(res, 201, 'Adding an address (set-up) MUST answer 201.');
      check.status((await addUserEmail(s, user.id)).res, 201, 'Adding a second address (set-up) MUST answer 201.');
      const item = await findEmail(s, user.id, email);
      requireThat(item !== undefined, 'The address added MUST be listed (set-up).', email, '(not listed)');
      await deleteTwice(s, { path: `/users/${user.id}/emails/${item!.id}`, collection: () => listedIds(s, `/users/${user.id}/emails`) });
    },
  );
});
