/**
 * How a run's concurrency (CONFORMANCE_CONCURRENCY: the requests the kit keeps in flight against
 * the target) is spread over worker threads and tests side by side within each. Every worker
 * costs start-up and its own warm-up of the same code (1-2 s of CPU each as a process at the issue
 * 21 bench; the suites now run in threads, which cost about 2 s less in all at 8 workers), so a high concurrency runs on a few workers, each running the tests of a file that share
 * nothing side by side (`describe.concurrent` suites), each bounded to its share of the requests.
 * Files whose tests must run in order (and the long property files among them) still take one
 * worker each, so the workers cannot be too few: against a reference answering 50 ms late, a
 * full certification at 12 took 44 s on 12 workers (24 s of kit CPU), 50 s on 8 workers
 * sharing it (21.6 s), 57 s on 6 x 2 (19.4 s), 82 s on 4 x 3 (18 s) and 150 s on 2 x 6 (14 s).
 *
 *   concurrencyPlan(12)        // { workers: 8, testsPerWorker: 2 }: shares 2, 2, 2, 2, 1, 1, 1, 1
 *   concurrencyPlan(3)         // { workers: 3, testsPerWorker: 1 }
 *   concurrencyPlan(4, 2)      // { workers: 2, testsPerWorker: 2 }: a target on this machine shares its 2 cores
 *   workerShare(13, 8, 1)      // 2: the first ones take the remainder (2 x 5 + 1 x 3 = 13)
 */

/** Worker processes of a run against a deployed target at most: the rest of the concurrency is tests side by side within them. */
export const MAX_WORKERS = 8;
/** Worker processes at most against a target on this machine (the bundled reference, a loopback URL): it shares the CPU. */
export const LOCAL_MAX_WORKERS = 2;

export interface ConcurrencyPlan {
  /** Worker processes (vitest maxWorkers). */
  workers: number;
  /** Tests of a side-by-side file a worker runs at once (vitest maxConcurrency). */
  testsPerWorker: number;
}

export function concurrencyPlan(concurrency: number, maxWorkers = MAX_WORKERS): ConcurrencyPlan {
  const n = Math.max(1, Math.floor(concurrency));
  const workers = Math.min(n, Math.max(1, maxWorkers));
  return { workers, testsPerWorker: Math.ceil(n / workers) };
}

/**
 * The requests worker `poolId` (1-based, vitest's VITEST_POOL_ID) may keep in flight: the
 * concurrency divided among the workers, the first ones taking the remainder, so that together
 * they never hold more than the run's concurrency.
 */
export function workerShare(concurrency: number, workers: number, poolId: number): number {
  const n = Math.max(1, Math.floor(concurrency));
  const w = Math.max(1, Math.min(workers, n));
  const id = ((Math.max(1, Math.floor(poolId)) - 1) % w) + 1;
  return Math.floor(n / w) + (id <= n % w ? 1 : 0);
}
