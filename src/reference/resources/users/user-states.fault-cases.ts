/**
 * The proof of each fault user-states.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'users.block-not-applied'
 */
import { type TestServer, observe, postUser, type Case } from '../../testing.ts';
import { seedUsers } from '../../seed-users.ts';
import { usernames, block } from '../../fixtures.fault-cases.ts';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { USER_STATES_VARIATIONS } from './user-states.variations.ts';

const move = (t: TestServer, action: string, id: number, token = t.admin) => t.req('POST', `/users/${id}/${action}`, { token });

const stateOf = async (t: TestServer, id: number) => (await t.req('GET', `/users/${id}`, { token: t.admin })).data.state;

/** Jane, moved through `actions` first; answers the status of the final `action` and her state after it. */
async function transition(t: TestServer, before: string[], action: string): Promise<[number, string]> {
  const jane = await t.user('jane');
  for (const a of before) await move(t, a, jane.id);
  const res = await move(t, action, jane.id);
  return [res.statusCode, await stateOf(t, jane.id)];
}

export const USER_STATES_FAULT_CASES = {
  'users.block-not-applied': observe((t) => transition(t, [], 'block'), [201, 'blocked'], [201, 'active']),
  'users.block-refuses-deactivated': observe((t) => transition(t, ['deactivate'], 'block'), [201, 'blocked'], [403, 'deactivated']),
  'users.unblock-not-applied': observe((t) => transition(t, ['block'], 'unblock'), [201, 'active'], [201, 'blocked']),
  'users.deactivate-ignores-activity': observe(
    async (t) => {
      const jane = await t.user('jane');
      await t.req('GET', '/user', { token: jane.token });
      return (await move(t, 'deactivate', jane.id)).statusCode;
    },
    403,
    201,
  ),
  'users.deactivate-allows-blocked': observe((t) => transition(t, ['block'], 'deactivate'), [403, 'blocked'], [201, 'deactivated']),
  'users.activate-allows-blocked': observe((t) => transition(t, ['block'], 'activate'), [403, 'blocked'], [201, 'active']),
  'users.transitions-allow-user': observe(
    async (t) => {
      const jane = await t.user('jane');
      const bob = await t.user('bob');
      return (await move(t, 'block', jane.id, bob.token)).statusCode;
    },
    403,
    201,
  ),
  'users.transitions-ignore-ldap': observe(
    async (t) => {
      seedUsers(t.app.ref.store, t.app.ref.clock, [{ username: 'dir', state: 'ldap_blocked' }]);
      const dir = (await t.req('GET', '/users?username=dir', { token: t.admin })).data[0];
      return [(await move(t, 'unblock', dir.id)).statusCode, await stateOf(t, dir.id)];
    },
    [403, 'ldap_blocked'],
    [201, 'active'],
  ),
  'users.blocked-filter-ignored': observe(
    async (t) => {
      await postUser(t, 'a');
      block(t, (await postUser(t, 'b')).data.id);
      return usernames(t, 'blocked=true');
    },
    ['b'],
    ['b', 'a', 'root'],
  ),
} satisfies Record<FaultIdOf<typeof USER_STATES_VARIATIONS>, Case>;
