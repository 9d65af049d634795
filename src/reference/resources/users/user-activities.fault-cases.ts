/**
 * The proof of each fault user-activities.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'users.activity-not-recorded'
 */
import { observe, type Case } from '../../testing.ts';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { USER_ACTIVITIES_VARIATIONS } from './user-activities.variations.ts';

export const USER_ACTIVITIES_FAULT_CASES = {
  'users.activity-not-recorded': observe(
    async (t) => {
      const jane = await t.user('jane');
      await t.req('GET', '/user', { token: jane.token });
      return (await t.req('GET', `/users/${jane.id}`, { token: t.admin })).data.last_activity_on;
    },
    '2024-05-01',
    null,
  ),
  'users.activities-newest-first': observe(
    async (t) => {
      const jane = await t.user('jane');
      await t.req('GET', '/user', { token: jane.token });
      t.setNow(86_400_000);
      const res = await t.req('GET', '/user/activities', { token: t.admin });
      return res.data.map((a: { username: string }) => a.username);
    },
    ['jane', 'root'],
    ['root', 'jane'],
  ),
  'users.activities-ignore-from': observe(
    async (t) => {
      const res = await t.req('GET', '/user/activities', { token: t.admin, query: 'from=2099-01-01' });
      return res.data.length;
    },
    0,
    1,
  ),
  'users.activities-from-exclusive': observe(
    async (t) => {
      const jane = await t.user('jane');
      await t.req('GET', '/user', { token: jane.token });
      const res = await t.req('GET', '/user/activities', { token: t.admin, query: 'from=2024-05-01' });
      return res.data.map((a: { username: string }) => a.username).includes('jane');
    },
    true,
    false,
  ),
  'users.activities-allow-user': observe(
    async (t) => {
      const jane = await t.user('jane');
      return (await t.req('GET', '/user/activities', { token: jane.token })).statusCode;
    },
    403,
    200,
  ),
} satisfies Record<FaultIdOf<typeof USER_ACTIVITIES_VARIATIONS>, Case>;
