/**
 * POST /users under concurrency: several creates of one new username (or one new e-mail address)
 * sent at once: exactly one succeeds (201) and the others answer 409, whatever the timing, as if
 * they had come one after another (the first made the user; the rest found it taken); afterwards
 * exactly one user holds it, the winner. A server that checks and then inserts without checking
 * again (check-then-insert) passes every sequential taken check (create-taken.test.ts) and fails
 * these. A failing check is tried again on fresh names (raceRounds) and says how often it failed.
 * The platform's loser of a tight race answers 500 (its unique index; the declared departure
 * platform.race-unique-index-500, baselined for race checks only).
 * "At once": started together, as many in flight together as the worker's share of
 * CONFORMANCE_CONCURRENCY allows (src/kit/at-once.ts). Whatever a broken server made is tracked.
 */
import { describe } from 'vitest';
import { atOnce, clauseTest, oneWins, raceRounds, requireThat, type Session } from '../../src/kit/index.ts';
import { userTag } from './account-fixtures.ts';
import { newUserBody, trackCreated, usersUnder } from './taken-fixtures.ts';

/** Requests sent together: a few, as a client retrying or several tabs would. */
const AT_ONCE = 3;

/**
 * Sends the bodies at once as the administrator and judges that exactly one succeeded and the
 * others answered 409; returns the winner's id and the users under the tag after. Every user made
 * is tracked, the users under the tag looked up even when the judgement fails (a broken server may
 * make a user it answered no 201 for).
 */
async function createAtOnce(s: Session, tag: string, bodies: Record<string, unknown>[], what: string) {
  const sent = await atOnce(
    bodies.map((json, i) => ({ client: s.admin, method: 'POST', path: '/users', options: { json }, who: `admin, create ${i + 1}` })),
  );
  for (const res of sent.answers) trackCreated(s, res);
  const made = sent.answers
    .filter((r) => r.status >= 200 && r.status < 300 && typeof r.json?.id === 'number')
    .map((r) => r.json.id as number);
  let winner: number;
  try {
    winner = oneWins(sent, { wins: 201, others: 409, what });
  } catch (failure) {
    await usersUnder(s, tag, made).catch(() => []);
    throw failure;
  }
  return { winner: sent.answers[winner]?.json?.id as number, users: await usersUnder(s, tag, made) };
}

/** Exactly one user holds it: the winner. */
function heldByWinner(holders: Record<string, any>[], winner: number, what: string): void {
  requireThat(
    holders.length === 1 && holders[0]?.id === winner,
    `Afterwards exactly one user MUST hold ${what}: the one whose create succeeded (GET /users?search=<tag>).`,
    [winner],
    holders.map((u) => ({ id: u.id, username: u.username })),
  );
}

describe('POST /users sent together', () => {
  clauseTest(
    'users.create.username_taken',
    `${AT_ONCE} POST /users with one new username sent at once: exactly one answers 201, the others 409, and only the winner holds the username after`,
    async ({ s }) => {
      await raceRounds(async () => {
        const tag = userTag(s, 'race');
        const username = `${tag}-x`;
        const bodies = Array.from({ length: AT_ONCE }, (_, i) => newUserBody(tag, `x${i}`, { username }));
        const { winner, users } = await createAtOnce(s, tag, bodies, 'POST /users with one new username (other e-mails)');
        const holders = users.filter((u) => String(u.username).toLowerCase() === username);
        heldByWinner(holders, winner, `the username ${username}`);
      });
    },
  );

  clauseTest(
    'users.create.email_taken',
    `${AT_ONCE} POST /users with one new e-mail address sent at once: exactly one answers 201, the others 409, and only the winner holds the address after`,
    async ({ s }) => {
      await raceRounds(async () => {
        const tag = userTag(s, 'race');
        const email = `${tag}-shared@example.com`;
        const bodies = Array.from({ length: AT_ONCE }, (_, i) => newUserBody(tag, `y${i}`, { email }));
        const { winner, users } = await createAtOnce(s, tag, bodies, 'POST /users with one new e-mail address (other usernames)');
        const holders = users.filter((u) => String(u.email).toLowerCase() === email);
        heldByWinner(holders, winner, `the address ${email}`);
      });
    },
  );
});
