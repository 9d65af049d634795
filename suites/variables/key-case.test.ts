/**
 * Variable keys are case-sensitive (variables.key.case_sensitive): the key alphabet (A-Z a-z 0-9 _)
 * has both cases and nothing folds them, so FOO_x and foo_x are two variables of one project. Both
 * creates answer 201; GET of each key answers that variable; PUT and DELETE of one key reach it and
 * leave the other as it was (judged through the project's list, which names no key).
 *
 *   POST .../variables {"key":"KIT_1_CASE","value":"upper"} -> 201;  {"key":"kit_1_case","value":"lower"} -> 201
 *   GET .../variables/kit_1_case -> 200 {"key":"kit_1_case","value":"lower",...}
 *   PUT .../variables/kit_1_case {"value":"x"}, then GET .../variables lists KIT_1_CASE=upper, kit_1_case=x
 */
import { describe } from 'vitest';
import { PER_PAGE_MAX, check, clauseTest, requireThat, type Session } from '../../src/kit/index.ts';
import { createVariable, existingVariable, variableKey, variablesProject } from './fixtures.ts';

/** A project with two variables whose keys differ only in case: upper first (the older), then lower. */
async function twoCases(s: Session): Promise<{ projectId: number; upper: string; lower: string }> {
  const project = await variablesProject(s);
  const upper = variableKey(s, 'case');
  const lower = upper.toLowerCase();
  await existingVariable(s, project.id, { key: upper, value: 'upper-value' });
  await existingVariable(s, project.id, { key: lower, value: 'lower-value' });
  return { projectId: project.id, upper, lower };
}

/** The project's variables as key -> value, from GET /projects/:id/variables (no key lookup involved). */
async function listed(s: Session, projectId: number): Promise<Record<string, unknown>> {
  const res = await s.admin.get(`/projects/${projectId}/variables`, { query: { per_page: PER_PAGE_MAX } });
  check.status(res, 200);
  const items = check.arrayOf(res, 'variable.list') as { key: string; value: unknown }[];
  return Object.fromEntries(items.map((v) => [v.key, v.value]));
}

describe.concurrent('variable keys are case-sensitive', () => {
  clauseTest('variables.key.case_sensitive', 'keys that differ only in case are two variables: both POSTs answer 201', async ({ s }) => {
    const project = await variablesProject(s);
    const upper = variableKey(s, 'case');
    for (const key of [upper, upper.toLowerCase()]) {
      const { res } = await createVariable(s, project.id, { key });
      check.status(res, 201, `POST of key ${key} MUST answer 201: a key in another case is another key.`);
    }
  });

  clauseTest(
    'variables.key.case_sensitive',
    'GET of each of two keys that differ only in case answers that variable with its own value',
    async ({ s }) => {
      const { projectId, upper, lower } = await twoCases(s);
      for (const [key, value] of [
        [upper, 'upper-value'],
        [lower, 'lower-value'],
      ] as const) {
        const res = await s.admin.get(`/projects/${projectId}/variables/${key}`);
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

  clauseTest(
    'variables.key.case_sensitive',
    'PUT of each of two keys that differ only in case changes that variable only',
    async ({ s }) => {
      const { projectId, upper, lower } = await twoCases(s);
      // Each key given its own new value: a PUT that reached the other case leaves one of them as it was.
      for (const key of [lower, upper]) {
        const res = await s.admin.put(`/projects/${projectId}/variables/${key}`, { json: { value: `${key}-new` } });
        check.status(res, 200, `PUT /variables/${key} MUST answer 200.`);
      }
      const after = await listed(s, projectId);
      const expected = { [upper]: `${upper}-new`, [lower]: `${lower}-new` };
      requireThat(
        after[upper] === expected[upper] && after[lower] === expected[lower],
        'PUT of a key MUST change the variable of exactly that key: each of the two keys has the value its own PUT gave (GET /projects/:id/variables).',
        expected,
        { [upper]: after[upper], [lower]: after[lower] },
      );
    },
  );

  clauseTest(
    'variables.key.case_sensitive',
    'DELETE of one of two keys that differ only in case removes that variable only',
    async ({ s }) => {
      const { projectId, upper, lower } = await twoCases(s);
      const res = await s.admin.delete(`/projects/${projectId}/variables/${lower}`);
      check.status(res, 204, `DELETE /variables/${lower} MUST answer 204.`);
      const after = await listed(s, projectId);
      requireThat(
        after[upper] === 'upper-value' && !(lower in after),
        `DELETE of ${lower} MUST remove that variable and leave ${upper} (GET /projects/:id/variables).`,
        { [upper]: 'upper-value', [lower]: '(absent)' },
        { [upper]: after[upper] ?? '(absent)', [lower]: lower in after ? after[lower] : '(absent)' },
      );
    },
  );
});
