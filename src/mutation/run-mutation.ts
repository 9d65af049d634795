/**
 * The mutation run: certifies the reference once per catalogued fault in one vitest process
 * (a project per fault, two workers), writes reports/mutation.json and mutation.md, and answers
 * the exit code: 0 when every fault was caught and the healthy reference passed, 1 otherwise.
 *
 *   const { exitCode, result } = await runMutation({ reportsDir: 'reports' });
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PACKAGE_ROOT } from '../run/certify.ts';
import { loadVitestNode } from '../run/vitest-node.ts';
import { CATALOGUE } from './catalogue.ts';
import { MutationReporter, type Mutant, type MutationResult } from './mutation-reporter.ts';

export interface MutationOptions {
  reportsDir?: string;
  only?: string[];
  healthy?: boolean;
  /** Told of each fault as soon as its certification has ended (the run goes on with the others). */
  onFault?: (m: Mutant) => void;
}

/** The line `--fault-lines` prints for each fault as it ends: a caller bounds each fault on its own (catalogue-caught.test.ts). */
export const FAULT_LINE = 'mutation-fault-result ';

export function renderMutationMarkdown(r: MutationResult): string {
  const lines = [`# Mutation score: ${r.killed} / ${r.total} faults caught`, ''];
  if (r.healthy)
    lines.push(
      `Healthy reference: ${r.healthy.failed === 0 ? 'passes' : `FAILS (${r.healthy.failed} failing tests)`} — ${r.healthy.passed} tests passed.`,
      '',
    );
  lines.push('| fault | clause it breaks | caught | caught by |', '|---|---|---|---|');
  for (const m of r.mutants) {
    const by = m.caught ? `${m.caughtBy.length} test(s), e.g. ${m.caughtBy[0]?.replace(/\|/g, '\\|')}` : (m.note ?? '');
    lines.push(`| \`${m.id}\` | \`${m.clause}\` | ${m.caught ? 'yes' : '**no**'} | ${by} |`);
  }
  return `${lines.join('\n')}\n`;
}

export async function runMutation(o: MutationOptions = {}): Promise<{ exitCode: number; result?: MutationResult }> {
  const faults = o.only?.length ? CATALOGUE.filter((f) => o.only!.includes(f.id)) : CATALOGUE;
  const unknown = (o.only ?? []).filter((id) => !CATALOGUE.some((f) => f.id === id));
  if (unknown.length) throw new Error(`not in the catalogue: ${unknown.join(', ')}`);
  process.env.MUTATION_ONLY = faults.map((f) => f.id).join(',');
  process.env.MUTATION_HEALTHY = o.healthy === false ? '0' : '1';
  const reporter = new MutationReporter(faults, undefined, o.onFault);
  console.log(
    `Mutation run: ${faults.length} faults${o.healthy === false ? '' : ' and the healthy reference'}, one reference each; a dot per test file.`,
  );
  const { startVitest } = await loadVitestNode();
  const vitest = await startVitest('test', [], {
    root: PACKAGE_ROOT,
    config: join(PACKAGE_ROOT, 'src/mutation/vitest.mutation.config.ts'),
    watch: false,
    run: true,
    reporters: [reporter],
  });
  await vitest?.close();
  process.exitCode = 0;
  const result = reporter.result;
  if (!result) return { exitCode: 1 };
  const dir = resolve(o.reportsDir ?? process.env.CONFORMANCE_REPORTS_DIR ?? 'reports');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'mutation.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(dir, 'mutation.md'), renderMutationMarkdown(result));
  const survived = result.mutants.filter((m) => !m.caught);
  console.log(
    `\nMutation score: ${result.killed}/${result.total} faults caught${result.healthy ? `; healthy reference ${result.healthy.failed === 0 ? 'passes' : 'FAILS'}` : ''} (${join(dir, 'mutation.md')})`,
  );
  for (const m of survived) console.log(`  survived: ${m.id} (${m.clause}): ${m.note}`);
  for (const f of result.healthy?.failures ?? []) console.log(`  healthy reference failed: ${f}`);
  const ok = survived.length === 0 && (result.healthy?.failed ?? 0) === 0;
  return { exitCode: ok ? 0 : 1, result };
}
