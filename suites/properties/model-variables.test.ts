/**
 * Model-based test of project variables per environment scope: random sequences of create, update,
 * get, delete (with filter[environment_scope]) and list over two keys and three scopes in a fresh
 * project, the model (models/variables.ts) as the oracle. Skipped with the reason where the target
 * does not offer filter[environment_scope] (behind a feature flag, off by default, as the spec says;
 * current platform releases always offer it).
 */
import { describe } from 'vitest';
import { clauseTest, createGroup, createProject, type Session } from '../../src/kit/index.ts';
import { dropVariableProject, VARIABLE_COMMANDS, variableSetup } from './models/variables.ts';
import { runModel } from './models/run-model.ts';

const NOT_OFFERED = 'the target does not offer filter[environment_scope] (behind a feature flag, off by default)';

/** True when GET with filter[environment_scope] picks the variable of that scope among two of one key. */
async function filterOffered(s: Session, groupId: number): Promise<boolean> {
  const project = await createProject(s, { namespace_id: groupId });
  const key = s
    .name('probe')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');
  for (const scope of ['production', 'staging']) {
    const res = await s.admin.post(`/projects/${project.id}/variables`, {
      json: { key, value: `${scope}-value`, environment_scope: scope },
    });
    if (res.status !== 201) throw new Error(`set-up: creating a scoped variable answered ${res.status}`);
  }
  const probe = await s.admin.get(`/projects/${project.id}/variables/${key}`, { query: { filter: { environment_scope: 'staging' } } });
  await s.admin.delete(`/projects/${project.id}`);
  return probe.status === 200 && probe.json?.value === 'staging-value';
}

describe.concurrent('variables per environment scope (model)', () => {
  clauseTest(
    'variables.filter.get',
    'any sequence of scoped create, update, get, delete and list keeps each key|scope pair as the model says',
    async (ctx) => {
      const group = await createGroup(ctx.s);
      if (!(await filterOffered(ctx.s, group.id as number))) ctx.skip(NOT_OFFERED);
      await runModel(ctx, VARIABLE_COMMANDS, () => variableSetup(ctx.s, group.id as number), {
        teardown: dropVariableProject,
        maxCommands: 14,
        size: 'max',
        scale: 0.6,
      });
    },
    { timeout: 180_000 },
  );
});
