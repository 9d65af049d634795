/**
 * vitest projects for mutation runs: one project per catalogued fault, each with its own
 * in-process reference started by the suites' globalSetup with that fault on (the project's
 * env REFERENCE_FAULTS), running only the suites that must catch it; plus, optionally, a
 * healthy project running every suite. One vitest process runs them all on a shared pool.
 *
 *   faultProjects(CATALOGUE)  // [{ test: { name: 'fault:status.create-200', include: [...], env: {...} } }, ...]
 */
import type { TestProjectInlineConfiguration } from 'vitest/config';
import type { Fault } from './catalogue.ts';

export const FAULT_PROJECT_PREFIX = 'fault:';
export const HEALTHY_PROJECT = 'healthy';
const GLOBAL_SETUP = ['src/run/global-setup.ts'];

/** A catalogue suite filter as an include glob: a file, or every test file below a folder. */
export function suiteGlob(filter: string): string {
  const s = filter.replace(/^\.?\/?(suites\/)?/, '').replace(/\/+$/, '');
  return s.endsWith('.ts') ? `suites/${s}` : `suites/${s}/**/*.test.ts`;
}

function project(name: string, include: string[], faults: string): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      include,
      globalSetup: GLOBAL_SETUP,
      // A project's files share one worker thread (no process to start, the modules loaded once per fault):
      // 104 s and 150 s of CPU for the catalogue, against 192 s and 267 s with a process per file.
      pool: 'threads',
      isolate: false,
      env: { REFERENCE_FAULTS: faults },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export function faultProjects(faults: readonly Fault[], withHealthy: boolean): TestProjectInlineConfiguration[] {
  const out = faults.map((f) => project(`${FAULT_PROJECT_PREFIX}${f.id}`, f.suites.map(suiteGlob), f.id));
  if (withHealthy) out.unshift(project(HEALTHY_PROJECT, ['suites/**/*.test.ts'], ''));
  return out;
}
