/**
 * POST /projects/:id/variables under concurrency: several creates of one new key (one scope) sent
 * at once: at most one succeeds, whatever the timing, and afterwards the project lists the key
 * once at most, with the winner's value when one won. What the others answer is not judged (the
 * clause's 400 or 409 is for a key already stored; a create that loses a race may get another
 * refusal). A server that checks the key and then inserts without checking again passes
 * key-taken.test.ts and fails this. The project, and every variable in it, goes at cleanup.
 */
import { describe } from 'vitest';
import { PER_PAGE_MAX, atOnce, check, clauseTest, requireThat } from '../../src/kit/index.ts';
import { atMostOneWins } from '../../src/kit/at-most-one.ts';
import { variableKey, variablesProject } from './fixtures.ts';

/** Requests sent together: a few, as a client retrying or several tabs would. */
const AT_ONCE = 3;

describe('POST /projects/:id/variables sent together', () => {
  clauseTest(
    'variables.create.key_taken',
    `${AT_ONCE} POST /projects/:id/variables of one new key sent at once: at most one succeeds, and the key is listed once at most`,
    async ({ s }) => {
      const project = await variablesProject(s);
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
      const winner = atMostOneWins(sent, `POST /projects/:id/variables of the one new key ${key} (scope *)`);
      const list = await s.admin.get(`/projects/${project.id}/variables`, { query: { per_page: PER_PAGE_MAX } });
      check.status(list, 200);
      const stored = (check.arrayOf(list, 'variable.list') as { key: string; value: unknown }[]).filter((v) => v.key === key);
      requireThat(
        stored.length <= 1 && (stored.length === 0 || winner === -1 || stored[0]?.value === values[winner]),
        `Afterwards the project MUST list the key ${key} once at most, with the value of the create that succeeded, if one did.`,
        winner === -1 ? 'at most one variable' : [{ key, value: values[winner] }],
        stored,
      );
    },
  );
});
