/**
 * The `conformance observe` command: flags in, a running observation, its report and exit code out.
 * Prints a ready line naming the proxy's URL (as `serve` does), then waits for SIGINT, SIGTERM
 * or --duration; every bad input is one line and exit 2 (cli.ts prints KitErrors so).
 *
 *   conformance observe --upstream http://127.0.0.1:4010 --port 0 --duration 60 --baseline baselines/platform.json
 *   conformance observe --upstream http://127.0.0.1:4010 --show-values   # a test installation: values shown, credentials not
 *   conformance observe --upstream https://127.0.0.1:8443 --ca-file org-ca.pem --listen 0.0.0.0 --port 8182 --relative-url-root /gitlab --drain 60
 *   conformance observe --har reports/run.har --reports-dir reports/har-judged   # recorded traffic, no upstream (har-command.ts)
 *   conformance observe --upstream http://127.0.0.1:8181 --sample 0.25 --judges 2
 *   conformance observe --merge-reports reports/node-a reports/node-b --reports-dir reports/all
 */
import { loadBaselineFile } from '../report/baseline.ts';
import { prepareReportsDir } from '../run/reports-dir.ts';
import { KitError } from '../shared/errors.ts';
import { harCommand } from './har-command.ts';
import { startObserve } from './index.ts';
import { mergeObserveReports } from './merge-reports.ts';
import { writeObserveReports, type ObserveSummary } from './report.ts';

export const OBSERVE_OPTIONS = {
  upstream: { type: 'string' },
  port: { type: 'string' },
  'reports-dir': { type: 'string' },
  duration: { type: 'string' },
  baseline: { type: 'string' },
  'preserve-host': { type: 'boolean' },
  'show-values': { type: 'boolean' },
  'identify-callers': { type: 'boolean' },
  listen: { type: 'string' },
  'ca-file': { type: 'string' },
  drain: { type: 'string' },
  'relative-url-root': { type: 'string' },
  har: { type: 'string', multiple: true },
  sample: { type: 'string' },
  judges: { type: 'string' },
  'merge-reports': { type: 'string', multiple: true },
} as const;

interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

function seconds(text: string | undefined, flag = '--duration', zero = false): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(zero ? n >= 0 : n > 0))
    throw new KitError('USAGE', `${flag} must be a number of seconds${zero ? '' : ' above 0'}, got "${text}"`);
  return n;
}

function text(values: Parsed['values'], flag: string): string | undefined {
  const v = values[flag] as string | undefined;
  if (v !== undefined && v.trim() === '') throw new KitError('USAGE', `--${flag} needs a value`);
  return v;
}

/** The upstream as printed: a user and password in its URL are never shown. */
function withoutUserinfo(text: string): string {
  const url = new URL(text);
  if (!url.username && !url.password) return text;
  url.username = '';
  url.password = '';
  return url.href;
}

/** --sample RATE: the fraction of API exchanges judged, 0 < RATE <= 1. */
function sampleRate(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d*\.?\d+$/.test(text) || !(n > 0 && n <= 1))
    throw new KitError(
      'USAGE',
      `--sample must be a fraction above 0 and at most 1 (0.25: a quarter of the API exchanges judged), got "${text}"`,
    );
  return n;
}

function judgeCount(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 64)
    throw new KitError('USAGE', `--judges must be a whole number of judge threads from 1 to 64, got "${text}"`);
  return Number(text);
}

function verdictLine(summary: ObserveSummary, report: string): string {
  const c = summary.counts;
  const notJudged = (c.shed ?? 0) + (c.sampledOut ?? 0);
  const security = summary.server.filter((f) => f.security).length;
  return (
    `${summary.verdict === 'pass' ? 'PASS' : 'FAIL'}: ${summary.server.length} server finding(s)${security ? ` (${security} security)` : ''}${summary.known.length ? ` (+${summary.known.length} known)` : ''}, ` +
    `${summary.client.length} client finding(s); ${c.exchanges} exchanges, ${c.judged} judged, ${c.outsideSpec} outside the spec, ${c.notApi ?? 0} outside the API` +
    `${notJudged ? `, ${c.shed ?? 0} shed (judges behind), ${c.sampledOut ?? 0} sampled out` : ''}. Report: ${report}`
  );
}

