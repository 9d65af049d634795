/**
 * The search pacer: at most SEARCHES_PER_WINDOW turns a minute, shared by every pacer on one
 * folder (the run's workers), later searches waiting for the next minute's start; the bundled
 * reference takes no turn.
 *
 *   npx vitest run src/kit/search-pacing.test.ts
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_WINDOW_MS, SEARCHES_PER_WINDOW, SearchPacer, searchTimeAllowanceMs, searchTurn, searchTurnsDir } from './search-pacing.ts';
import type { TargetInfo } from './target.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'search-pacing-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A fake clock starting 10 s into a minute; a wait moves it forward and is noted. */
function fakeClock(start = 1_000 * SEARCH_WINDOW_MS + 10_000) {
  const clock = { t: start, waits: [] as number[] };
  const now = () => clock.t;
  const sleep = async (ms: number) => {
    clock.waits.push(ms);
    clock.t += ms;
  };
  return { clock, now, sleep };
}

describe('SearchPacer', () => {
  it('gives the first 14 turns of a minute at once, and the 15th at the start of the next minute', async () => {
    const { clock, now, sleep } = fakeClock();
    const pacer = new SearchPacer({ dir, now, sleep });
    for (let i = 0; i < SEARCHES_PER_WINDOW; i++) await pacer.turn();
    expect(clock.waits).toEqual([]);
    await pacer.turn();
    expect(clock.waits).toEqual([SEARCH_WINDOW_MS - 10_000]);
    expect(clock.t % SEARCH_WINDOW_MS).toBe(0);
  });

  it('shares the turns of a minute between pacers on one folder (the workers of a run)', async () => {
    const a = fakeClock();
    const b = fakeClock();
    const first = new SearchPacer({ dir, now: a.now, sleep: a.sleep });
    const second = new SearchPacer({ dir, now: b.now, sleep: b.sleep });
    for (let i = 0; i < 10; i++) await first.turn();
    for (let i = 0; i < 10; i++) await second.turn();
    expect(a.clock.waits).toEqual([]);
    // 4 turns left in this minute for the second pacer; its fifth waits for the next minute, the rest follow at once.
    expect(b.clock.waits).toEqual([SEARCH_WINDOW_MS - 10_000]);
    const turns = readdirSync(dir).map((name) => Number(name.split('.')[0]));
    expect(turns.filter((w) => w === 1_000)).toHaveLength(SEARCHES_PER_WINDOW);
    expect(turns.filter((w) => w === 1_001)).toHaveLength(6);
  });

  it('sends at most 28 searches in any 60 s (two minutes of turns), under the platform default of 30', async () => {
    const { clock, now, sleep } = fakeClock(1_000 * SEARCH_WINDOW_MS + 59_000);
    const pacer = new SearchPacer({ dir, now, sleep });
    const sentAt: number[] = [];
    for (let i = 0; i < 60; i++) {
      await pacer.turn();
      sentAt.push(clock.t);
    }
    const most = Math.max(...sentAt.map((t) => sentAt.filter((u) => u >= t && u < t + SEARCH_WINDOW_MS).length));
    expect(most).toBe(2 * SEARCHES_PER_WINDOW);
  });

  it('removes the turns of minutes before the previous one', async () => {
    const { clock, now, sleep } = fakeClock();
    const pacer = new SearchPacer({ dir, now, sleep });
    await pacer.turn();
    clock.t += 3 * SEARCH_WINDOW_MS;
    await pacer.turn();
    expect(readdirSync(dir)).toEqual([`1003.0`]);
  });
});

describe('searchTurn', () => {
  const target = (bundled: boolean) =>
    ({ bundled, runPrefix: 'kit-test-search', throttle: { maxWaitMs: 0, file: join(dir, 'throttle') } }) as unknown as TargetInfo;

  it('takes no turn on the bundled reference', async () => {
    await searchTurn(target(true));
    expect(existsSync(searchTurnsDir(target(true)))).toBe(false);
    expect(searchTimeAllowanceMs(target(true), 40)).toBe(0);
  });

  it("takes a turn in the run's folder beside its throttling file on a deployed target", async () => {
    await searchTurn(target(false));
    expect(readdirSync(join(dir, 'throttle-search-turns'))).toHaveLength(1);
    expect(searchTimeAllowanceMs(target(false), 15)).toBe(2 * SEARCH_WINDOW_MS);
  });

  it("uses a folder of the run's prefix under the temp folder without a throttling file", () => {
    expect(searchTurnsDir({ runPrefix: 'kit-abc', throttle: { maxWaitMs: 0 } })).toBe(
      join(tmpdir(), 'conformance-search-turns', 'kit-abc'),
    );
  });
});
