/**
 * certify(): one certification run, programmatically. Reads the configuration (flags over env),
 * checks a deployed target before anything else, runs the suites with vitest against it (or the
 * bundled reference), writes the reports and answers the exit code: 0 all pass, 1 failures,
 * 2 kit or configuration error.
 *
 *   const { exitCode, summary } = await certify({ flags: { baseUrl: 'http://127.0.0.1:4010' } });
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiClient } from './client.ts';
import { loadConfig, loadDotenv, VARIABLES, type Config, type ConfigFlags } from './config.ts';
import { KitError, isKitError } from './errors.ts';
import { preflight } from './preflight.ts';
import { SecretSet } from './redact.ts';
import ConformanceReporter from '../report/conformance-reporter.ts';
import ProgressReporter from '../report/progress-reporter.ts';
import type { Summary } from '../report/summary.ts';
import { parseBaseline, type Baseline } from '../report/baseline.ts';
import { CLAUSES } from './clauses.ts';
import { renderMarkdown } from '../report/markdown.ts';
import { readSecretsFile, scanForSecrets, type Leak } from './secret-scan.ts';

export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function kitVersion(): string {
  return (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

export interface CertifyOptions {
  flags?: ConfigFlags;
  env?: NodeJS.ProcessEnv;
  /** Suite file filters (vitest CLI filters), e.g. ['broadcast-messages']. */
  filters?: string[];
  /** Console progress: 'lines' (a line per suite file with counts and time, the default), or vitest's 'dot' / 'verbose'. */
  progress?: 'lines' | 'dot' | 'verbose';
}

export interface CertifyResult {
  exitCode: 0 | 1 | 2;
  summary?: Summary;
  error?: KitError;
}

/** Writes the resolved configuration back to the environment, so the globalSetup sees the same run. */
function exportConfig(config: Config, env: NodeJS.ProcessEnv): void {
  const set = (key: keyof Config, value: unknown) => {
    if (value === undefined) delete env[VARIABLES[key]];
    else env[VARIABLES[key]] = Array.isArray(value) ? value.join(',') : typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  };
  for (const key of Object.keys(VARIABLES) as (keyof Config)[]) set(key, config[key]);
}

export async function certify(options: CertifyOptions = {}): Promise<CertifyResult> {
  const env = options.env ?? process.env;
  try {
    await loadDotenv();
    const config = loadConfig({ env, flags: options.flags });
    const baseline = config.baseline ? loadBaselineFile(config.baseline) : undefined;
    if (config.baseUrl) {
      if (!config.adminToken) {
        throw new KitError('ADMIN_TOKEN_MISSING', 'CONFORMANCE_ADMIN_TOKEN (or --admin-token) is required to certify a deployed target.');
      }
      const secrets = new SecretSet([config.adminToken]);
      await preflight(new ApiClient({
        apiUrl: `${config.baseUrl}/api/v4`, timeoutMs: config.timeoutMs, maxBodyBytes: config.maxBodyBytes,
        secrets, auth: { token: config.adminToken },
      }));
    }
    exportConfig(config, process.env);
    // Every secret the run learns is noted here (mode 600) for the leak scan, then removed.
    const secretsDir = mkdtempSync(join(tmpdir(), 'cfk-secrets-'));
    process.env.CONFORMANCE_SECRETS_FILE = join(secretsDir, 'secrets');
    try {
      return await runSuites(config, options, baseline);
    } finally {
      delete process.env.CONFORMANCE_SECRETS_FILE;
      rmSync(secretsDir, { recursive: true, force: true });
    }
  } catch (e) {
    if (isKitError(e)) return { exitCode: 2, error: e };
    throw e;
  }
}

/**
 * SIGINT/SIGTERM during a run: the first cancels the run (tests stop, then cleanup runs as at any
 * end); a second one exits at once.
 */
