/**
 * certify(): one certification run, programmatically. Reads the configuration (flags over env),
 * checks a deployed target before anything else, runs the suites with vitest against it (or the
 * bundled reference), writes the reports, scans them for leaked secrets, and answers the exit
 * code: 0 all pass, 1 failures, 2 kit or configuration error.
 *
 *   const { exitCode, summary } = await certify({ flags: { baseUrl: 'http://127.0.0.1:4010' } });
 *   await certify({ shard: '1/3' });                       // one CI machine's share (+ a blob report)
 *   await certify({ mergeReports: 'reports/blob' });        // the whole run's reports from the shards
 *
 * Installed from npm, this module runs compiled (dist/kit/certify.js); in the repository, as
 * TypeScript through tsx. Either way vitest loads and transforms the run's own code as TypeScript:
 * vitest.config.ts, the suites, the globalSetup (src/kit/global-setup.ts) and the kit and reference
 * modules they import, which the package therefore ships as .ts beside dist/. So this process holds
 * two copies of some modules (dist's or tsx's, and those vitest loaded for the globalSetup), and no
 * state is shared through them: the configuration crosses as process.env (exportConfig), the target
 * reaches the workers by provide/inject (globalSetup and workers both load the TS copy), results
 * come back as task meta (plain data), and a KitError is told by its name and code, not instanceof.
 * Package files are found from this file's place (PACKAGE_ROOT, the same depth in src/kit and
 * dist/kit); reports, ledgers, .env and baseline files from the user's working directory.
 */
import { readFileSync, rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runClient } from '../kit/client.ts';
import { loadConfig, loadDotenv, variableText, VARIABLES, type Config, type ConfigFlags } from './config.ts';
import { runPlan, type RunPlan } from '../shared/concurrency.ts';
import { KitError, isKitError } from '../shared/errors.ts';
import { interruptHandler } from './interrupt.ts';
import { moduleCacheDir } from '../shared/module-cache.ts';
import { preflight } from './preflight.ts';
import { makeSecretsDir } from './secrets-dir.ts';
import { loadVitestNode } from './vitest-node.ts';
import { SecretSet } from '../shared/redact.ts';
import {
  ENV,
  exportRunPlan,
  noteRequests,
  readSecretsFile,
  readThrottleFile,
  setupFailure,
  takeRunSlot,
  throttleFileLog,
} from '../kit/channels.ts';
import { secretLearner } from '../kit/learn-secrets.ts';
import { stopWhenThrottledOut } from './throttle-stop.ts';
import { loadBaselineFile, type Baseline } from '../report/baseline.ts';
import ConformanceReporter from '../report/conformance-reporter.ts';
import { finishRun } from './finish-run.ts';
import { shardDurations } from './merged-shards.ts';
import ProgressReporter from '../report/progress-reporter.ts';
import type { Summary } from '../report/summary.ts';
import { checkSelection } from './selection.ts';
import { clearEarlierRun, prepareReportsDir } from './reports-dir.ts';
import { noColourUnlessTerminal } from './no-colour.ts';

