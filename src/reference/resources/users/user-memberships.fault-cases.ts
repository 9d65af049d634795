/**
 * The proof of each fault user-memberships.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'users.memberships-inherited'
 */
import { type TestServer, observe, type Case } from '../../testing.ts';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { USER_MEMBERSHIPS_VARIATIONS } from './user-memberships.variations.ts';

async function memberships(t: TestServer, query?: string): Promise<[number, string[]]> {
  const jane = await t.user('jane');
  const post = async (path: string, body: unknown) => (await t.req('POST', path, { token: t.admin, body })).data;
  const group = await post('/groups', { name: 'Team', path: 'team' });
  await post('/projects', { name: 'In group', path: 'in-group', namespace_id: group.id });
  const direct = await post('/projects', { name: 'Direct', path: 'direct' });
  await post(`/groups/${group.id}/members`, { user_id: jane.id, access_level: 30 });
  await post(`/projects/${direct.id}/members`, { user_id: jane.id, access_level: 20 });
  const res = await t.req('GET', `/users/${jane.id}/memberships`, { token: t.admin, query });
  return [res.statusCode, res.statusCode === 200 ? res.data.map((m: { source_name: string }) => m.source_name) : []];
}

export const USER_MEMBERSHIPS_FAULT_CASES = {
  'users.memberships-inherited': observe((t) => memberships(t), [200, ['Team', 'Direct']], [200, ['Team', 'Direct', 'In group']]),
  'users.memberships-type-ignored': observe((t) => memberships(t, 'type=Project'), [200, ['Direct']], [200, ['Team', 'Direct']]),
  'users.memberships-bad-type-ignored': observe((t) => memberships(t, 'type=Group'), [400, []], [200, ['Team', 'Direct']]),
} satisfies Record<FaultIdOf<typeof USER_MEMBERSHIPS_VARIATIONS>, Case>;
