/**
 * PUT /users/:id under concurrency: two users given the same new e-mail at once (by the
 * administrator, reconfirmation skipped) end with one 200 and one 404, whatever the timing, and
 * afterwards only one of them has the address. A server that checks the address and then writes
 * without checking again (check-then-insert) passes the sequential taken-e-mail check and fails
 * this one. A failing race is tried again on two fresh users (raceRounds: 3 rounds in all), and its
 * failure says in how many rounds it failed.
 */
import { describe } from 'vitest';
import { atOnce, clauseTest, oneWins, raceRounds, requireThat } from '../../src/kit/index.ts';
import { adminView, tagged, userTag } from './account-fixtures.ts';

describe('PUT /users/:id sent together', () => {
  clauseTest(
    'users.update.conflict_404',
    'two users given the same new e-mail by PUT /users/:id at once: one answers 200, the other 404, and only one of them has the address after',
    async ({ s }) => {
      await raceRounds(async () => {
        const tag = userTag(s, 'race');
        const users = [await tagged(s, tag, 'a'), await tagged(s, tag, 'b')];
        const email = `${tag}-shared@example.com`;
        const put = (u: (typeof users)[number]) =>
          ({
            client: s.admin,
            method: 'PUT',
            path: `/users/${u.id}`,
            options: { json: { email, skip_reconfirmation: true } },
            who: `admin for ${u.username}`,
          }) as const;
        const winner = oneWins(await atOnce(users.map(put)), {
          wins: 200,
          others: 404,
          what: 'PUT /users/:id giving two users one new e-mail',
        });
        const holders = (await Promise.all(users.map((u) => adminView(s, u.id)))).filter((v) => v.email === email).map((v) => v.username);
        requireThat(
          holders.length === 1 && holders[0] === users[winner].username,
          'Afterwards the address MUST be the e-mail of the one user whose PUT answered 200, and of no other (GET /users/:id).',
          [users[winner].username],
          holders,
        );
      });
    },
  );
});
