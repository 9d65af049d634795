/**
 * DELETE /users/:id/keys/:key_id (admin) asked twice: the second answers 404 (the key no longer
 * exists) and the user's key list keeps the same ids.
 *
 *   DELETE /users/5/keys/8 -> 204;  again -> 404;  GET /users/5/keys: the same ids
 */
import { describe } from 'vitest';
import { check, clauseTest, createUser, deleteTwice, listedIds, requireThat } from '../../src/kit/index.ts';
import { addUserKey, findKey } from './fixtures.ts';

describe('DELETE /users/:id/keys/:key_id asked twice', () => {
  clauseTest(
    'errors.not_found.resource',
    "a second admin DELETE of a user's SSH key answers 404 and leaves the user's other keys",
    async ({ s }) => {
      const user = await createUser(s, {}, { token: false });
      const { res, key } = await addUserKey(s, user.id);
      check.status(res, 201, 'Adding a key (set-up) MUST answer 201.');
      check.status((await addUserKey(s, user.id)).res, 201, 'Adding a second key (set-up) MUST answer 201.');
      const item = await findKey(s.admin, `/users/${user.id}/keys`, key);
      requireThat(item !== undefined, 'The key added MUST be listed (set-up).', 'listed', '(not listed)');
      await deleteTwice(s, { path: `/users/${user.id}/keys/${item!.id}`, collection: () => listedIds(s, `/users/${user.id}/keys`) });
    },
  );
});
