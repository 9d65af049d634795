/**
 * An expired token is invalid authentication information: an impersonation token whose expires_at
 * was yesterday (the server's date) answers 401 on GET /user. Where the target refuses a past
 * expires_at on create (any 4xx), the check cannot run and says so (a skip, not a failure); the
 * platform accepts the date and keeps the token inactive.
 *
 *   POST /users/:id/impersonation_tokens {"expires_at":"<yesterday>",...} -> 201;  GET /user with it -> 401
 */
import { describe } from 'vitest';
import { addDays, check, clauseTest } from '../../src/kit/index.ts';
import { postToken } from './fixtures.ts';

describe('an expired impersonation token', () => {
  clauseTest('auth.invalid.401', 'GET /user with an impersonation token that expired yesterday answers 401', async ({ s, skip }) => {
    const yesterday = addDays(s.target.serverDate, -1);
    const made = await postToken(s, s.target.user.id, { json: { name: s.name('expired'), scopes: ['read_user'], expires_at: yesterday } });
    if (made.status >= 400 && made.status < 500) {
      skip(`The target refuses an impersonation token with a past expires_at (${made.status}): no expired token to try.`);
    }
    check.status(made, 201, 'Creating the expired token (set-up) MUST answer 201 where the target does not refuse it with a 4xx.');
    check.status(
      await s.as({ token: made.json.token, via: 'private-token' }).get('/user'),
      401,
      'A token whose expires_at has passed is invalid: GET /user with it MUST answer 401.',
    );
  });
});
