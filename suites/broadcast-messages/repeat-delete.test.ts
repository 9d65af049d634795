/**
 * DELETE /broadcast_messages/:id asked twice: the second answers 404 (the message no longer
 * exists) and leaves the other message the test made. The list is shared by the whole server,
 * so the collection judged is the test's own messages that still answer.
 *
 *   DELETE /broadcast_messages/12 -> 204;  again -> 404;  GET /broadcast_messages/13 still 200
 */
import { describe } from 'vitest';
import { check, clauseTest, deleteTwice, presentPaths } from '../../src/kit/index.ts';
import { createMessage, futureWindow } from './fixtures.ts';

describe('DELETE /broadcast_messages/:id asked twice', () => {
  clauseTest('errors.not_found.resource', 'a second DELETE of a broadcast message answers 404 and leaves the others', async ({ s }) => {
    const made = [await createMessage(s, futureWindow()), await createMessage(s, futureWindow())];
    for (const { res } of made) check.status(res, 201, 'Creating a broadcast message (set-up) MUST answer 201.');
    const [item, neighbour] = made.map(({ msg }) => `/broadcast_messages/${msg.id}`);
    await deleteTwice(s, { path: item!, collection: () => presentPaths(s, [neighbour!]) });
  });
});
