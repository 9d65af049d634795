/**
 * Reading, updating and deleting project variables: the list view (key, variable_type, value),
 * the show view (plus protected and masked), the full view after PUT, the new value read back,
 * DELETE with 204; the namespaced project path URL-encoded in :id, and unencoded (404).
 */
import { beforeAll, describe } from 'vitest';
import { ACCESS_LEVEL, addMember, check, clauseTest, createUser, requireThat, session, type CreatedUser } from '../../src/kit/index.ts';
import { existingVariable, variablesProject } from './fixtures.ts';

describe.concurrent('GET /projects/:id/variables', () => {
  let maintainer: CreatedUser;
  beforeAll(async () => {
    maintainer = await createUser(session());
  });

  clauseTest(
    'variables.list.status',
    'GET /projects/:id/variables answers 200, for an administrator and for a maintainer member',
    async ({ s }) => {
      const project = await variablesProject(s);
      await existingVariable(s, project.id);
      check.status(await s.admin.get(`/projects/${project.id}/variables`), 200);
      await addMember(s, 'projects', project.id, maintainer.id, ACCESS_LEVEL.maintainer);
      check.status(
        await maintainer.client.get(`/projects/${project.id}/variables`),
        200,
        'A maintainer member MUST be able to list the variables (200).',
      );
    },
  );

  clauseTest('variables.list.shape', "GET /projects/:id/variables is an array holding the project's variables", async ({ s }) => {
    const project = await variablesProject(s);
    const keys = [await existingVariable(s, project.id), await existingVariable(s, project.id)];
    const res = await s.admin.get(`/projects/${project.id}/variables`);
    check.status(res, 200);
    check.jsonContentType(res);
    requireThat(Array.isArray(res.json), 'The body MUST be a JSON array.', 'an array', typeof res.json);
    const listed = (res.json as { key?: unknown }[]).map((v) => v.key).sort();
    requireThat(
      JSON.stringify(listed) === JSON.stringify([...keys].sort()),
      "The array MUST hold exactly the project's variables.",
      [...keys].sort(),
      listed,
    );
  });

  clauseTest('variables.list.fields', 'each listed variable has key, variable_type and value', async ({ s }) => {
    const project = await variablesProject(s);
    const key = await existingVariable(s, project.id, { value: 'listed-value', variable_type: 'file' });
    const res = await s.admin.get(`/projects/${project.id}/variables`);
    check.status(res, 200);
    const items = check.arrayOf(res, 'variable.list') as Record<string, unknown>[];
    const item = items.find((v) => v.key === key);
    requireThat(
      item?.value === 'listed-value' && item?.variable_type === 'file',
      'The listed variable MUST show its value and variable_type.',
      { key, variable_type: 'file', value: 'listed-value' },
      item,
    );
  });

  clauseTest('variables.get.status', 'GET /projects/:id/variables/:key answers 200', async ({ s }) => {
    const project = await variablesProject(s);
    const key = await existingVariable(s, project.id);
    check.status(await s.admin.get(`/projects/${project.id}/variables/${key}`), 200);
  });

  clauseTest(
    'variables.get.fields',
    'GET /projects/:id/variables/:key has key, variable_type, value, protected and masked',
    async ({ s }) => {
      const project = await variablesProject(s);
      const key = await existingVariable(s, project.id, { value: 'Shown_value_0123', masked: true, protected: true });
      const res = await s.admin.get(`/projects/${project.id}/variables/${key}`);
      check.status(res, 200);
      check.schema(res.json, 'variable.show');
      const want = { key, variable_type: 'env_var', value: 'Shown_value_0123', protected: true, masked: true };
      const got = {
        key: res.json.key,
        variable_type: res.json.variable_type,
        value: res.json.value,
        protected: res.json.protected,
        masked: res.json.masked,
      };
      requireThat(JSON.stringify(got) === JSON.stringify(want), "The show view MUST carry the variable's values.", want, got);
    },
  );

  clauseTest('conv.path.encoded_project', 'GET /projects/<group>%2F<project>/variables resolves to that project', async ({ s }) => {
    const project = await variablesProject(s);
    const key = await existingVariable(s, project.id);
    const res = await s.admin.get(`/projects/${encodeURIComponent(project.path_with_namespace)}/variables`);
    check.status(res, 200);
    const keys = (Array.isArray(res.json) ? res.json : []).map((v: { key?: unknown }) => v.key);
    requireThat(keys.includes(key), 'The URL-encoded path MUST resolve to the project (its variable listed).', key, keys);
  });

  clauseTest('conv.path.unencoded_404', 'GET /projects/<group>/<project>/variables with a literal / answers 404', async ({ s }) => {
    const project = await variablesProject(s);
    await existingVariable(s, project.id);
    check.status(await s.admin.get(`/projects/${project.path_with_namespace}/variables`), 404);
  });
});

