/**
 * vitest projects: `unit` (kit, reference and reports tested in-process), `suites` (the
 * conformance suites, HTTP only, against the target chosen by the globalSetup) and `self` (the
 * kit's proof that it fails broken servers: runs certification against faulty references).
 */
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { DEFAULT_THROTTLE_MAX_WAIT_MS, timeAllowanceMs } from './src/kit/throttle.ts';
import { readRunPlan } from './src/kit/channels.ts';
import { BUNDLED_PLAN } from './src/shared/concurrency.ts';

// Suites wait on HTTP and child runs more than they compute: three workers on two cores.
const MAX_WORKERS = 3;
/** A certification's plan, computed once by certify() (which also passes its workers as maxWorkers); none under npm test. */
const plan = readRunPlan(process.env);
const SUITE_WORKERS = plan?.workers ?? MAX_WORKERS;
/** The tests of a side-by-side (describe.concurrent) file a worker runs at once: the run's plan, else the bundled reference's. */
const TESTS_PER_WORKER = (plan ?? BUNDLED_PLAN).testsPerWorker;

/** What a suite test may spend waiting on a throttling target or pacing under CONFORMANCE_MAX_RPS (certify exported both). */
const allowance = timeAllowanceMs({
  bundled: !process.env.CONFORMANCE_BASE_URL,
  throttle: {
    maxWaitMs: Number(process.env.CONFORMANCE_THROTTLE_MAX_WAIT_MS) || DEFAULT_THROTTLE_MAX_WAIT_MS,
    requestsPerSecond: Number(process.env.CONFORMANCE_MAX_RPS || 0) / SUITE_WORKERS,
  },
});

/** The longest file, the mutation proof (a child run of every fault), starts first so the others fill the time beside it. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (f: TestSpecification) => (f.moduleId.endsWith('catalogue-caught.test.ts') ? 0 : 1);
    return [...sorted].sort((a, b) => first(a) - first(b));
  }
}

export default defineConfig({
  test: {
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    maxWorkers: MAX_WORKERS,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/mutation/**/*.test.ts', 'node_modules/**'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'suites',
          include: ['suites/**/*.test.ts'],
          globalSetup: ['src/run/global-setup.ts'],
          // One worker for all its files (not a fresh one per file): the kit's start-up (modules,
          // schema compilation) was most of a certification's CPU (issue 11 bench). Threads, not
          // processes: a worker's start and the modules the main process hands it cost less (issue 21
          // bench: about 2 s less CPU of 19 s in a certification on 8 workers).
          isolate: false,
          pool: 'threads',
          maxConcurrency: TESTS_PER_WORKER,
          // ...so allure-vitest's setup goes through vitest's module runner, which runs it again for
          // each file (a native import would run once per process: files after one whose tests were
          // all filtered out or skipped would lose their allure labels).
          server: { deps: { inline: ['allure-vitest'] } },
          testTimeout: 30_000 + allowance,
          hookTimeout: 60_000 + allowance,
        },
      },
      {
        test: {
          name: 'self',
          include: ['src/mutation/**/*.test.ts'],
          testTimeout: 240_000,
        },
      },
    ],
  },
});
