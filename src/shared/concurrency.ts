/**
 * How a run's concurrency (CONFORMANCE_CONCURRENCY: the requests the kit keeps in flight against
 * the target) is spread over worker threads and tests side by side within each. Every worker
 * costs start-up and its own warm-up of the same code, so a high concurrency runs on a few
 * workers, each running the tests of a file that share nothing side by side
 * (`describe.concurrent` suites) and the runs of a property that share nothing side by side
 * (forAll's `sideBySide`), each bounded to its share of the requests. Files whose tests must run
 * in order (and the long property files among them) still take one worker each, so the workers
 * cannot be too few. Against a reference answering 50 ms late, a full certification at 12 (issue
 * 21 bench, threads, property runs side by side) took 42-45 s on 8 workers (15.7-15.9 s of kit
 * CPU), 46 s on 6 x 2 (14.1-15.1 s), 51 s on 5 (13.6 s) and 58 s on 4 x 3 (14.5 s); 6 keeps the
 * wall time well under a minute with equal shares. A worker's share is never 1 while the concurrency
 * is 2 or more (MIN_SHARE): requests meant to race (kit/at-once.ts) must find two places in one worker,
 * else a target on this machine (4 by default, once 4 workers of 1) was never raced.
 *
 *   concurrencyPlan(12)        // { workers: 6, testsPerWorker: 2 }: shares 2 each
 *   concurrencyPlan(3)         // { workers: 1, testsPerWorker: 3 }: not 3 workers of 1
 *   concurrencyPlan(8)         // { workers: 4, testsPerWorker: 2 }: not 6 workers, four of them of 1
 *   concurrencyPlan(4, 2)      // { workers: 2, testsPerWorker: 2 }: a target on this machine shares its 2 cores
 *   workerShare(13, 6, 1)      // 3: the first ones take the remainder (3 x 1 + 2 x 5 = 13)
 *   runPlan({ baseUrl: 'https://gitlab.example.com' })   // { requests: 12, workers: 6, testsPerWorker: 2 }
 *   runPlan({})                // the bundled reference: { requests: 4, workers: 2, testsPerWorker: 2 }
 *   runPlan({ baseUrl: 'http://127.0.0.1:4010' })        // a serve on this machine: the same
 *
 * A certification computes its plan once, in certify(), and hands it to vitest.config.ts, the
 * globalSetup and (in the target) the workers through one channel (kit/channels.ts ENV.runPlan).
 */

/** Workers of a run against a deployed target at most: the rest of the concurrency is tests side by side within them. */
export const MAX_WORKERS = 6;
/** Workers at most against the bundled reference: it runs in the kit's main process and shares its CPU (a loopback URL gets MAX_WORKERS, with a concurrency of its own, 4 by default: defaultConcurrency; MIN_SHARE makes that 2 workers too). */
export const LOCAL_MAX_WORKERS = 2;

export interface ConcurrencyPlan {
  /** Worker threads (vitest maxWorkers). */
  workers: number;
  /** Tests of a side-by-side file a worker runs at once (vitest maxConcurrency). */
  testsPerWorker: number;
}

/** The fewest requests a worker may keep in flight when the run's concurrency allows two: enough for a race (kit/at-once.ts). */
export const MIN_SHARE = 2;

export function concurrencyPlan(concurrency: number, maxWorkers = MAX_WORKERS): ConcurrencyPlan {
  const n = Math.max(1, Math.floor(concurrency));
  // Workers of MIN_SHARE at least (the first ones take the remainder: workerShare), one when the concurrency is 1.
  const workers = Math.min(Math.max(1, Math.floor(n / MIN_SHARE)), Math.max(1, maxWorkers));
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

/** What the plan depends on of a run's configuration (run/config.ts Config): its concurrency, if set, and its target. */
export interface RunTarget {
  concurrency?: number;
  baseUrl?: string;
}

/**
 * CONFORMANCE_CONCURRENCY's default against a deployed target, from full certifications of a reference answering
 * each request 50 ms late on 2 busy shared cores (before: 183-191 s with 3 workers): 6 took 74-81 s, 8 62-78 s,
 * 12 49-70 s, 16 43-63 s. 16 gains little over 12 for a third more workers (about 120 MB each) and
 * holds as many requests as a 4-core GitLab's Puma threads (4 per worker, a worker per core) serve at once.
 */
export const DEFAULT_CONCURRENCY = 12;
/**
 * Against the bundled reference, or any target on this machine (a loopback address: `npm run serve`), the
 * kit and the server share the machine's CPU: more workers than this only add start-up.
 */
export const BUNDLED_CONCURRENCY = 4;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

const onThisMachine = (config: { baseUrl?: string }) => !config.baseUrl || LOOPBACK.test(new URL(config.baseUrl).hostname);

/** The run's concurrency: the configured one, else the default of a deployed target or of a target on this machine. */
export function defaultConcurrency(config: RunTarget): number {
  if (config.concurrency !== undefined) return config.concurrency;
  return onThisMachine(config) ? BUNDLED_CONCURRENCY : DEFAULT_CONCURRENCY;
}

/** A run's plan: the requests it keeps in flight at most (its concurrency), its workers and the tests side by side in each. */
export interface RunPlan extends ConcurrencyPlan {
  requests: number;
}

/**
 * The run's concurrency, its workers and the tests side by side in each: fewer workers for the
 * bundled reference, which runs in the kit's own main process and shares its CPU with every worker.
 */
export function runPlan(config: RunTarget): RunPlan {
  const requests = defaultConcurrency(config);
  return { requests, ...concurrencyPlan(requests, config.baseUrl ? MAX_WORKERS : LOCAL_MAX_WORKERS) };
}

/** The plan of a run against the bundled reference with the default concurrency: what npm test's suites run by (vitest.config.ts). */
export const BUNDLED_PLAN: RunPlan = runPlan({});
