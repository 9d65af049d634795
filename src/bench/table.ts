/**
 * The bench table for people: one line per measurement with its value, target and verdict
 * (PASS, MISS, or INFO where the issue sets no target), then the numbers behind each. A
 * regression guard's ceiling reads `guard <= 2.5 ms`.
 *
 *   console.log(renderTable(report));
 */
import type { BenchReport } from './run-bench.ts';
import type { Measurement } from './measurement.ts';

const verdict = (m: Measurement) => ({ pass: 'PASS', miss: 'MISS', info: 'INFO' })[m.status];
const withUnit = (n: number, unit: string) => `${n}${unit === '%' || unit === 'x' ? unit : ` ${unit}`}`;
const value = (m: Measurement) => withUnit(m.value, m.unit);
const target = (m: Measurement) =>
  m.target ? `${m.target.kind === 'guard' ? 'guard ' : ''}${m.target.op} ${withUnit(m.target.value, m.unit)}` : '(none)';

function pad(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}

export function renderTable(report: BenchReport): string {
  const rows = [['#', 'measurement', 'value', 'target', 'result']];
  report.measurements.forEach((m, i) => rows.push([String(i + 1), m.title, value(m), target(m), verdict(m)]));
  const lines = pad(rows);
  lines.splice(1, 0, '-'.repeat(lines[0]!.length));
  const notes = report.measurements.map((m, i) => `  ${i + 1}. ${m.summary}`);
  const load = report.machine.loadavg.map((l) => l.toFixed(2)).join(' ');
  return [
    ...lines,
    '',
    ...notes,
    '',
    `Bench: ${report.verdict === 'pass' ? 'PASS' : 'MISS'} in ${(report.durationMs / 1000).toFixed(0)} s on ${report.machine.cpus} CPU(s), load ${load} at the end (a busy machine makes the numbers noisy).`,
  ].join('\n');
}
