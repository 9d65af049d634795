/**
 * DELETE /users/:id/gpg_keys/:key_id (admin) asked twice: the second answers 404 (the key no
 * longer exists) and the user's GPG key list keeps the same ids.
 *
 *   DELETE /users/5/gpg_keys/2 -> 204;  again -> 404;  GET /users/5/gpg_keys: the same ids
 */
import { describe } from 'vitest';
import { check, clauseTest, createUser, deleteTwice, listedIds } from '../../src/kit/index.ts';
import { addUserGpgKey, createdKey } from './fixtures.ts';

describe('DELETE /users/:id/gpg_keys/:key_id asked twice', () => {
  clauseTest(
    'errors.not_found.resource',
    "a second admin DELETE of a user's GPG key answers 404 and leaves the user's other keys",
    async ({ s }) => {
      const user = await createUser(s, {}, { token: false });
      const { res } = await addUserGpgKey(s, user);
      check.status(res, 201, 'Adding a GPG key (set-up) MUST answer 201.');
      check.status((await addUserGpgKey(s, user)).res, 201, 'Adding a second GPG key (set-up) MUST answer 201.');
      await deleteTwice(s, {
        path: `/users/${user.id}/gpg_keys/${createdKey(res.json)!.id}`,
        collection: () => listedIds(s, `/users/${user.id}/gpg_keys`),
      });
    },
  );
});
