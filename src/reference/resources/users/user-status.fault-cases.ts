/**
 * The proof of each fault user-status.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'users.status-put-merges'
 */
import { type TestServer, observe, type Case } from '../../testing.ts';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { USER_STATUS_VARIATIONS } from './user-status.variations.ts';

async function statusAfter(t: TestServer, second: Record<string, string>): Promise<[string | null, string | null]> {
  const jane = await t.user('jane');
  await t.req('PUT', '/user/status', { token: jane.token, body: { emoji: 'coffee', message: 'first' } });
  await t.req('PUT', '/user/status', { token: jane.token, body: second });
  const res = await t.req('GET', '/user/status', { token: jane.token });
  return [res.data.emoji, res.data.message];
}

export const USER_STATUS_FAULT_CASES = {
  'users.status-put-merges': observe((t) => statusAfter(t, { message: 'second' }), ['speech_balloon', 'second'], ['coffee', 'second']),
  'users.status-clear-ignored': observe((t) => statusAfter(t, { emoji: '', message: '' }), [null, null], ['coffee', 'first']),
} satisfies Record<FaultIdOf<typeof USER_STATUS_VARIATIONS>, Case>;