export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function kitVersion(): string {
  return (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

export interface CertifyOptions {
  flags?: ConfigFlags;
  env?: NodeJS.ProcessEnv;
  /** Suite file filters (vitest CLI filters), e.g. ['suites/broadcast-messages']. */
  filters?: string[];
  /** Suite folders to run, e.g. ['users', 'pagination'] (suites/<name>/). */
  suites?: string[];
  /** Only tests whose title matches (a clause id prefix works: 'users.block'). */
  grep?: string;
  /** 'i/n': run the i-th of n shares and also write reports/blob/ for --merge-reports. */
  shard?: string;
  /** A folder of shard blobs: build the whole run's reports from them, run nothing. */
  mergeReports?: string;
  /** Only the verdict and errors on the console (as flags.quiet, CONFORMANCE_QUIET=1 or --quiet): no progress, no failure blocks. */
  quiet?: boolean;
  /** Console progress: 'lines' (a line per suite file, the default), or vitest's 'dot' / 'verbose'. */
  progress?: 'lines' | 'dot' | 'verbose';
}

export interface CertifyResult {
  exitCode: 0 | 1 | 2;
  summary?: Summary;
  error?: KitError;
}

/** Writes the resolved configuration back to the environment, so the globalSetup sees the same run. */
function exportConfig(config: Config, env: NodeJS.ProcessEnv): void {
  for (const key of Object.keys(VARIABLES) as (keyof Config)[]) {
    const text = variableText(config[key]);
    if (text === undefined) delete env[VARIABLES[key]];
    else env[VARIABLES[key]] = text;
  }
}

function checkShard(shard: string | undefined): void {
  if (shard === undefined) return;
  const m = /^(\d+)\/(\d+)$/.exec(shard);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) {
    throw new KitError('USAGE', `--shard must be i/n with 1 <= i <= n, e.g. 2/3 (got "${shard}")`);
  }
}

export async function certify(options: CertifyOptions = {}): Promise<CertifyResult> {
  const env = options.env ?? process.env;
  try {
    await loadDotenv();
    const config = loadConfig({ env, flags: options.quiet === undefined ? options.flags : { ...options.flags, quiet: options.quiet } });
    // The run's plan, once: its concurrency is exported with the rest of the configuration, the whole plan
    // through its own channel (vitest.config.ts, the globalSetup and, in the target, the workers read it).
    const plan = runPlan(config);
    config.concurrency = plan.requests;
    const baseline = config.baseline ? loadBaselineFile(config.baseline) : undefined;
    checkShard(options.shard);
    if (config.baseUrl && !options.mergeReports && !config.adminToken) {
      throw new KitError('ADMIN_TOKEN_MISSING', 'CONFORMANCE_ADMIN_TOKEN (or --admin-token) is required to certify a deployed target.');
    }
    // What was asked for, checked before anything runs or any report is touched.
    if (!options.mergeReports) checkSelection(PACKAGE_ROOT, options);
    prepareReportsDir(config.reportsDir);
    if (!config.baseUrl && !options.mergeReports) (await import('./reference-env.ts')).referenceOptionsChecked(process.env);
    // Every secret the run learns is noted here (mode 600) for the leak scan, and every 429 it
    // meets for the summary, then the folder is removed.
    const secretsDir = makeSecretsDir();
    process.env[ENV.secretsFile] = join(secretsDir, 'secrets');
    process.env[ENV.throttleFile] = join(secretsDir, 'throttle');
    takeRunSlot(); // what an earlier run in this process left there
    try {
      if (config.baseUrl && config.adminToken && !options.mergeReports) {
        const secrets = new SecretSet([config.adminToken]);
        await preflight(
          runClient({
            apiUrl: `${config.baseUrl}/api/v4`,
            timeoutMs: config.timeoutMs,
            maxBodyBytes: config.maxBodyBytes,
            secrets,
            // Counted into the run's provisioning phase, as the globalSetup counts its own.
            observers: [secretLearner(secrets), () => noteRequests('provisioning')],
            auth: { token: config.adminToken },
            throttle: {
              maxWaitMs: config.throttleMaxWaitMs,
              requestsPerSecond: config.maxRps,
              log: throttleFileLog(process.env[ENV.throttleFile]),
            },
          }),
        );
      }
      exportConfig(config, process.env);
      exportRunPlan(plan, process.env);
      const restoreColours = noColourUnlessTerminal(process.stdout, process.env);
      try {
        return await runSuites(config, plan, options, baseline);
      } finally {
        restoreColours();
      }
    } finally {
      delete process.env[ENV.runPlan];
      delete process.env[ENV.secretsFile];
      delete process.env[ENV.throttleFile];
      rmSync(secretsDir, { recursive: true, force: true });
    }
  } catch (e) {
    if (isKitError(e)) return { exitCode: 2, error: e };
    throw e;
  }
}

async function runSuites(config: Config, plan: RunPlan, options: CertifyOptions, baseline: Baseline | undefined): Promise<CertifyResult> {
  const { startVitest } = await loadVitestNode();
  const { AllureReporter } = await import('../report/allure-reporter.ts');
  const reportsDir = resolve(config.reportsDir);
  let summary: Summary | undefined;
  const reporter = new ConformanceReporter({
    target: config.baseUrl ?? 'bundled reference server (in-process)',
    kitVersion: kitVersion(),
    seed: config.seed,
    secrets: config.adminToken ? [config.adminToken] : [],
    onSummary: (s: Summary) => {
      summary = s;
    },
    baseline,
  });
  const interrupt = interruptHandler();
  const blob: ['blob', { outputFile: string }] | undefined = options.shard
    ? ['blob', { outputFile: join(reportsDir, 'blob', `blob-${options.shard.replace('/', '-of-')}.json`) }]
    : undefined;
  const filters = [...(options.filters ?? []), ...(options.suites ?? []).map((s) => `suites/${s.replace(/^suites\//, '')}`)];
  let setupError: unknown;
  process.env[ENV.allure] = '1'; // the workers label and attach for the allure reporter below
  const cacheDir = moduleCacheDir(PACKAGE_ROOT);
  // The leak scan reads what this run writes (a file system may keep times to the second or two).
  const writtenSince = Date.now() - 2000;
  // Nothing of an earlier run beside this run's reports (allure-results: its results would show as retries of this run's tests).
  // reproduce/ (the bodies the reproducers read: kit/curl.ts) is the shards' own when merging their reports.
  clearEarlierRun(reportsDir, options.mergeReports ? ['reproduce'] : []);
  const vitest = await startVitest(
    'test',
    filters,
    {
      root: PACKAGE_ROOT,
      ...(cacheDir ? { experimental: { fsModuleCache: true, fsModuleCachePath: cacheDir } } : {}),
      config: join(PACKAGE_ROOT, 'vitest.config.ts'),
      project: ['suites'],
      // The run's concurrency spread over a few workers, each running a side-by-side file's tests at once (vitest.config.ts).
      maxWorkers: plan.workers,
      watch: false,
      run: true,
      testNamePattern: options.grep,
      shard: options.shard,
      mergeReports: options.mergeReports ? resolve(options.mergeReports) : undefined,
      reporters: [
        ...(config.quiet ? [] : [!options.progress || options.progress === 'lines' ? new ProgressReporter() : options.progress]),
        ['junit', { outputFile: join(reportsDir, 'junit.xml') }],
        new AllureReporter({ resultsDir: join(reportsDir, 'allure-results') }),
        ...(blob ? [blob] : []),
        reporter,
        interrupt.reporter,
        stopWhenThrottledOut(() => process.env[ENV.throttleFile]),
      ],
    },
    undefined,
    // Quiet: nothing of vitest's own output ("JUNIT report written to...", the workers' console); its errors still show.
    { stdout: quietAfterSetupFailure(config.quiet ? discard() : process.stdout), stderr: quietAfterSetupFailure(process.stderr) },
  ).catch((e: unknown) => {
    setupError = e;
    return undefined;
  });
  // A merge's own time is not the run's: the blobs hold each shard's.
  const shards = options.mergeReports ? shardDurations(resolve(options.mergeReports), vitest?.state.blobs?.executionTimes) : undefined;
  // Closing runs the globalSetup teardown: cleanup of everything the run created, interrupted or not.
  await vitest?.close();
  interrupt.dispose();
  process.exitCode = 0; // vitest sets it; the CLI decides from the result
  // The globalSetup's own KitError first: what vitest rethrows may be a later error of its own
  // (with the module cache on, one from mapping the setup module's stack).
  const slot = takeRunSlot();
  setupError = slot.setupFailure ?? setupError;
  if (setupError) {
    if (isKitError(setupError)) return { exitCode: 2, error: setupError };
    return { exitCode: 2, error: new KitError('PROVISIONING_FAILED', `The run could not start: ${(setupError as Error).message}`) };
  }
  // A process gave up on a target that kept throttling: a kit error, not the tests' failures.
  const throttling = readThrottleFile(process.env[ENV.throttleFile]);
  if (throttling.gaveUp !== undefined) return { exitCode: 2, error: new KitError('TARGET_THROTTLING', throttling.gaveUp) };
  if (!summary) {
    return { exitCode: 2, error: new KitError('PROVISIONING_FAILED', 'The run ended without results (see the errors above).') };
  }
  const secrets = [...readSecretsFile(process.env[ENV.secretsFile]), ...(config.adminToken ? [config.adminToken] : [])];
  summary = finishRun(summary, {
    reportsDir,
    cleanup: slot.cleanup,
    // Merged shards: each shard counted its own main-process requests, none of which this run sent.
    mainRequests: options.mergeReports ? undefined : slot.requests,
    // Merged shards: each shard's summary has its own count, this run met no target.
    throttled: options.mergeReports ? undefined : throttling.throttled,
    shards,
    scope: { suites: options.suites, filters: options.filters, grep: options.grep, shard: options.shard, skip: config.skip },
    har: config.har,
    kitVersion: kitVersion(),
    secrets,
    writtenSince,
    log: (text) => process.stdout.write(`${text}\n`),
    quiet: config.quiet,
  });
  return { exitCode: summary.verdict === 'pass' ? 0 : 1, summary };
}

/** A stream that drops what is written to it (a quiet run's vitest output). */
function discard(): NodeJS.WriteStream {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  return Object.assign(sink, { isTTY: false, columns: 80, rows: 24 }) as unknown as NodeJS.WriteStream;
}

/**
 * vitest's own output stream (also the workers' output and the conformance reporter's verdict),
 * silenced once the globalSetup failed: vitest would report the failure as an "Unhandled Error"
 * with a stack trace, then "No test files found"; certify says it in one line instead.
 */
function quietAfterSetupFailure(target: NodeJS.WriteStream): NodeJS.WriteStream {
  const gate = new Writable({
    // Straight through, in order with what others write to the same stream (no buffering here).
    write(chunk, encoding, done) {
      if (!setupFailure()) target.write(chunk, encoding);
      done();
    },
  });
  // vitest pipes each worker's output into this stream, and pipe() ends its destination when the
  // source ends (sparing only process.stdout and stderr): the first worker to exit would silence
  // everything after it, the verdict line included. Like stdout, this stream is never ended.
  Object.assign(gate, { end: () => gate });
  return Object.assign(gate, { isTTY: target.isTTY, columns: target.columns, rows: target.rows }) as unknown as NodeJS.WriteStream;
}
