/**
 * The proof of each fault user-create.variations.ts declares, for src/reference/faults.test.ts: what
 * the healthy server does, checked with the fault off and then on. Typed by the declarations: a
 * fault without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'users.create-username-race'
 */
import { type TestServer, observe, postUser, type Case } from '../../testing.ts';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { USER_CREATE_VARIATIONS } from './user-create.variations.ts';

/** The statuses of three POST /users sent together, each with `body(i)`, and how many users hold `username` after. */
async function createRace(t: TestServer, body: (i: number) => Record<string, unknown>, username: string) {
  const answers = await Promise.all([0, 1, 2].map((i) => postUser(t, `r${i}`, body(i))));
  const list = await t.req('GET', '/users', { token: t.admin, query: 'search=race&per_page=100' });
  return {
    statuses: answers.map((r) => r.statusCode).sort(),
    held: list.data.filter((u: { username: string }) => u.username.startsWith(username)).length,
  };
}

export const USER_CREATE_FAULT_CASES = {
  'users.create-username-case-sensitive': observe(
    async (t) => {
      await t.user('jane');
      return (await postUser(t, 'JANE', { username: 'JANE', email: 'other@example.com' })).statusCode;
    },
    409,
    201,
  ),
  'users.create-username-race': observe(
    (t) => createRace(t, (i) => ({ username: 'race', email: `race${i}@example.com` }), 'race'),
    { statuses: [201, 409, 409], held: 1 },
    { statuses: [201, 201, 201], held: 3 },
  ),
  'users.create-secondary-email-free': observe(
    async (t) => {
      const jane = await t.user('jane');
      await t.req('POST', `/users/${jane.id}/emails`, { token: t.admin, body: { email: 'jane2@example.com', skip_confirmation: true } });
      return (await postUser(t, 'bob', { email: 'jane2@example.com' })).statusCode;
    },
    409,
    201,
  ),
  'users.create-email-race': observe(
    (t) => createRace(t, (i) => ({ username: `race${i}`, email: 'race@example.com' }), 'race'),
    { statuses: [201, 409, 409], held: 1 },
    { statuses: [201, 201, 201], held: 3 },
  ),
} satisfies Record<FaultIdOf<typeof USER_CREATE_VARIATIONS>, Case>;
