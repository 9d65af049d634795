/**
 * DELETE /users/:id asked twice: once the first deletion is done (a real server removes the user
 * in a background job: the kit waits within CONFORMANCE_DELETION_TIMEOUT_MS, src/kit/deletion.ts),
 * a second DELETE answers 404 and the other user of the test is still listed. Both DELETEs ask
 * hard_delete=true (the user has no contributions, so nothing else changes): the platform blocks
 * such a user the moment it accepts the DELETE, so a server whose DELETE does nothing shows it at
 * the first read (the user still active) and the wait ends at once, whatever the job queue's delay;
 * without hard_delete nothing shows it until the job runs. The same for
 * DELETE /users/:id/identities/:provider: the second answers 404 and the user's other identity stays.
 *
 *   DELETE /users/31 -> 204;  (GET /users/31 -> 404);  again -> 404;  GET /users?search=<tag>: the same ids
 *   DELETE /users/32/identities/kit-a -> 204;  again -> 404;  GET /users/32 identities: still kit-b
 */
import { describe } from 'vitest';
import { check, clauseTest, deleteTwice, deletionTestTimeout, listedIds, removal, session } from '../../src/kit/index.ts';
import { adminView, tagged, userTag } from './account-fixtures.ts';

describe.concurrent('DELETE /users/:id and /users/:id/identities/:provider asked twice', () => {
  clauseTest(
    'users.delete.missing_404',
    'a second DELETE of a deleted user answers 404 and leaves the other users',
    async ({ s }) => {
      const tag = userTag(s, 'redel');
      const item = await tagged(s, tag, 'a');
      await tagged(s, tag, 'b'); // the neighbour a faulty second DELETE could take
      await deleteTwice(s, {
        path: `/users/${item.id}?hard_delete=true`,
        settled: () => removal(s, `/users/${item.id}`, { hardDeletedUser: item.id }),
        collection: () => listedIds(s, '/users', 'id', { search: tag }),
      });
    },
    { timeout: deletionTestTimeout(session()) },
  );

  clauseTest(
    'errors.not_found.resource',
    "a second DELETE of a user's identity answers 404 and leaves the user's other identity",
    async ({ s }) => {
      const tag = userTag(s, 'reid');
      const user = await tagged(s, tag, 'a', { provider: `${tag}-a`, extern_uid: `${tag}-uid-a` });
      check.status(
        await s.admin.put(`/users/${user.id}`, { json: { provider: `${tag}-b`, extern_uid: `${tag}-uid-b` } }),
        200,
        'Adding a second identity with PUT /users/:id (set-up) MUST answer 200.',
      );
      await deleteTwice(s, {
        path: `/users/${user.id}/identities/${tag}-a`,
        collection: async () => ((await adminView(s, user.id)).identities ?? []).map((i: { provider: string }) => i.provider),
      });
    },
  );
});
