/**
 * The proof of each fault variables.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'variables.key-sanitized'
 */
import { type TestServer, observe, type Case } from '../../testing.ts';
import { withOptions, project } from '../../fixtures.fault-cases.ts';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { VARIABLES_VARIATIONS } from './variables.variations.ts';

async function variable(t: TestServer, body: Record<string, unknown>) {
  const id = await project(t);
  return (await t.req('POST', `/projects/${id}/variables`, { token: t.admin, body })).data;
}

export const VARIABLES_FAULT_CASES = {
  'variables.key-sanitized': observe(async (t) => (await variable(t, { key: 'MY-VAR', value: 'x' })).key, undefined, 'MY_VAR'),
  'variables.key-truncated': observe(async (t) => (await variable(t, { key: 'K'.repeat(256), value: 'x' })).key?.length, undefined, 255),
  'variables.case-folded-keys': observe(
    async (t) => {
      const id = await project(t);
      const made = [];
      for (const key of ['FOO', 'foo'])
        made.push((await t.req('POST', `/projects/${id}/variables`, { token: t.admin, body: { key, value: key } })).statusCode);
      return made;
    },
    [201, 201],
    [201, 400],
  ),
  'variables.lookup-folds-case': observe(
    async (t) => {
      const id = await project(t);
      for (const key of ['FOO', 'foo']) await t.req('POST', `/projects/${id}/variables`, { token: t.admin, body: { key, value: key } });
      await t.req('PUT', `/projects/${id}/variables/foo`, { token: t.admin, body: { value: 'new' } });
      const list = await t.req('GET', `/projects/${id}/variables`, { token: t.admin });
      return list.data.map((v: { key: string; value: string }) => `${v.key}=${v.value}`);
    },
    ['FOO=FOO', 'foo=new'],
    ['FOO=new', 'foo=foo'],
  ),
  'variables.taken-key-replaces': observe(
    async (t) => {
      const id = await project(t);
      const post = async (value: string) =>
        (await t.req('POST', `/projects/${id}/variables`, { token: t.admin, body: { key: 'K', value } })).statusCode;
      const statuses = [await post('first'), await post('second')];
      return [...statuses, (await t.req('GET', `/projects/${id}/variables/K`, { token: t.admin })).data.value];
    },
    [201, 400, 'first'],
    [201, 201, 'second'],
  ),
  'variables.create-key-race': observe(
    async (t) => {
      const id = await project(t);
      const post = (value: string) => t.req('POST', `/projects/${id}/variables`, { token: t.admin, body: { key: 'K', value } });
      const answers = await Promise.all(['a', 'b', 'c'].map(post));
      const list = await t.req('GET', `/projects/${id}/variables`, { token: t.admin });
      return { statuses: answers.map((r) => r.statusCode).sort(), stored: list.data.length };
    },
    { statuses: [201, 400, 400], stored: 1 },
    { statuses: [201, 201, 201], stored: 3 },
  ),
  'variables.show-drops-masked': observe(
    async (t) => {
      const id = await project(t);
      await t.req('POST', `/projects/${id}/variables`, { token: t.admin, body: { key: 'K', value: 'x' } });
      return 'masked' in (await t.req('GET', `/projects/${id}/variables/K`, { token: t.admin })).data;
    },
    true,
    false,
  ),
  'variables.default-scope-blank': observe(async (t) => (await variable(t, { key: 'K', value: 'x' })).environment_scope, '*', ''),
  'variables.default-type-file': observe(async (t) => (await variable(t, { key: 'K', value: 'x' })).variable_type, 'env_var', 'file'),
  'variables.filter-ignored-on-update': observe(
    async (t) => {
      const s = await withOptions(t, { variablesScopeFilter: true });
      const id = await project(s);
      for (const scope of ['a', 'b'])
        await s.req('POST', `/projects/${id}/variables`, { token: s.admin, body: { key: 'K', value: scope, environment_scope: scope } });
      return (
        await s.req('PUT', `/projects/${id}/variables/K`, { token: s.admin, body: { value: 'new', filter: { environment_scope: 'b' } } })
      ).statusCode;
    },
    200,
    409,
  ),
} satisfies Record<FaultIdOf<typeof VARIABLES_VARIATIONS>, Case>;
