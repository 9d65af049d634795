/**
 * POST /users under concurrency: several creates of one new username (or one new e-mail address)
 * sent at once: at most one succeeds, whatever the timing, and afterwards at most one user holds
 * it (the winner, if one won). What the others answer is not judged: the clause names no status
 * for a create that loses a race. A server that checks and then inserts without checking again
 * (check-then-insert) passes every sequential taken check (create-taken.test.ts) and fails these.
 * "At once": started together, as many in flight together as the worker's share of
 * CONFORMANCE_CONCURRENCY allows (src/kit/at-once.ts). Whatever a broken server made is tracked.
 */
import { describe } from 'vitest';
import { atOnce, clauseTest, requireThat, type Session } from '../../src/kit/index.ts';
import { atMostOneWins } from '../../src/kit/at-most-one.ts';
import { userTag } from './account-fixtures.ts';
import { newUserBody, trackCreated, usersUnder } from './taken-fixtures.ts';

/** Requests sent together: a few, as a client retrying or several tabs would. */
const AT_ONCE = 3;

/**
 * Sends the bodies at once as the administrator and judges that at most one succeeded; returns the
 * winner's id (undefined: none won) and the users under the tag after. Every user made is tracked,
 * the users under the tag looked up even when the judgement fails (a broken server may make a user
 * it answered no 201 for).
 */
async function createAtOnce(
  s: Session,
  tag: string,
  bodies: Record<string, unknown>[],
  what: string,
): Promise<{ winner?: number; users: Record<string, any>[] }> {
  const sent = await atOnce(
    bodies.map((json, i) => ({ client: s.admin, method: 'POST', path: '/users', options: { json }, who: `admin, create ${i + 1}` })),
  );
  for (const res of sent.answers) trackCreated(s, res);
  const made = sent.answers
    .filter((r) => r.status >= 200 && r.status < 300 && typeof r.json?.id === 'number')
    .map((r) => r.json.id as number);
  let winner: number;
  try {
    winner = atMostOneWins(sent, what);
  } catch (failure) {
    await usersUnder(s, tag, made).catch(() => []);
    throw failure;
  }
  return { winner: winner === -1 ? undefined : sent.answers[winner]?.json?.id, users: await usersUnder(s, tag, made) };
}

/** At most one of the users is there, and it is the winner when one won. */
function heldByOneAtMost(holders: Record<string, any>[], winner: number | undefined, what: string): void {
  requireThat(
    holders.length <= 1 && (holders.length === 0 || winner === undefined || holders[0]?.id === winner),
    `Afterwards at most one user MUST hold ${what}: the one whose create succeeded, if one did (GET /users?search=<tag>).`,
    winner === undefined ? 'at most one user' : [winner],
    holders.map((u) => ({ id: u.id, username: u.username })),
  );
}

describe('POST /users sent together', () => {
  clauseTest(
    'users.create.username_taken',
    `${AT_ONCE} POST /users with one new username sent at once: at most one succeeds, and at most one user holds the username after`,
    async ({ s }) => {
      const tag = userTag(s, 'race');
      const username = `${tag}-x`;
      const bodies = Array.from({ length: AT_ONCE }, (_, i) => newUserBody(tag, `x${i}`, { username }));
      const { winner, users } = await createAtOnce(s, tag, bodies, 'POST /users with one new username (other e-mails)');
      const holders = users.filter((u) => String(u.username).toLowerCase() === username);
      heldByOneAtMost(holders, winner, `the username ${username}`);
    },
  );

  clauseTest(
    'users.create.email_taken',
    `${AT_ONCE} POST /users with one new e-mail address sent at once: at most one succeeds, and at most one user holds the address after`,
    async ({ s }) => {
      const tag = userTag(s, 'race');
      const email = `${tag}-shared@example.com`;
      const bodies = Array.from({ length: AT_ONCE }, (_, i) => newUserBody(tag, `y${i}`, { email }));
      const { winner, users } = await createAtOnce(s, tag, bodies, 'POST /users with one new e-mail address (other usernames)');
      const holders = users.filter((u) => String(u.email).toLowerCase() === email);
      heldByOneAtMost(holders, winner, `the address ${email}`);
    },
  );
});