function interruptHandler(): { reporter: { onInit(v: { cancelCurrentRun(reason: 'keyboard-input'): Promise<void> }): void }; dispose(): void } {
  let cancel: (() => void) | undefined;
  let count = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    count += 1;
    if (count > 1) process.exit(130);
    console.error(`\nconformance: ${signal}: stopping the run and cleaning up what it created (again to quit at once)`);
    cancel?.();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    reporter: {
      onInit(v) {
        cancel = () => { void v.cancelCurrentRun('keyboard-input'); };
        // vitest's own handlers exit the process at once, before cleanup: the run's handler decides.
        for (const sig of ['SIGINT', 'SIGTERM'] as const) {
          for (const l of process.listeners(sig)) if (l !== onSignal) process.off(sig, l);
        }
      },
    },
    dispose() { process.off('SIGINT', onSignal); process.off('SIGTERM', onSignal); },
  };
}

function loadBaselineFile(path: string): Baseline {
  let text: string;
  try { text = readFileSync(resolve(path), 'utf8'); } catch (e) {
    throw new KitError('CONFIG_INVALID', `CONFORMANCE_BASELINE: cannot read ${path}: ${(e as Error).message}`);
  }
  try {
    return parseBaseline(text, path, new Set(CLAUSES.map((c) => c.id)));
  } catch (e) {
    throw new KitError('CONFIG_INVALID', `CONFORMANCE_BASELINE: ${(e as Error).message}`);
  }
}

async function runSuites(config: Config, options: CertifyOptions, baseline: Baseline | undefined): Promise<CertifyResult> {
  const { startVitest } = await import('vitest/node');
  const reportsDir = resolve(config.reportsDir);
  let summary: Summary | undefined;
  const reporter = new ConformanceReporter({
    reportsDir,
    target: config.baseUrl ?? 'bundled reference server (in-process)',
    kitVersion: kitVersion(),
    seed: config.seed,
    secrets: config.adminToken ? [config.adminToken] : [],
    onSummary: (s: Summary) => { summary = s; },
    baseline,
  });
  let setupError: unknown;
  const interrupt = interruptHandler();
  const vitest = await startVitest('test', options.filters ?? [], {
    root: PACKAGE_ROOT,
    config: join(PACKAGE_ROOT, 'vitest.config.ts'),
    project: ['suites'],
    watch: false,
    run: true,
    reporters: [
      !options.progress || options.progress === 'lines' ? new ProgressReporter() : options.progress,
      ['junit', { outputFile: join(reportsDir, 'junit.xml') }],
      ['allure-vitest/reporter', { resultsDir: join(reportsDir, 'allure-results') }],
      reporter,
      interrupt.reporter,
    ],
  }).catch((e: unknown) => { setupError = e; return undefined; });
  // Closing runs the globalSetup teardown: cleanup of everything the run created, interrupted or not.
  await vitest?.close();
  interrupt.dispose();
  process.exitCode = 0; // vitest sets it; the CLI decides from the result
  if (setupError) {
    if (isKitError(setupError)) return { exitCode: 2, error: setupError };
    return { exitCode: 2, error: new KitError('PROVISIONING_FAILED', `The run could not start: ${(setupError as Error).message}`) };
  }
  if (!summary) {
    return { exitCode: 2, error: new KitError('PROVISIONING_FAILED', 'The run ended without results (see the errors above).') };
  }
  const leaks = scanForSecrets(reportsDir, [...readSecretsFile(process.env.CONFORMANCE_SECRETS_FILE ?? ''), ...(config.adminToken ? [config.adminToken] : [])]);
  if (leaks.length) summary = reportLeaks(summary, leaks, reportsDir);
  return { exitCode: summary.verdict === 'pass' ? 0 : 1, summary };
}

/** A secret in an output file fails the run: the summary says where (the files are already redacted). */
function reportLeaks(summary: Summary, leaks: Leak[], reportsDir: string): Summary {
  const reasons = leaks.map((l) => `a secret appeared ${l.count} time(s) in ${relative(reportsDir, l.file)} (redacted in place)`);
  const out: Summary = { ...summary, verdict: 'fail', verdictReasons: [...summary.verdictReasons, ...reasons] };
  writeFileSync(join(reportsDir, 'summary.json'), `${JSON.stringify(out, null, 2)}\n`);
  writeFileSync(join(reportsDir, 'summary.md'), renderMarkdown(out));
  for (const r of reasons) console.error(`conformance: ${r}`);
  return out;
}
