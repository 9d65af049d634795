/**
 * A race check in rounds: a race may go the server's way once and not the next time, so a check of
 * requests sent together (at-once.ts) that fails is tried again, each round on fresh data (the round
 * makes its own users, keys, addresses), up to RACE_ROUNDS in all; its failure then says in how many
 * of them it failed, so a person tells an intermittent defect (1 of 3) from a constant one (3 of 3).
 * A first round that passes is the check's verdict: it costs nothing more. The failure is the first
 * failing round's (its answers, its reproducer), marked as a race check's: a baseline entry narrowed
 * to races (`"races": true`, report/baseline.ts) excuses it, and no sequential check of the clause.
 *
 *   await raceRounds(async () => {
 *     const alice = await createUser(s);                        // fresh data each round
 *     oneWins(await atOnce(times(3, { client: alice.client, method: 'POST', path: '/user/keys', options: { json } })), rule);
 *   });
 *   // a failure: "... The answers: ... (It failed in 2 of 3 rounds, each on fresh data: intermittent, it depends on the timing.)"
 */
import { ConformanceFailure, judgedOf } from './checks.ts';

/** Rounds of a failing race check in all: the first and two more. */
export const RACE_ROUNDS = 3;

/** The failure of a race check, marked as one (a baseline narrowed to races may excuse it), with how often it failed. */
function raceFailure(first: ConformanceFailure, failed: number, rounds: number): ConformanceFailure {
  const how =
    failed === rounds
      ? `It failed in ${failed} of ${rounds} rounds, each on fresh data: every time.`
      : `It failed in ${failed} of ${rounds} rounds, each on fresh data: intermittent, it depends on the timing.`;
  return new ConformanceFailure(`${first.requirement}\n(${how})`, first.expected, first.actual, {
    judged: judgedOf(first),
    violates: first.violates,
    fields: first.fields,
    resource: first.resource,
    race: true,
  });
}

/**
 * Runs `round` (a whole race check: its data, its requests sent together, its checks) and, when it
 * fails with a conformance failure, `rounds - 1` more times to count the failures; then fails with
 * the first round's failure and the count. Anything else thrown (a KitError: the kit could not run)
 * ends it at once, as it is.
 */
export async function raceRounds(round: (n: number) => Promise<void>, rounds = RACE_ROUNDS): Promise<void> {
  let first: ConformanceFailure | undefined;
  let failed = 0;
  for (let n = 1; n <= rounds; n += 1) {
    try {
      await round(n);
      if (first === undefined) return;
    } catch (e) {
      if (!(e instanceof ConformanceFailure)) throw e;
      first ??= e;
      failed += 1;
    }
  }
  throw raceFailure(first!, failed, rounds);
}
