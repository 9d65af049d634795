/**
 * POST /users with a username or an e-mail address another user already holds: 409 (the status
 * table's conflicting resource) and no user created, checked through the administrator's
 * GET /users?search=<tag> (the test's users all carry its tag). A username is taken in any case
 * (it is compared case-insensitively, as the username lookup is); an address is taken as another
 * user's primary or secondary address. The body of the 409 is not shown in the spec: not judged.
 *
 *   POST /users {"username":"<tag>-a", "email":"<tag>-b@example.com", ...}  -> 409 (<tag>-a exists)
 *   GET /users?search=<tag>                                                  -> only <tag>-a
 */
import { describe } from 'vitest';
import { check, clauseTest, requireThat, type CreatedUser, type Session } from '../../src/kit/index.ts';
import { addUserEmail } from '../emails/fixtures.ts';
import { tagged, userTag } from './account-fixtures.ts';
import { newUserBody, postUser, usersUnder } from './taken-fixtures.ts';

/** The second create answers 409 and, afterwards, the tag holds the first user alone. */
async function refusedAndNoneCreated(s: Session, tag: string, first: CreatedUser, body: Record<string, unknown>, why: string) {
  const res = await postUser(s, body);
  // Looked up first: whatever a broken server made, with a 201 or not, is tracked before any judgement.
  const users = await usersUnder(s, tag, [first.id, ...(res.status >= 200 && res.status < 300 ? [res.json?.id] : [])]);
  check.status(res, 409, `POST /users with ${why} MUST answer 409.`);
  requireThat(
    users.length === 1 && users[0]?.id === first.id,
    `POST /users with ${why} MUST create no user: GET /users?search=<tag> lists the first user alone.`,
    [first.username],
    users.map((u) => u.username),
  );
}

describe.concurrent('POST /users with a username or e-mail already taken', () => {
  clauseTest(
    'users.create.username_taken',
    'POST /users with the username of another user answers 409 and creates no user',
    async ({ s }) => {
      const tag = userTag(s, 'taken');
      const a = await tagged(s, tag, 'a');
      await refusedAndNoneCreated(s, tag, a, newUserBody(tag, 'b', { username: a.username }), `the username ${a.username} of another user`);
    },
  );

  clauseTest(
    'users.create.username_taken',
    'POST /users with the username of another user in upper case answers 409 and creates no user',
    async ({ s }) => {
      const tag = userTag(s, 'taken');
      const a = await tagged(s, tag, 'a');
      const upper = a.username.toUpperCase();
      await refusedAndNoneCreated(
        s,
        tag,
        a,
        newUserBody(tag, 'b', { username: upper }),
        `${upper}, another user's username in another case`,
      );
    },
  );

  clauseTest(
    'users.create.email_taken',
    "POST /users with another user's primary e-mail address answers 409 and creates no user",
    async ({ s }) => {
      const tag = userTag(s, 'taken');
      const a = await tagged(s, tag, 'a');
      await refusedAndNoneCreated(s, tag, a, newUserBody(tag, 'b', { email: a.email }), `${a.email}, another user's primary address`);
    },
  );

  clauseTest(
    'users.create.email_taken',
    "POST /users with another user's secondary e-mail address answers 409 and creates no user",
    async ({ s }) => {
      const tag = userTag(s, 'taken');
      const a = await tagged(s, tag, 'a');
      const { res: added, email } = await addUserEmail(s, a.id, `${tag}-second@example.com`);
      check.status(added, 201, 'Adding a secondary address (POST /users/:id/emails, set-up) MUST answer 201.');
      await refusedAndNoneCreated(s, tag, a, newUserBody(tag, 'b', { email }), `${email}, another user's secondary address`);
    },
  );
});
