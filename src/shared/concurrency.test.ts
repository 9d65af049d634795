/** The spread of a run's concurrency: a few workers, tests side by side in each, shares that add up to the whole. */
import { describe, expect, test } from 'vitest';
import { concurrencyPlan, MAX_WORKERS, MIN_SHARE, runPlan, workerShare } from './concurrency.ts';

describe('concurrencyPlan', () => {
  test('up to MAX_WORKERS workers, the rest as tests side by side in each', () => {
    expect(concurrencyPlan(1)).toEqual({ workers: 1, testsPerWorker: 1 });
    expect(concurrencyPlan(2)).toEqual({ workers: 1, testsPerWorker: 2 });
    expect(concurrencyPlan(3)).toEqual({ workers: 1, testsPerWorker: 3 });
    expect(concurrencyPlan(8)).toEqual({ workers: 4, testsPerWorker: 2 });
    expect(concurrencyPlan(12)).toEqual({ workers: MAX_WORKERS, testsPerWorker: 2 });
    expect(concurrencyPlan(13)).toEqual({ workers: MAX_WORKERS, testsPerWorker: 3 });
    expect(concurrencyPlan(20)).toEqual({ workers: MAX_WORKERS, testsPerWorker: 4 });
    expect(concurrencyPlan(4, 2)).toEqual({ workers: 2, testsPerWorker: 2 });
  });

  test.each([1, 2, 3, 4, 5, 7, 8, 12, 13, 16, 63, 64])('the workers shares of %i add up to it exactly, none below two but at 1', (n) => {
    const { workers } = concurrencyPlan(n);
    const shares = Array.from({ length: workers }, (_, i) => workerShare(n, workers, i + 1));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(n);
    // Two places in every worker: a race check's requests can be in flight together wherever the run allows two.
    expect(Math.min(...shares)).toBeGreaterThanOrEqual(Math.min(n, MIN_SHARE));
  });

  test('a target on this machine (a loopback serve) gets two workers of two by default, as the bundled reference does', () => {
    for (const baseUrl of [undefined, 'http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010']) {
      const plan = runPlan({ baseUrl });
      expect(plan).toEqual({ requests: 4, workers: 2, testsPerWorker: 2 });
      expect([1, 2].map((id) => workerShare(plan.requests, plan.workers, id))).toEqual([2, 2]);
    }
  });
});
