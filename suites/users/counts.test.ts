/**
 * GET /user_counts for a fresh user of the test's own: 200, an object with merge_requests
 * (number), 0 for a user who has no merge request assigned.
 */
import { describe } from 'vitest';
import { check, clauseTest, createUser, requireThat } from '../../src/kit/index.ts';

describe.concurrent('user counts', () => {
  clauseTest('users.counts.status', 'GET /user_counts answers 200', async ({ s }) => {
    const user = await createUser(s);
    check.status(await user.client.get('/user_counts'), 200);
  });

  clauseTest('users.counts.shape', 'GET /user_counts answers an object with merge_requests as a number', async ({ s }) => {
    const user = await createUser(s);
    const res = await user.client.get('/user_counts');
    check.status(res, 200);
    check.jsonContentType(res);
    check.schema(res.json, 'user.counts');
  });

  clauseTest('users.counts.zero', 'merge_requests is 0 for a new user with no merge request assigned', async ({ s }) => {
    const user = await createUser(s);
    const res = await user.client.get('/user_counts');
    check.status(res, 200);
    requireThat(
      res.json?.merge_requests === 0,
      'merge_requests MUST be 0 for a user with no active merge request assigned.',
      0,
      res.json?.merge_requests,
    );
  });
});
