/**
 * POST /projects/:id/variables with a key the project already has in that environment_scope (a
 * key and a scope name one variable): refused with 400 or 409, and the stored variable keeps its
 * value (GET of the key, with filter[environment_scope] naming the scope). What the refusal's body
 * says is not judged here, nor what a create of the same key in another scope does.
 *
 *   POST .../variables {"key":"KIT_1_TAKEN","value":"first"}   -> 201
 *   POST .../variables {"key":"KIT_1_TAKEN","value":"second"}  -> 400 (or 409)
 *   GET .../variables/KIT_1_TAKEN?filter[environment_scope]=*  -> {"value":"first",...}
 */
import { describe } from 'vitest';
import { check, clauseTest, requireThat } from '../../src/kit/index.ts';
import { createVariable, existingVariable, variableKey, variablesProject } from './fixtures.ts';

/** The statuses the clause allows for a create of a taken key. */
const REFUSED = [400, 409];

describe.concurrent('POST /projects/:id/variables with a key taken in its scope', () => {
  for (const scope of ['*', 'production']) {
    clauseTest(
      'variables.create.key_taken',
      `a second POST of one key in environment_scope ${scope} answers 400 or 409 and leaves the stored value`,
      async ({ s }) => {
        const project = await variablesProject(s);
        const key = await existingVariable(s, project.id, { key: variableKey(s, 'taken'), value: 'first-value', environment_scope: scope });
        const { res } = await createVariable(s, project.id, { key, value: 'second-value', environment_scope: scope });
        check.status(res, REFUSED, `POST of key ${key}, which the project has in scope ${scope}, MUST be refused with 400 or 409.`);
        const read = await s.admin.get(`/projects/${project.id}/variables/${key}`, { query: { filter: { environment_scope: scope } } });
        check.status(read, 200, `GET /variables/${key} (scope ${scope}) MUST answer 200.`);
        requireThat(
          read.json?.value === 'first-value',
          'A refused create MUST leave the stored variable unchanged: its value is still the first one.',
          'first-value',
          read.json?.value,
          ['value'],
        );
      },
    );
  }
});
