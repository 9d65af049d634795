/**
 * POST /projects/:id/variables under concurrency: several creates of one new key (one scope) sent
 * at once: exactly one succeeds (201) and the others are refused as the clause refuses a taken key
 * (400 or 409), whatever the timing, as if they had come one after another; afterwards the project
 * lists the key once, with the winner's value. A server that checks the key and then inserts
 * without checking again passes key-taken.test.ts and fails this. A failing check is tried again on
 * a fresh key (raceRounds) and says how often it failed. The platform's loser of a tight race
 * answers 500 (the unique index on project, key and scope; the declared departure
 * platform.race-unique-index-500, baselined for race checks only). The project, and every variable
 * in it, goes at cleanup.
 */
import { describe } from 'vitest';
import { PER_PAGE_MAX, atOnce, check, clauseTest, oneWins, raceRounds, requireThat } from '../../src/kit/index.ts';
import { variableKey, variablesProject } from './fixtures.ts';

/** Requests sent together: a few, as a client retrying or several tabs would. */
const AT_ONCE = 3;

describe('POST /projects/:id/variables sent together', () => {
  clauseTest(
    'variables.create.key_taken',
    `${AT_ONCE} POST /projects/:id/variables of one new key sent at once: exactly one answers 201, the others 400 or 409, and the key is listed once with the winner's value`,
    async ({ s }) => {
      const project = await variablesProject(s);
      await raceRounds(async () => {
        const key = variableKey(s, 'race');
        const values = Array.from({ length: AT_ONCE }, (_, i) => `value-${i + 1}`);
        const sent = await atOnce(
          values.map((value, i) => ({
            client: s.admin,
            method: 'POST',
            path: `/projects/${project.id}/variables`,
            options: { json: { key, value } },
            who: `admin, create ${i + 1}`,
          })),
        );
        const winner = oneWins(sent, {
          wins: 201,
          others: [400, 409],
          what: `POST /projects/:id/variables of the one new key ${key} (scope *)`,
        });
        const list = await s.admin.get(`/projects/${project.id}/variables`, { query: { per_page: PER_PAGE_MAX } });
        check.status(list, 200);
        const stored = (check.arrayOf(list, 'variable.list') as { key: string; value: unknown }[]).filter((v) => v.key === key);
        requireThat(
          stored.length === 1 && stored[0]?.value === values[winner],
          `Afterwards the project MUST list the key ${key} once, with the value of the create that succeeded.`,
          [{ key, value: values[winner] }],
          stored,
        );
      });
    },
  );
});
