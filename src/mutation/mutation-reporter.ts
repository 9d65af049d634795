/**
 * Reporter of mutation runs: groups test results by project (one per fault), decides which
 * faults were caught (the fault's own clause failed) and by which tests, and whether the healthy
 * reference passed. Each fault is also judged as soon as its last file ends (`onFault`), so a
 * caller can bound each fault on its own instead of the whole catalogue at once.
 *
 *   const r = new MutationReporter(CATALOGUE, log, (m) => console.log(m.id, m.caught)); ... r.result  // { mutants, killed, total, healthy }
 */
import type { Reporter, TestModule, TestSpecification } from 'vitest/node';
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

interface ProjectTally {
  tests: string[];
  clauses: Set<string>;
  ran: number;
}

/** What one project's finished files showed: failing tests, the clauses they cite, how many tests ran. */
function tally(modules: Iterable<TestModule>): ProjectTally {
  const entry: ProjectTally = { tests: [], clauses: new Set<string>(), ran: 0 };
  for (const mod of modules) {
    if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) entry.tests.push(`${mod.moduleId}: the file failed to run`);
    for (const test of mod.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed' || state === 'failed') entry.ran += 1;
      if (state !== 'failed') continue;
      entry.tests.push(test.fullName);
      const clause = test.meta().conformance?.clause;
      if (clause) entry.clauses.add(clause);
    }
  }
  return entry;
}

function mutant(f: Fault, e: ProjectTally | undefined): Mutant {
  const caught = !!e?.clauses.has(f.clause);
  const m: Mutant = { id: f.id, clause: f.clause, caught, caughtBy: e?.tests ?? [] };
  if (!e || e.ran === 0) m.note = 'no test ran with this fault';
  else if (!caught && e.tests.length) m.note = `other tests failed, but not one citing ${f.clause}`;
  else if (!caught) m.note = 'every test passed with the fault on: the fault survived';
  return m;
}

export class MutationReporter implements Reporter {
  result: MutationResult | undefined;
  private done = 0;
  /** Files still to end, by project; and the ended files, by project. */
  private readonly pending = new Map<string, number>();
  private readonly ended = new Map<string, TestModule[]>();
  constructor(
    private readonly faults: readonly Fault[],
    private readonly log: (s: string) => void = (s) => process.stdout.write(s),
    /** Told of each fault once its project's last file has ended. */
    private readonly onFault?: (m: Mutant) => void,
  ) {}

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    for (const s of specifications) this.pending.set(s.project.name, (this.pending.get(s.project.name) ?? 0) + 1);
    // A fault whose project has no file to run is judged at once (nothing ran).
    for (const f of this.faults) if (!this.pending.has(`${FAULT_PROJECT_PREFIX}${f.id}`)) this.onFault?.(mutant(f, undefined));
  }

  /** Progress: one dot per finished test file, a count every 50; a fault judged when its project's last file ends. */
  onTestModuleEnd(mod: TestModule): void {
    this.done += 1;
    this.log(this.done % 50 === 0 ? `. ${this.done}\n` : '.');
    const name = mod.project.name;
    this.ended.set(name, [...(this.ended.get(name) ?? []), mod]);
    const left = (this.pending.get(name) ?? 1) - 1;
    this.pending.set(name, left);
    if (left !== 0 || !this.onFault || !name.startsWith(FAULT_PROJECT_PREFIX)) return;
    const fault = this.faults.find((f) => `${FAULT_PROJECT_PREFIX}${f.id}` === name);
    if (fault) this.onFault(mutant(fault, tally(this.ended.get(name)!)));
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const byProject = new Map<string, TestModule[]>();
    for (const mod of modules) byProject.set(mod.project.name, [...(byProject.get(mod.project.name) ?? []), mod]);
    const failed = new Map([...byProject].map(([name, mods]) => [name, tally(mods)]));
    const mutants = this.faults.map((f) => mutant(f, failed.get(`${FAULT_PROJECT_PREFIX}${f.id}`)));
    const healthy = failed.get(HEALTHY_PROJECT);
    this.result = {
      mutants,
      killed: mutants.filter((m) => m.caught).length,
      total: mutants.length,
      healthy: healthy && { passed: healthy.ran - healthy.tests.length, failed: healthy.tests.length, failures: healthy.tests },
    };
  }
}
