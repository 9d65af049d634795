/**
 * E-mail addresses under concurrency: one new address sent three times at once by one user, or
 * claimed by two users at once (each with its own token), is added once (one 201, the others
 * 400) whatever the timing, and afterwards belongs to one user, listed once. A server that checks
 * the address and then inserts without checking again (check-then-insert) passes every sequential
 * taken-address check and fails these. "At once": started together, as many in flight together as
 * the worker's share of CONFORMANCE_CONCURRENCY allows (2 by default; src/kit/at-once.ts). A failing
 * race is tried again on a fresh address (raceRounds: 3 rounds in all), and its failure says in how
 * many rounds it failed.
 */
import { beforeAll, describe } from 'vitest';
import {
  atOnce,
  clauseTest,
  createUser,
  oneWins,
  PER_PAGE_MAX,
  raceRounds,
  requireThat,
  session,
  times,
  type CreatedUser,
} from '../../src/kit/index.ts';
import { findEmail, freshAddress, isAddress } from './fixtures.ts';

/** Requests sent together: a few, as a client retrying or several tabs would. */
const AT_ONCE = 3;

describe.concurrent('POST /user/emails sent together', () => {
  let alice: CreatedUser;
  let bob: CreatedUser;
  beforeAll(async () => {
    const s = session();
    [alice, bob] = [await createUser(s), await createUser(s)];
  });

  clauseTest(
    'emails.create_own.taken_status',
    `${AT_ONCE} identical POST /user/emails sent at once by one user: exactly one answers 201, the others 400, and the address is listed once`,
    async ({ s }) => {
      await raceRounds(async () => {
        const email = freshAddress(s, 'together');
        const request = {
          client: alice.client,
          method: 'POST',
          path: '/user/emails',
          options: { json: { email } },
          who: alice.username,
        } as const;
        oneWins(await atOnce(times(AT_ONCE, request)), {
          wins: 201,
          others: 400,
          what: 'identical POST /user/emails (one address, one user)',
        });
        const list = await alice.client.get('/user/emails', { query: { per_page: PER_PAGE_MAX } });
        const listed = Array.isArray(list.json) ? (list.json as Record<string, any>[]).filter((e) => isAddress(e, email)).length : 0;
        requireThat(listed === 1, 'An address added once MUST be listed once by GET /user/emails.', 1, listed);
      });
    },
  );

  clauseTest(
    'emails.create_own.taken_status',
    'two users each POST /user/emails with the same new address at once: one answers 201, the other 400, and the address belongs to one user only',
    async ({ s }) => {
      await raceRounds(async () => {
        const email = freshAddress(s, 'claimed');
        const claim = (u: CreatedUser) =>
          ({ client: u.client, method: 'POST', path: '/user/emails', options: { json: { email } }, who: u.username }) as const;
        const winner = oneWins(await atOnce([claim(alice), claim(bob)]), {
          wins: 201,
          others: 400,
          what: 'POST /user/emails of one new address by two users',
        });
        const expected = [alice, bob][winner].username;
        const held = await Promise.all([alice, bob].map(async (u) => ((await findEmail(s, u.id, email)) ? u.username : undefined)));
        const owners = held.filter((u) => u !== undefined);
        requireThat(
          owners.length === 1 && owners[0] === expected,
          'The address MUST belong afterwards to the one user whose POST answered 201, and to no other (GET /users/:id/emails).',
          [expected],
          owners,
        );
      });
    },
  );
});