/** --merge-reports DIR...: one report from several observes' reports folders (the flag's values and the positionals). */
async function mergeCommand(dirs: string[], values: Parsed['values'], reportsDir: string, env: NodeJS.ProcessEnv): Promise<number> {
  const alone = [
    'upstream',
    'port',
    'duration',
    'preserve-host',
    'sample',
    'judges',
    'listen',
    'ca-file',
    'drain',
    'har',
    'identify-callers',
  ].find((f) => values[f] !== undefined);
  if (alone) throw new KitError('USAGE', `--merge-reports writes a report from others' reports: it takes no --${alone}`);
  const baselineFile = (values.baseline as string | undefined) ?? env.CONFORMANCE_BASELINE;
  const summary = mergeObserveReports(dirs, { baseline: baselineFile ? loadBaselineFile(baselineFile) : undefined });
  prepareReportsDir(reportsDir);
  const files = await writeObserveReports(summary, reportsDir);
  console.log(`Merged ${dirs.length} observe report(s): ${verdictLine(summary, files[1]!)}`);
  return summary.verdict === 'pass' ? 0 : 1;
}

export async function observeCommand({ values, positionals }: Parsed, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (values.har !== undefined) return harCommand({ values, positionals }, env);
  const reportsDir = (values['reports-dir'] as string | undefined) ?? env.CONFORMANCE_REPORTS_DIR ?? 'reports';
  const merge = values['merge-reports'] as string[] | undefined;
  if (merge) return mergeCommand([...merge, ...positionals], values, reportsDir, env);
  if (positionals.length)
    throw new KitError('USAGE', `observe takes no positional arguments, got "${positionals[0]}" (--help lists the options)`);
  const upstream = values.upstream as string | undefined;
  if (!upstream) throw new KitError('USAGE', 'observe needs --upstream URL (the installation to observe; --help lists the options)');
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!/^\d+$/.test(String(values.port ?? '0')) || port > 65535)
    throw new KitError('USAGE', `--port must be a port number, got "${values.port as string}"`);
  const duration = seconds(values.duration as string | undefined);
  const sample = sampleRate(values.sample as string | undefined);
  const judges = judgeCount(values.judges as string | undefined);
  prepareReportsDir(reportsDir);
  const baselineFile = (values.baseline as string | undefined) ?? env.CONFORMANCE_BASELINE;
  const baseline = baselineFile ? loadBaselineFile(baselineFile) : undefined;
  const drain = seconds(values.drain as string | undefined, '--drain', true);
  const running = await startObserve({
    upstream,
    port,
    host: text(values, 'listen'),
    caFile: text(values, 'ca-file'),
    drainMs: drain === undefined ? undefined : drain * 1000,
    relativeUrlRoot: values['relative-url-root'] as string | undefined,
    reportsDir,
    baseline,
    preserveHost: values['preserve-host'] === true,
    showValues: values['show-values'] === true,
    sample,
    judges,
    identifyCallers: values['identify-callers'] === true,
  });
  // The signals are ours before the ready line shows: a supervisor may send SIGTERM as soon as it reads it.
  const stopped = new Promise<void>((done) => {
    const timer = duration ? setTimeout(done, duration * 1000) : undefined;
    const stop = () => {
      if (timer) clearTimeout(timer);
      done();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  const identifying = values['identify-callers'] === true ? 'identifying callers: one GET /user per new credential, read-only; ' : '';
  console.log(
    `Observing ${withoutUserinfo(upstream)} on ${running.url}${duration ? ` for ${duration} s` : ''} (${identifying}Ctrl-C writes the report)`,
  );
  await stopped;
  const { summary, files, exitCode } = await running.stop();
  console.log(verdictLine(summary, files[1]!));
  return exitCode;
}
