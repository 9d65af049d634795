/**
 * Project variables through `@gitbeaker/rest` (ProjectVariables): create with every attribute,
 * read back by id and by the URL-encoded project path, the same key in two environment scopes
 * told apart by `filter[environment_scope]` (a query hash on GET, a JSON hash in the body on
 * PUT and DELETE), the client's page walk, deletes that delete, refusals as client errors.
 *
 *   npx vitest run src/ecosystem/gitbeaker/variables.test.ts
 */
import { AccessLevel } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startWorld, type World, type WorldUser } from './harness.ts';

let w: World;
let jane: WorldUser;
let bob: WorldUser;
let projectId: number;
let projectPath: string;

beforeAll(async () => {
  w = await startWorld();
  jane = await w.newUser('jane');
  bob = await w.newUser('bob');
  const project = await jane.api.Projects.create({ name: 'vars' });
  projectId = project.id;
  projectPath = project.path_with_namespace;
  await jane.api.ProjectMembers.add(projectId, AccessLevel.DEVELOPER, { userId: bob.id });
});
afterAll(() => w?.close());

describe('project variables', () => {
  it('creates a variable with every attribute and reads it back by id and by encoded path', async () => {
    const made = await jane.api.ProjectVariables.create(projectId, 'DEPLOY_KEY', 'secret-value_123', {
      variableType: 'file',
      protected: true,
      masked: true,
      environmentScope: 'production',
    });
    expect(made).toMatchObject({
      key: 'DEPLOY_KEY',
      value: 'secret-value_123',
      variable_type: 'file',
      protected: true,
      masked: true,
      environment_scope: 'production',
    });
    const byPath = await jane.api.ProjectVariables.show(projectPath, 'DEPLOY_KEY');
    expect(byPath).toMatchObject({ key: 'DEPLOY_KEY', value: 'secret-value_123', variable_type: 'file', protected: true, masked: true });
    const listed = await jane.api.ProjectVariables.all(projectId);
    expect(listed.find((v) => v.key === 'DEPLOY_KEY')).toMatchObject({ value: 'secret-value_123', variable_type: 'file' });
  });

  it('defaults to env_var in scope * when only key and value are given', async () => {
    const made = await jane.api.ProjectVariables.create(projectId, 'PLAIN', 'v');
    expect(made).toMatchObject({
      key: 'PLAIN',
      value: 'v',
      variable_type: 'env_var',
      protected: false,
      masked: false,
      environment_scope: '*',
    });
  });

  it('tells one key in two scopes apart with filter[environment_scope] on show, edit and remove', async () => {
    await jane.api.ProjectVariables.create(projectId, 'DB_URL', 'postgres://staging', { environmentScope: 'staging' });
    await jane.api.ProjectVariables.create(projectId, 'DB_URL', 'postgres://prod', { environmentScope: 'production' });
    const staging = await jane.api.ProjectVariables.show(projectId, 'DB_URL', { filter: { environment_scope: 'staging' } });
    const production = await jane.api.ProjectVariables.show(projectId, 'DB_URL', { filter: { environment_scope: 'production' } });
    expect([staging.value, production.value]).toEqual(['postgres://staging', 'postgres://prod']);

    const edited = await jane.api.ProjectVariables.edit(projectId, 'DB_URL', 'postgres://prod-2', {
      filter: { environment_scope: 'production' },
    });
    expect(edited).toMatchObject({ value: 'postgres://prod-2', environment_scope: 'production' });
    expect((await jane.api.ProjectVariables.show(projectId, 'DB_URL', { filter: { environment_scope: 'staging' } })).value).toBe(
      'postgres://staging',
    );

    await jane.api.ProjectVariables.remove(projectId, 'DB_URL', { filter: { environment_scope: 'staging' } });
    expect((await failure(jane.api.ProjectVariables.show(projectId, 'DB_URL', { filter: { environment_scope: 'staging' } }))).status).toBe(
      404,
    );
    expect((await jane.api.ProjectVariables.show(projectId, 'DB_URL', { filter: { environment_scope: 'production' } })).value).toBe(
      'postgres://prod-2',
    );
  });

  it('edits a variable in its only scope, and the change reads back', async () => {
    await jane.api.ProjectVariables.create(projectId, 'TO_EDIT', 'before');
    await jane.api.ProjectVariables.edit(projectId, 'TO_EDIT', 'after', { filter: { environment_scope: '*' }, protected: true });
    expect(await jane.api.ProjectVariables.show(projectId, 'TO_EDIT')).toMatchObject({ value: 'after', protected: true });
  });

  it('walks every variable once through the client pagination', async () => {
    const project = await jane.api.Projects.create({ name: 'many vars' });
    const keys = Array.from({ length: 9 }, (_, i) => `K_${i}`);
    for (const key of keys) await jane.api.ProjectVariables.create(project.id, key, `value ${key}`);
    const walked = await jane.api.ProjectVariables.all(project.id, { perPage: 2, showExpanded: true });
    expect(walked.data.map((v) => v.key).sort()).toEqual(keys);
    expect(walked.paginationInfo).toMatchObject({ total: keys.length, totalPages: 5, perPage: 2, current: 5, next: null });
  });

  it('removes a variable, after which it is a 404', async () => {
    await jane.api.ProjectVariables.create(projectId, 'GONE', 'soon');
    await jane.api.ProjectVariables.remove(projectId, 'GONE');
    expect(await failure(jane.api.ProjectVariables.show(projectId, 'GONE'))).toEqual({
      status: 404,
      description: '404 Variable Not Found',
    });
    expect((await jane.api.ProjectVariables.all(projectId)).map((v) => v.key)).not.toContain('GONE');
  });

  it('refuses a developer with 403, a stranger project with 404 and a bad key with 400', async () => {
    expect((await failure(bob.api.ProjectVariables.all(projectId))).status).toBe(403);
    expect((await failure(bob.api.ProjectVariables.create(projectId, 'NOPE', 'x'))).status).toBe(403);
    expect((await failure(jane.api.ProjectVariables.all(999_999))).status).toBe(404);
    const bad = await failure(jane.api.ProjectVariables.create(projectId, 'not valid!', 'x'));
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.description)).toHaveProperty('key');
  });
});
