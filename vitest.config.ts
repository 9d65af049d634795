/**
 * vitest projects: `unit` (kit, reference and reports tested in-process), `suites` (the
 * conformance suites, HTTP only, against the target chosen by the globalSetup) and `self` (the
 * kit's proof that it fails broken servers: runs certification against faulty references).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'forks',
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
          globalSetup: ['src/kit/global-setup.ts'],
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
