/**
 * race-rounds.ts: a race check that passes at once runs once; one that fails runs its rounds, each
 * on fresh data, and fails saying in how many it failed, with the first failing round's details,
 * marked as a race check's; anything but a conformance failure ends it at once.
 *
 *   npx vitest run src/kit/race-rounds.test.ts
 */
import { describe, expect, test } from 'vitest';
import { ConformanceFailure, judgedOf, requireThat } from './checks.ts';
import { raceRounds, RACE_ROUNDS } from './race-rounds.ts';
import { KitError } from '../shared/errors.ts';

/** Runs raceRounds over `outcomes` (true: the round passes), returning the rounds run and what it threw. */
async function play(outcomes: boolean[]): Promise<{ rounds: number[]; failure?: ConformanceFailure }> {
  const rounds: number[] = [];
  try {
    await raceRounds(async (n) => {
      rounds.push(n);
      requireThat(outcomes[n - 1]!, `Exactly one MUST answer 201 (round ${n}).`, 'one 201', `round ${n}: 201, 201`);
    });
    return { rounds };
  } catch (e) {
    return { rounds, failure: e as ConformanceFailure };
  }
}

describe('raceRounds', () => {
  test('a first round that passes is the verdict: one round, nothing more', async () => {
    expect(await play([true, false, false])).toEqual({ rounds: [1] });
  });

  test('a failure in every round: all rounds run, the failure says 3 of 3 and is the first round’s, marked as a race', async () => {
    const { rounds, failure } = await play([false, false, false]);
    expect(rounds).toEqual([1, 2, 3]);
    expect(RACE_ROUNDS).toBe(3);
    expect(failure).toBeInstanceOf(ConformanceFailure);
    expect(failure!.requirement).toBe(
      'Exactly one MUST answer 201 (round 1).\n(It failed in 3 of 3 rounds, each on fresh data: every time.)',
    );
    expect([failure!.expected, failure!.actual, failure!.race]).toEqual(['one 201', 'round 1: 201, 201', true]);
  });

  test('a first failure and later passes: the rounds still run and the failure says intermittent, 1 of 3', async () => {
    const { rounds, failure } = await play([false, true, true]);
    expect(rounds).toEqual([1, 2, 3]);
    expect(failure!.requirement).toContain('(It failed in 1 of 3 rounds, each on fresh data: intermittent, it depends on the timing.)');
    expect((await play([false, false, true])).failure!.requirement).toContain('failed in 2 of 3 rounds');
  });

  test('the failure keeps what the first failing round judged (its reproducer) and the fields it named', async () => {
    const judged = { status: 500 };
    const first = new ConformanceFailure('One MUST win.', 1, 2, { judged, fields: ['key'], resource: 'ssh-key' });
    let thrown: ConformanceFailure | undefined;
    await raceRounds(async () => {
      throw first;
    }).catch((e: ConformanceFailure) => (thrown = e));
    expect(judgedOf(thrown!)).toBe(judged);
    expect([thrown!.fields, thrown!.resource, thrown!.race]).toEqual([['key'], 'ssh-key', true]);
  });

  test('a KitError (the kit could not run) ends the rounds at once, unchanged', async () => {
    const rounds: number[] = [];
    const stop = new KitError('TARGET_THROTTLING', 'throttled');
    await expect(
      raceRounds(async (n) => {
        rounds.push(n);
        throw stop;
      }),
    ).rejects.toBe(stop);
    expect(rounds).toEqual([1]);
  });
});
