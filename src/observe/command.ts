/**
 * The `conformance observe` command: flags in, a running observation, its report and exit code out.
 * Prints a ready line naming the proxy's URL (as `serve` does), then waits for SIGINT, SIGTERM
 * or --duration; every bad input is one line and exit 2 (cli.ts prints KitErrors so).
 *
 *   conformance observe --upstream http://127.0.0.1:4010 --port 0 --duration 60 --baseline baselines/platform.json
 *   conformance observe --upstream http://127.0.0.1:8181 --sample 0.25 --judges 2
 *   conformance observe --merge-reports reports/node-a reports/node-b --reports-dir reports/all
 */
import { loadBaselineFile } from '../report/baseline.ts';
import { prepareReportsDir } from '../run/reports-dir.ts';
import { KitError } from '../shared/errors.ts';
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
  sample: { type: 'string' },
  judges: { type: 'string' },
  'merge-reports': { type: 'string', multiple: true },
} as const;

interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

function seconds(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(n > 0)) throw new KitError('USAGE', `--duration must be a number of seconds above 0, got "${text}"`);
  return n;
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
  const c = summary.counts as ObserveSummary['counts'] & { shed?: number; sampledOut?: number };
  const notJudged = (c.shed ?? 0) + (c.sampledOut ?? 0);
  return (
    `${summary.verdict === 'pass' ? 'PASS' : 'FAIL'}: ${summary.server.length} server finding(s)${summary.known.length ? ` (+${summary.known.length} known)` : ''}, ` +
    `${summary.client.length} client finding(s); ${c.exchanges} exchanges, ${c.judged} judged, ${c.outsideSpec} outside the spec` +
    `${notJudged ? `, ${c.shed ?? 0} shed (judges behind), ${c.sampledOut ?? 0} sampled out` : ''}. Report: ${report}`
  );
}

/** --merge-reports DIR...: one report from several observes' reports folders (the flag's values and the positionals). */
async function mergeCommand(dirs: string[], values: Parsed['values'], reportsDir: string, env: NodeJS.ProcessEnv): Promise<number> {
  const alone = ['upstream', 'port', 'duration', 'preserve-host', 'sample', 'judges'].find((f) => values[f] !== undefined);
  if (alone) throw new KitError('USAGE', `--merge-reports writes a report from others' reports: it takes no --${alone}`);
  const baselineFile = (values.baseline as string | undefined) ?? env.CONFORMANCE_BASELINE;
  const summary = mergeObserveReports(dirs, { baseline: baselineFile ? loadBaselineFile(baselineFile) : undefined });
  prepareReportsDir(reportsDir);
  const files = await writeObserveReports(summary, reportsDir);
  console.log(`Merged ${dirs.length} observe report(s): ${verdictLine(summary, files[1]!)}`);
  return summary.verdict === 'pass' ? 0 : 1;
}

export async function observeCommand({ values, positionals }: Parsed, env: NodeJS.ProcessEnv = process.env): Promise<number> {
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
  const running = await startObserve({
    upstream,
    port,
    reportsDir,
    baseline,
    preserveHost: values['preserve-host'] === true,
    sample,
    judges,
  });
  console.log(`Observing ${upstream} on ${running.url}${duration ? ` for ${duration} s` : ''} (Ctrl-C writes the report)`);
  await new Promise<void>((done) => {
    const timer = duration ? setTimeout(done, duration * 1000) : undefined;
    const stop = () => {
      if (timer) clearTimeout(timer);
      done();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  const { summary, files, exitCode } = await running.stop();
  console.log(verdictLine(summary, files[1]!));
  return exitCode;
}
