/** The spread of a run's concurrency: a few workers, tests side by side in each, shares that add up to the whole. */
import { describe, expect, test } from 'vitest';
import { concurrencyPlan, MAX_WORKERS, workerShare } from './concurrency.ts';

describe('concurrencyPlan', () => {
  test('up to MAX_WORKERS workers, the rest as tests side by side in each', () => {
    expect(concurrencyPlan(1)).toEqual({ workers: 1, testsPerWorker: 1 });
    expect(concurrencyPlan(3)).toEqual({ workers: 3, testsPerWorker: 1 });
    expect(concurrencyPlan(12)).toEqual({ workers: MAX_WORKERS, testsPerWorker: 2 });
    expect(concurrencyPlan(13)).toEqual({ workers: MAX_WORKERS, testsPerWorker: 3 });
    expect(concurrencyPlan(20)).toEqual({ workers: MAX_WORKERS, testsPerWorker: 4 });
    expect(concurrencyPlan(4, 2)).toEqual({ workers: 2, testsPerWorker: 2 });
  });

  test.each([1, 2, 3, 5, 12, 13, 16, 63, 64])('the workers shares of %i add up to it exactly, none empty', (n) => {
    const { workers } = concurrencyPlan(n);
    const shares = Array.from({ length: workers }, (_, i) => workerShare(n, workers, i + 1));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(n);
    expect(Math.min(...shares)).toBeGreaterThan(0);
  });
});