describe.concurrent('PUT and DELETE /projects/:id/variables/:key', () => {
  clauseTest('variables.update.status', 'PUT with a value answers 200', async ({ s }) => {
    const project = await variablesProject(s);
    const key = await existingVariable(s, project.id);
    check.status(await s.admin.put(`/projects/${project.id}/variables/${key}`, { json: { value: 'updated' } }), 200);
  });

  clauseTest(
    'variables.update.fields',
    'the PUT response has key, value, variable_type, protected, masked and environment_scope',
    async ({ s }) => {
      const project = await variablesProject(s);
      const key = await existingVariable(s, project.id);
      const res = await s.admin.put(`/projects/${project.id}/variables/${key}`, { json: { value: 'updated' } });
      check.status(res, 200);
      check.schema(res.json, 'variable');
      requireThat(res.json.key === key, 'The response MUST be the variable updated.', key, res.json.key);
    },
  );

  clauseTest('variables.update.value', 'PUT changes the value, in the response and in a later GET', async ({ s }) => {
    const project = await variablesProject(s);
    const key = await existingVariable(s, project.id, { value: 'before' });
    const res = await s.admin.put(`/projects/${project.id}/variables/${key}`, { form: { value: 'after' } });
    check.status(res, 200);
    requireThat(res.json.value === 'after', 'The PUT response MUST show the new value.', 'after', res.json.value);
    const read = await s.admin.get(`/projects/${project.id}/variables/${key}`);
    requireThat(read.json?.value === 'after', 'A later GET MUST return the new value.', 'after', read.json?.value);
  });

  clauseTest('variables.update.value_required', 'PUT without value answers 400', async ({ s }) => {
    const project = await variablesProject(s);
    const key = await existingVariable(s, project.id);
    check.status(await s.admin.put(`/projects/${project.id}/variables/${key}`, { json: { protected: true } }), 400);
  });

  clauseTest('variables.update.attributes', 'PUT with variable_type, protected and masked changes them', async ({ s }) => {
    const project = await variablesProject(s);
    const key = await existingVariable(s, project.id, { value: 'Maskable_value_0123' });
    const res = await s.admin.put(`/projects/${project.id}/variables/${key}`, {
      json: { value: 'Maskable_value_4567', variable_type: 'file', protected: true, masked: true },
    });
    check.status(res, 200);
    const want = { variable_type: 'file', protected: true, masked: true };
    const got = { variable_type: res.json.variable_type, protected: res.json.protected, masked: res.json.masked };
    requireThat(JSON.stringify(got) === JSON.stringify(want), 'PUT MUST change variable_type, protected and masked.', want, got);
  });

  clauseTest('variables.delete.status', 'DELETE /projects/:id/variables/:key answers 204 and the variable is gone', async ({ s }) => {
    const project = await variablesProject(s);
    const key = await existingVariable(s, project.id);
    check.status(await s.admin.delete(`/projects/${project.id}/variables/${key}`), 204);
    check.status(await s.admin.get(`/projects/${project.id}/variables/${key}`), 404, 'A deleted variable MUST answer 404.');
  });
});
