/**
 * filter[environment_scope] on GET, PUT and DELETE /projects/:id/variables/:key. The spec puts it
 * behind a feature flag that is off by default, so the kit first asks the target: one key in two
 * scopes, read with the filter naming the newer one. A target that answers with the older one
 * (filter ignored) or 409 (several matches) does not offer it: the clause is skipped with that
 * reason. Otherwise GET, PUT and DELETE must act on the variable of that scope alone.
 */
import { describe } from 'vitest';
import { check, clauseTest, requireThat, type Session } from '../../src/kit/index.ts';
import { existingVariable, variableKey, variablesProject } from './fixtures.ts';

const NOT_OFFERED = 'the target does not offer filter[environment_scope] (behind a feature flag, off by default)';

const scoped = (scope: string) => ({ filter: { environment_scope: scope } });

async function read(s: Session, path: string, scope: string) {
  return s.admin.get(path, { query: scoped(scope) });
}

describe.concurrent('filter[environment_scope]', () => {
  clauseTest(
    'variables.filter.get',
    'GET, PUT and DELETE with filter[environment_scope]=S act only on the variable of scope S',
    async ({ s, skip }) => {
      const project = await variablesProject(s);
      const key = variableKey(s);
      await existingVariable(s, project.id, { key, value: 'production-value', environment_scope: 'production' });
      await existingVariable(s, project.id, { key, value: 'staging-value', environment_scope: 'staging' });
      const path = `/projects/${project.id}/variables/${key}`;

      const probe = await read(s, path, 'staging');
      if (probe.status === 409 || (probe.status === 200 && probe.json?.value === 'production-value')) skip(NOT_OFFERED);
      check.status(probe, 200);
      requireThat(
        probe.json?.value === 'staging-value',
        'GET with filter[environment_scope]=staging MUST return the staging variable.',
        'staging-value',
        probe.json?.value,
      );
      const other = await read(s, path, 'production');
      check.status(other, 200);
      requireThat(
        other.json?.value === 'production-value',
        'GET with filter[environment_scope]=production MUST return the production variable.',
        'production-value',
        other.json?.value,
      );

      const put = await s.admin.put(path, { form: { value: 'staging-new', ...scoped('staging') } });
      check.status(put, 200);
      requireThat(
        put.json?.value === 'staging-new' && put.json?.environment_scope === 'staging',
        'PUT with filter[environment_scope]=staging MUST update the staging variable.',
        { value: 'staging-new', environment_scope: 'staging' },
        { value: put.json?.value, environment_scope: put.json?.environment_scope },
      );
      const untouched = await read(s, path, 'production');
      requireThat(
        untouched.json?.value === 'production-value',
        'PUT with the filter MUST leave the production variable unchanged.',
        'production-value',
        untouched.json?.value,
      );

      check.status(
        await s.admin.delete(path, { query: scoped('production') }),
        204,
        'DELETE with filter[environment_scope]=production MUST answer 204.',
      );
      check.status(await read(s, path, 'production'), 404, 'After DELETE with the filter, the production variable MUST be gone.');
      const kept = await read(s, path, 'staging');
      check.status(kept, 200, 'DELETE with filter[environment_scope]=production MUST leave the staging variable.');
      requireThat(kept.json?.value === 'staging-new', 'The staging variable MUST be kept as it was.', 'staging-new', kept.json?.value);
    },
  );
});
