/**
 * `conformance bench`: the CLI's side of runBench(): flags to options, progress and the table
 * on the console, exit code 0 when every target and guard is met, 1 when one is missed (a bad flag is a
 * KitError: 2).
 *
 *   conformance bench --users 100000 --duration 3          # npm run bench
 *   conformance bench --no-certification --duration 2
 *   conformance bench --latency 100                          # measurement 4 against a reference 100 ms late
 *   conformance bench suites/users suites/pagination        # certify only these
 */
import { KitError } from '../shared/errors.ts';
import { runBench } from './run-bench.ts';
import { renderTable } from './table.ts';

type Parsed = { values: Record<string, string | boolean | undefined>; positionals: string[] };

function number(values: Parsed['values'], name: string): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(n))
    throw new KitError('USAGE', `--${name} must be a number, got "${raw}"`);
  return n;
}

export async function bench({ values, positionals }: Parsed): Promise<number> {
  const report = await runBench({
    users: number(values, 'users'),
    durationSec: number(values, 'duration'),
    rounds: number(values, 'rounds'),
    connections: number(values, 'connections'),
    samples: number(values, 'samples'),
    latencyMs: number(values, 'latency'),
    certification: values['no-certification'] ? false : positionals.length ? positionals : true,
    reportsDir: values['reports-dir'] as string | undefined,
    log: (line) => console.log(line),
  });
  console.log(`\n${renderTable(report)}`);
  console.log(`Report: ${values['reports-dir'] ?? process.env.CONFORMANCE_REPORTS_DIR ?? 'reports'}/bench.json`);
  return report.verdict === 'pass' ? 0 : 1;
}
