/**
 * Variable keys are case-sensitive: the key alphabet (A-Z a-z 0-9 _) has both cases and nothing folds
 * them, so FOO_x and foo_x are two variables of one project. Both creates answer 201, and a GET of
 * each key answers that variable, with its own value, never the other one.
 *
 *   POST .../variables {"key":"KIT_1_CASE","value":"upper"} -> 201;  {"key":"kit_1_case","value":"lower"} -> 201
 *   GET .../variables/kit_1_case -> 200 {"key":"kit_1_case","value":"lower",...}
 */
import { describe } from 'vitest';
import { check, clauseTest, requireThat } from '../../src/kit/index.ts';
import { createVariable, existingVariable, variableKey, variablesProject } from './fixtures.ts';

describe.concurrent('variable keys are case-sensitive', () => {
  clauseTest('variables.create.status', 'keys that differ only in case are two variables: both POSTs answer 201', async ({ s }) => {
    const project = await variablesProject(s);
    const upper = variableKey(s, 'case');
    for (const key of [upper, upper.toLowerCase()]) {
      const { res } = await createVariable(s, project.id, { key });
      check.status(res, 201, `POST of key ${key} MUST answer 201: a key in another case is another key.`);
    }
  });

  clauseTest(
    'variables.get.fields',
    'GET of each of two keys that differ only in case answers that variable with its own value',
    async ({ s }) => {
      const project = await variablesProject(s);
      const upper = variableKey(s, 'case');
      const values = new Map([
        [upper, 'upper-value'],
        [upper.toLowerCase(), 'lower-value'],
      ]);
      for (const [key, value] of values) await existingVariable(s, project.id, { key, value });
      for (const [key, value] of values) {
        const res = await s.admin.get(`/projects/${project.id}/variables/${key}`);
        check.status(res, 200);
        requireThat(
          res.json?.key === key && res.json?.value === value,
          'GET of a key MUST answer the variable of exactly that key, with its value.',
          { key, value },
          { key: res.json?.key, value: res.json?.value },
        );
      }
    },
  );
});
