/**
 * Creating project variables: 201 with the full view, the defaults (env_var, scope "*"), the
 * attributes kept as given, the longest key accepted, and the requests refused with 400 (a case
 * table: missing key or value, over-long key, characters outside A-Z a-z 0-9 _).
 */
import { describe } from 'vitest';
import { check, clauseTest, fill, requireThat, VARIABLE_KEY_MAX_LENGTH, type Session } from '../../src/kit/index.ts';
import { createVariable, variableKey, variablesProject } from './fixtures.ts';
import table from './create-invalid.json' with { type: 'json' };

interface InvalidCase {
  clause: string;
  title: string;
  send: Record<string, string>;
}

/** The case's body with its placeholders filled: a fresh valid key, a valid key one character too long. */
function body(s: Session, send: Record<string, string>): Record<string, string> {
  return fill(send, { key: variableKey(s), key_too_long: 'K'.repeat(VARIABLE_KEY_MAX_LENGTH + 1) });
}

describe.concurrent('POST /projects/:id/variables', () => {
  clauseTest('variables.create.status', 'POST with key and value answers 201', async ({ s }) => {
    const project = await variablesProject(s);
    const { res, key } = await createVariable(s, project.id, { value: 'hello' });
    check.status(res, 201);
    requireThat(res.json?.key === key, 'The created variable MUST carry the key given.', key, res.json?.key);
  });

  clauseTest(
    'variables.create.fields',
    'the create response has key, value, variable_type, protected, masked and environment_scope',
    async ({ s }) => {
      const project = await variablesProject(s);
      const { res, key } = await createVariable(s, project.id, { value: 'hello' });
      check.status(res, 201);
      check.schema(res.json, 'variable');
      requireThat(
        res.json.key === key && res.json.value === 'hello',
        'The response MUST show the key and value given.',
        { key, value: 'hello' },
        { key: res.json.key, value: res.json.value },
      );
    },
  );

  clauseTest('variables.create.variable_type_default', 'variable_type defaults to env_var, and file is stored as file', async ({ s }) => {
    const project = await variablesProject(s);
    const { res: plain } = await createVariable(s, project.id);
    check.status(plain, 201);
    requireThat(plain.json.variable_type === 'env_var', 'variable_type MUST default to env_var.', 'env_var', plain.json.variable_type);
    const { res: file, key } = await createVariable(s, project.id, { variable_type: 'file' });
    check.status(file, 201);
    requireThat(file.json.variable_type === 'file', 'variable_type=file MUST be returned as file.', 'file', file.json.variable_type);
    const read = await s.admin.get(`/projects/${project.id}/variables/${key}`);
    requireThat(read.json?.variable_type === 'file', 'variable_type=file MUST be stored.', 'file', read.json?.variable_type);
  });

  clauseTest(
    'variables.create.environment_scope_default',
    'a variable created without environment_scope has environment_scope "*"',
    async ({ s }) => {
      const project = await variablesProject(s);
      const { res } = await createVariable(s, project.id);
      check.status(res, 201);
      requireThat(res.json.environment_scope === '*', 'environment_scope MUST default to "*".', '*', res.json.environment_scope);
    },
  );

  clauseTest('variables.create.environment_scope_set', 'environment_scope production given on create is returned', async ({ s }) => {
    const project = await variablesProject(s);
    const { res } = await createVariable(s, project.id, { environment_scope: 'production' });
    check.status(res, 201);
    requireThat(
      res.json.environment_scope === 'production',
      'environment_scope given on create MUST be returned.',
      'production',
      res.json.environment_scope,
    );
  });

  clauseTest('variables.create.flags', 'protected=true and masked=true (with a maskable value) are returned as true', async ({ s }) => {
    const project = await variablesProject(s);
    const { res } = await createVariable(s, project.id, { value: 'Maskable_value_0123', protected: true, masked: true });
    check.status(res, 201);
    requireThat(
      res.json.protected === true && res.json.masked === true,
      'protected and masked given as true MUST be returned as true.',
      { protected: true, masked: true },
      { protected: res.json.protected, masked: res.json.masked },
    );
  });

  clauseTest(
    'variables.create.key_max_ok',
    `a ${VARIABLE_KEY_MAX_LENGTH}-character key of valid characters is accepted (201) and kept whole`,
    async ({ s }) => {
      const project = await variablesProject(s);
      const key = `K${'_'.repeat(126)}${'9'.repeat(VARIABLE_KEY_MAX_LENGTH - 127)}`;
      const { res } = await createVariable(s, project.id, { key });
      check.status(res, 201);
      requireThat(
        res.json.key === key,
        `The ${VARIABLE_KEY_MAX_LENGTH}-character key MUST be kept as given.`,
        `${key.length} characters`,
        `${String(res.json.key).length} characters`,
      );
    },
  );

  for (const c of table.cases as InvalidCase[]) {
    clauseTest(c.clause, `POST /projects/:id/variables ${c.title} answers 400`, async ({ s }) => {
      const project = await variablesProject(s);
      const res = await s.admin.post(`/projects/${project.id}/variables`, { json: body(s, c.send) });
      check.status(res, 400);
    });
  }
});
