/**
 * `conformance observe --har FILE...`, programmatic: judges recorded traffic (HAR 1.2 files, as
 * browsers, mitmproxy and the kit's own CONFORMANCE_HAR=1 write them) with observe's judge
 * (observation.ts), report (report.ts) and exit codes, without any upstream: 0 with no server
 * finding outside the baseline, 1 with one; a file that is not a HAR is a KitError (exit 2, one
 * line naming the file), and no report is written.
 *
 * Order: the files in the order given; within a file, its entries by startedDateTime (stable: ties
 * and entries without a time keep their place). A file is read whole and parsed with JSON.parse,
 * one file at a time (its entries are let go as they are judged): a file may be as large as V8's
 * longest string, 0x1fffffe8 characters (about 512 MiB); split bigger recordings.
 *
 *   const { summary, files, exitCode } = await judgeHar(['reports/run.har'], { reportsDir: 'reports/har-judged' });
 *   summary.recorded   // { files: ['reports/run.har'], entries: 4127, answerBodiesLeftOut: 3, requestBodiesLeftOut: 0, notes: [] }
 */
import { readFileSync, statSync } from 'node:fs';
import { packageVersion } from '../cli-help.ts';
import type { Baseline } from '../report/baseline.ts';
import { KitError } from '../shared/errors.ts';
import { apiTarget } from './exchange-view.ts';
import { harExchange } from './har-entry.ts';
import { urlRoot } from './index.ts';
import { Observation } from './observation.ts';
import { observeSummary, writeObserveReports, type ObserveSummary, type RecordedInput } from './report.ts';
import { isRecord } from '../shared/is-record.ts';

export interface HarOptions {
  /** Where summary.md, summary.json and junit.xml go (default 'reports'). */
  reportsDir?: string;
  baseline?: Baseline;
  /** The installation's relative URL root ('/gitlab'): only `<root>/api/v4/...` is judged (default: none). */
  relativeUrlRoot?: string;
  /** Show the recorded values in findings (a test installation); default: placeholders. Credentials stay [redacted]. */
  showValues?: boolean;
  /** Secrets known beforehand (never written, even if no entry shows them). */
  secrets?: string[];
}

export interface HarResult {
  summary: ObserveSummary;
  /** The report's paths: summary.json, summary.md, junit.xml. */
  files: string[];
  exitCode: 0 | 1;
}

/** V8's longest string (characters): a file of more bytes cannot be read whole as text. */
const LONGEST_STRING = 0x1fffffe8;

/** A file's size, or a KitError naming it (missing, unreadable, a folder, too large to read whole). */
function checkFile(file: string): void {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new KitError('INPUT_UNREADABLE', `observe --har: ${file} is not a file`);
    size = stat.size;
  } catch (e) {
    if (e instanceof KitError) throw e;
    throw new KitError(
      'INPUT_UNREADABLE',
      `observe --har cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  if (size > LONGEST_STRING)
    throw new KitError(
      'HAR_INVALID',
      `${file} is too large to read whole (${size} bytes; observe --har reads one file of at most ${LONGEST_STRING} bytes at a time): split the recording`,
    );
}

/** The entries of one HAR file; a KitError naming the file when it is not one. */
function readEntries(file: string): unknown[] {
  let har: unknown;
  try {
    const text = readFileSync(file, 'utf8');
    har = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    // V8's message may quote the file's text (a credential, perhaps): only the position is said.
    const at = /position (\d+)/.exec((e as Error).message)?.[1];
    throw new KitError('HAR_INVALID', `${file} is not a HAR 1.2: not JSON${at ? ` (at character ${at})` : ''}`);
  }
  if (!isRecord(har) || !isRecord(har.log) || !Array.isArray(har.log.entries))
    throw new KitError('HAR_INVALID', `${file} is not a HAR 1.2: it has no log.entries list`);
  return har.log.entries;
}

/** The entries' indexes by startedDateTime, stable; an entry without a time that parses keeps the place after the one before it. */
function recordedOrder(entries: unknown[]): number[] {
  const times: number[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const e of entries) {
    const t = isRecord(e) && typeof e.startedDateTime === 'string' ? Date.parse(e.startedDateTime) : Number.NaN;
    if (!Number.isNaN(t)) previous = t;
    times.push(previous);
  }
  return times.map((_, i) => i).sort((a, b) => times[a]! - times[b]! || a - b);
}

export async function judgeHar(files: readonly string[], options: HarOptions = {}): Promise<HarResult> {
  if (!files.length) throw new KitError('USAGE', 'observe --har needs at least one HAR file');
  for (const file of files) checkFile(file);
  const root = urlRoot(options.relativeUrlRoot);
  // Each entry's target is its whole URL: its reproducer names the origin it was recorded at.
  const observation = new Observation('', options.secrets ?? [], {
    showValues: options.showValues === true,
    urlRoot: root,
    recorded: true,
  });
  const recorded: RecordedInput = { files: [...files], entries: 0, answerBodiesLeftOut: 0, requestBodiesLeftOut: 0, notes: [] };
  const origins = new Set<string>();
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let judgeErrors = 0;
  for (const [n, file] of files.entries()) {
    const entries: unknown[] = readEntries(file);
    const before = last;
    let fileFirst = Number.POSITIVE_INFINITY;
    for (const i of recordedOrder(entries)) {
      const m = harExchange(entries[i], file, i);
      entries[i] = undefined; // judged and let go
      recorded.entries++;
      if (m.answerLeftOut) recorded.answerBodiesLeftOut++;
      if (m.requestLeftOut) recorded.requestBodiesLeftOut++;
      if (!Number.isNaN(m.startedMs)) {
        fileFirst = Math.min(fileFirst, m.startedMs);
        first = Math.min(first, m.startedMs);
        last = Math.max(last, m.startedMs + m.exchange.durationMs);
      }
      if (apiTarget(m.exchange.target, root) !== 'not-api') origins.add(originOf(m.exchange.target));
      try {
        observation.record(m.exchange);
      } catch (e) {
        // As live: a judge that throws leaves that exchange not judged (counted), never the others.
        judgeErrors++;
        process.emitWarning(`conformance observe --har: entry ${i} of ${file} could not be judged: ${(e as Error).message}`);
      }
    }
    if (n > 0 && fileFirst < before)
      recorded.notes.push(`${file} begins before the files given before it end: files are judged in the order given, not interleaved`);
  }
  const judged = observation.snapshot();
  const summary = {
    ...observeSummary(
      { ...judged, counts: { ...judged.counts, judgeErrors } as typeof judged.counts },
      {
        upstream: origins.size ? [...origins].join(', ') : 'recorded traffic (no API entry)',
        kitVersion: packageVersion(),
        startedAt: new Date(Number.isFinite(first) ? first : Date.now()).toISOString(),
        durationMs: Number.isFinite(first) ? last - first : 0,
        baseline: options.baseline,
      },
    ),
    recorded,
  };
  const written = await writeObserveReports(summary, options.reportsDir ?? 'reports', observation.secrets);
  return { summary, files: written, exitCode: summary.verdict === 'pass' ? 0 : 1 };
}

/** The origin of an absolute target ('' for another kind). */
function originOf(target: string): string {
  try {
    return new URL(target).origin;
  } catch {
    return '';
  }
}
