/**
 * `conformance observe --merge-reports DIR...`: one report from the summary.json of several observes
 * (one per front-end node), as `certify --merge-reports` makes one from shards. Each report's server
 * findings, those it had as known included (the baseline is applied again, to all of them at once),
 * its client findings, counts and operations are merged (merge-snapshots.ts); started is the earliest,
 * the duration the span from it to the last end. A folder without summary.json, or a summary.json
 * that is not an observe report, is a KitError (one line, exit 2).
 *
 *   const summary = mergeObserveReports(['reports/node-a', 'reports/node-b'], { baseline });
 *   await writeObserveReports(summary, 'reports/merged');
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageVersion } from '../cli-help.ts';
import type { Baseline } from '../report/baseline.ts';
import { KitError } from '../shared/errors.ts';
import { mergeSnapshots } from './merge-snapshots.ts';
import type { ObservationSnapshot, ObservedFinding } from './observation.ts';
import { observeSummary, type ObserveSummary } from './report.ts';

function readReport(dir: string): ObserveSummary {
  const file = join(dir, 'summary.json');
  if (!existsSync(file))
    throw new KitError('INPUT_UNREADABLE', `--merge-reports: ${dir} holds no summary.json (an observe's reports folder)`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new KitError('INPUT_UNREADABLE', `--merge-reports: ${file} is not JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const s = json as Partial<ObserveSummary> | null;
  const shaped =
    s !== null &&
    typeof s === 'object' &&
    s.kind === 'observe' &&
    typeof s.startedAt === 'string' &&
    !Number.isNaN(Date.parse(s.startedAt)) &&
    typeof s.durationMs === 'number' &&
    typeof s.counts === 'object' &&
    s.counts !== null &&
    [s.server, s.known, s.client].every(Array.isArray) &&
    Array.isArray(s.operations?.seen);
  if (!shaped)
    throw new KitError(
      'INPUT_UNREADABLE',
      `--merge-reports: ${file} is not an observe report (no kind "observe" with counts and findings)`,
    );
  return s as ObserveSummary;
}

/** A report back as what its observe saw: the known server findings among the others again. */
function asSnapshot(s: ObserveSummary): ObservationSnapshot {
  const known: ObservedFinding[] = s.known.map(({ known: _known, ...finding }) => finding);
  return { counts: s.counts, server: [...s.server, ...known], client: s.client, operations: s.operations };
}

export function mergeObserveReports(dirs: readonly string[], o: { baseline?: Baseline; today?: string } = {}): ObserveSummary {
  if (!dirs.length)
    throw new KitError('USAGE', '--merge-reports needs at least one folder (DIR...: the reports folders of the observes to merge)');
  const reports = dirs.map(readReport);
  const starts = reports.map((r) => Date.parse(r.startedAt));
  const started = Math.min(...starts);
  const ended = Math.max(...reports.map((r, i) => starts[i]! + r.durationMs));
  return observeSummary(mergeSnapshots(reports.map(asSnapshot)), {
    upstream: [...new Set(reports.map((r) => r.upstream))].join(', '),
    kitVersion: packageVersion(),
    startedAt: new Date(started).toISOString(),
    durationMs: ended - started,
    baseline: o.baseline,
    ...(o.today ? { today: o.today } : {}),
    identifyCallers: reports.some((r) => r.identifyCallers === true),
  });
}
