/**
 * Reporter of mutation runs: groups test results by project (one per fault), decides which
 * faults were caught (the fault's own clause failed) and by which tests, and whether the healthy
 * reference passed.
 *
 *   const r = new MutationReporter(CATALOGUE); ... r.result  // { mutants, killed, total, healthy }
 */
import type { Reporter, TestModule } from 'vitest/node';
import '../kit/result-meta.ts';
import type { Fault } from './catalogue.ts';
import { FAULT_PROJECT_PREFIX, HEALTHY_PROJECT } from './projects.ts';

export interface Mutant {
  id: string;
  clause: string;
  caught: boolean;
  /** Tests that failed with the fault on (clause id and title). */
  caughtBy: string[];
  /** Set when the fault's clause did not fail although others did, or nothing ran. */
  note?: string;
}

export interface MutationResult {
  mutants: Mutant[];
  killed: number;
  total: number;
  healthy?: { passed: number; failed: number; failures: string[] };
}

export class MutationReporter implements Reporter {
  result: MutationResult | undefined;
  private done = 0;
  constructor(
    private readonly faults: readonly Fault[],
    private readonly log: (s: string) => void = (s) => process.stdout.write(s),
  ) {}

  /** Progress: one dot per finished test file, a count every 50. */
  onTestModuleEnd(): void {
    this.done += 1;
    this.log(this.done % 50 === 0 ? `. ${this.done}\n` : '.');
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const failed = new Map<string, { tests: string[]; clauses: Set<string>; ran: number }>();
    for (const mod of modules) {
      const name = mod.project.name;
      const entry = failed.get(name) ?? { tests: [], clauses: new Set<string>(), ran: 0 };
      failed.set(name, entry);
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0)
        entry.tests.push(`${mod.moduleId}: the file failed to run`);
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' || state === 'failed') entry.ran += 1;
        if (state !== 'failed') continue;
        entry.tests.push(test.fullName);
        const clause = test.meta().conformance?.clause;
        if (clause) entry.clauses.add(clause);
      }
    }
    const mutants = this.faults.map((f): Mutant => {
      const e = failed.get(`${FAULT_PROJECT_PREFIX}${f.id}`);
      const caught = !!e?.clauses.has(f.clause);
      const m: Mutant = { id: f.id, clause: f.clause, caught, caughtBy: e?.tests ?? [] };
      if (!e || e.ran === 0) m.note = 'no test ran with this fault';
      else if (!caught && e.tests.length) m.note = `other tests failed, but not one citing ${f.clause}`;
      else if (!caught) m.note = 'every test passed with the fault on: the fault survived';
      return m;
    });
    const healthy = failed.get(HEALTHY_PROJECT);
    this.result = {
      mutants,
      killed: mutants.filter((m) => m.caught).length,
      total: mutants.length,
      healthy: healthy && { passed: healthy.ran - healthy.tests.length, failed: healthy.tests.length, failures: healthy.tests },
    };
  }
}
