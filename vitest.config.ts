/**
 * vitest projects: `unit` (kit, reference and reports tested in-process), `suites` (the
 * conformance suites, HTTP only, against the target chosen by the globalSetup) and `self` (the
 * kit's proof that it fails broken servers: runs certification against faulty references).
 */
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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
    // Suites wait on HTTP and child runs more than they compute: three workers on two cores.
    maxWorkers: 3,
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
          // One process per worker for all its files (not a fresh one per file): the kit's start-up
          // (modules, schema compilation) was most of a certification's CPU (issue 11 bench).
          isolate: false,
          // ...so allure-vitest's setup goes through vitest's module runner, which runs it again for
          // each file (a native import would run once per process: files after one whose tests were
          // all filtered out or skipped would lose their allure labels).
          server: { deps: { inline: ['allure-vitest'] } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
