/**
 * The proof of each fault user-list.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'users.admin-list-hides-is-admin'
 */
import { type TestServer, observe, postUser, type Case } from '../../testing.ts';
import { usernames, block } from '../../fixtures.fault-cases.ts';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { USER_LIST_VARIATIONS } from './user-list.variations.ts';

/** amy (name "Nm B") first, zed (name "Nm A") second: id order and name order disagree. */
async function amyAndZed(t: TestServer): Promise<void> {
  await postUser(t, 'amy', { name: 'Nm B' });
  await postUser(t, 'zed', { name: 'Nm A' });
}

export const USER_LIST_FAULT_CASES = {
  'users.admin-list-hides-is-admin': observe(
    async (t) => 'is_admin' in (await t.req('GET', '/users', { token: t.admin })).data[0],
    true,
    false,
  ),
  'users.search-ignores-email': observe(
    async (t) => {
      await postUser(t, 'jdoe', { email: 'work@corp.example' });
      return usernames(t, 'search=corp');
    },
    ['jdoe'],
    [],
  ),
  'users.username-case-sensitive': observe(
    async (t) => {
      await postUser(t, 'jdoe');
      return usernames(t, 'username=JDOE');
    },
    ['jdoe'],
    [],
  ),
  'users.active-filter-keeps-blocked': observe(
    async (t) => {
      await postUser(t, 'a');
      block(t, (await postUser(t, 'b')).data.id);
      return usernames(t, 'active=true&search=Nm');
    },
    ['a'],
    ['b', 'a'],
  ),
  'users.external-filter-ignored': observe(
    async (t) => {
      await postUser(t, 'a', { external: true });
      await postUser(t, 'b');
      return usernames(t, 'external=true');
    },
    ['a'],
    ['b', 'a', 'root'],
  ),
  'users.two-factor-filter-inverted': observe(
    async (t) => {
      await postUser(t, 'a');
      return usernames(t, 'two_factor=disabled&username=a');
    },
    ['a'],
    [],
  ),
  'users.without-projects-ignored': observe(
    async (t) => {
      const a = await t.user('a');
      await t.user('b');
      await t.req('POST', '/projects', { token: a.token, body: { name: 'p', path: 'p' } });
      return usernames(t, 'without_projects=true&search=Name');
    },
    ['b'],
    ['b', 'a'],
  ),
  'users.extern-uid-ignores-provider': observe(
    async (t) => {
      await postUser(t, 'a', { extern_uid: 'e1', provider: 'p1' });
      await postUser(t, 'b', { extern_uid: 'e1', provider: 'p2' });
      return usernames(t, 'extern_uid=e1&provider=p1');
    },
    ['a'],
    ['b', 'a'],
  ),
  'users.created-filters-ignored': observe(
    async (t) => {
      await postUser(t, 'a');
      t.setNow(60_000);
      await postUser(t, 'b');
      return [
        await usernames(t, 'created_after=2024-05-01T12:00:30Z&search=Nm'),
        await usernames(t, 'created_before=2024-05-01T12:00:30Z&search=Nm'),
      ];
    },
    [['b'], ['a']],
    [
      ['b', 'a'],
      ['b', 'a'],
    ],
  ),
  'users.order-by-ignored': observe(
    async (t) => {
      await amyAndZed(t);
      return usernames(t, 'order_by=name&sort=asc&search=Nm');
    },
    ['zed', 'amy'],
    ['amy', 'zed'],
  ),
  'users.sort-ignored': observe(
    async (t) => {
      await amyAndZed(t);
      return usernames(t, 'sort=asc&search=Nm');
    },
    ['amy', 'zed'],
    ['zed', 'amy'],
  ),
  'users.default-order-asc': observe(
    async (t) => {
      await amyAndZed(t);
      return usernames(t, 'search=Nm');
    },
    ['zed', 'amy'],
    ['amy', 'zed'],
  ),
} satisfies Record<FaultIdOf<typeof USER_LIST_VARIATIONS>, Case>;
