/**
 * DELETE /users/:id asked twice: once the first deletion is done (a real server removes the user
 * in a background job: the kit waits within CONFORMANCE_DELETION_TIMEOUT_MS, src/kit/deletion.ts),
 * a second DELETE answers 404 and the other user of the test is still listed.
 *
 *   DELETE /users/31 -> 204;  (GET /users/31 -> 404);  again -> 404;  GET /users?search=<tag>: the same ids
 */
import { describe } from 'vitest';
import { clauseTest, deleteTwice, deletionTestTimeout, listedIds, removal, session } from '../../src/kit/index.ts';
import { tagged, userTag } from './account-fixtures.ts';

describe('DELETE /users/:id asked twice', () => {
  clauseTest(
    'users.delete.missing_404',
    'a second DELETE of a deleted user answers 404 and leaves the other users',
    async ({ s }) => {
      const tag = userTag(s, 'redel');
      const item = await tagged(s, tag, 'a');
      await tagged(s, tag, 'b'); // the neighbour a faulty second DELETE could take
      await deleteTwice(s, {
        path: `/users/${item.id}`,
        settled: () => removal(s, `/users/${item.id}`),
        collection: () => listedIds(s, '/users', 'id', { search: tag }),
      });
    },
    { timeout: deletionTestTimeout(session()) },
  );
});
