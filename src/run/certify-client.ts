/**
 * `conformance certify-client`: a verdict for a client's own test suite. Starts the strict reference
 * on a free port of 127.0.0.1 (seeded with `data`), runs the command with CONFORMANCE_CLIENT_URL (the
 * server root) and CONFORMANCE_CLIENT_TOKEN (an administrator's token) added to its environment, its
 * stdout and stderr passed through, stops the server when the command ends, and writes the client
 * reports (client-verdict-files.ts). SIGINT/SIGTERM while it runs are passed on to the command and the
 * reports are still written. Exit 0 (PASS), 1 (FAIL); what cannot run is a KitError (exit 2).
 *
 *   const result = await certifyClient({ command: ['python3', '-m', 'pytest', 'tests'], data: 'seed.json' });
 *   result.exitCode   // 0 or 1
 *   result.line       // 'PASS: the command exited 0 and no client finding is outside the baseline; 42 requests judged'
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLAUSES } from '../spec/clauses.ts';
import { isKitError, KitError } from '../shared/errors.ts';
import { SecretSet } from '../shared/redact.ts';
import { parseBaseline, knownResources, type Baseline } from '../report/baseline.ts';
import { clientVerdict, verdictLine, type ClientFinding, type ClientVerdict, type CommandOutcome } from '../report/client-verdict.ts';
import { writeClientVerdictReports } from '../report/client-verdict-files.ts';
import { seedDataFile } from '../reference/env-options.ts';
import { startReferenceServer } from '../reference/index.ts';
import type { SeedData } from '../reference/control/seed-data.ts';
import { referenceOptionsChecked } from './reference-env.ts';
import { prepareReportsDir } from './reports-dir.ts';

/** What this command writes in the reports folder (an earlier run's are removed first, so none is left stale). */
export const CLIENT_OUTPUTS = ['client-report.json', 'client-report.md', 'junit.xml'] as const;

export interface CertifyClientOptions {
  /** The command and its arguments (run without a shell). */
  command: string[];
  /** A seed data file (serve --data's format). */
  data?: string;
  /** The reference's profile; default REFERENCE_PROFILE, else spec. */
  profile?: string;
  /** A baseline file whose client entries excuse known findings. */
  baseline?: string;
  /** Default 'reports'. */
  reportsDir?: string;
  /** The environment the command starts from (and REFERENCE_* settings are read from); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Where the command's stdout and stderr go: passed through (default), or piped to these. */
  output?: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };
  /** The kit's own lines (the server's address); default console.error. */
  log?: (line: string) => void;
  /** YYYY-MM-DD (UTC) for the baseline's dates; default today. */
  today?: string;
  /** Pass SIGINT/SIGTERM of this process on to the command (default true). */
  forwardSignals?: boolean;
}

export interface CertifyClientResult {
  exitCode: 0 | 1;
  verdict: ClientVerdict;
  /** The verdict line (PASS: ... / FAIL: ...), secrets redacted. */
  line: string;
  files: string[];
}

/** The baseline of --baseline, read and checked: unreadable is INPUT_UNREADABLE, malformed CONFIG_INVALID (exit 2, one line). */
export function readClientBaseline(path: string): Baseline {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new KitError('INPUT_UNREADABLE', `--baseline: cannot read ${path}: ${(e as Error).message}`);
  }
  try {
    return parseBaseline(text, path, new Set(CLAUSES.map((c) => c.id)), knownResources());
  } catch (e) {
    throw new KitError('CONFIG_INVALID', `--baseline: ${(e as Error).message}`);
  }
}

function readData(path: string): SeedData {
  try {
    return seedDataFile(path, '--data');
  } catch (e) {
    if (isKitError(e)) throw e;
    throw new KitError('INPUT_UNREADABLE', (e as Error).message);
  }
}

/** The secrets of this run: the administrator's token, the seeded users' tokens and passwords. */
function secretsOf(adminToken: string, data: SeedData | undefined): SecretSet {
  const users = (data?.users ?? []) as { password?: string; tokens?: { token: string }[] }[];
  return new SecretSet([adminToken, ...users.flatMap((u) => [u.password, ...(u.tokens ?? []).map((t) => t.token)])]);
}

/** Runs the command to its end; a command that cannot be started rejects with COMMAND_UNRUNNABLE. */
function runCommand(o: CertifyClientOptions, env: NodeJS.ProcessEnv, started: () => void): Promise<CommandOutcome> {
  const [file, ...args] = o.command;
  const start = Date.now();
  const child = spawn(file!, args, { env, stdio: o.output ? ['inherit', 'pipe', 'pipe'] : 'inherit' });
  if (o.output) {
    child.stdout!.pipe(o.output.stdout, { end: false });
    child.stderr!.pipe(o.output.stderr, { end: false });
  }
  let interrupted: string | undefined;
  const forward = (signal: NodeJS.Signals) => {
    interrupted = signal;
    child.kill(signal);
  };
  const forwarding = o.forwardSignals !== false;
  if (forwarding) {
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
  }
  const done = () => {
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
  };
  child.once('spawn', started);
  return new Promise<CommandOutcome>((resolve, reject) => {
    child.once('error', (e: NodeJS.ErrnoException) => {
      done();
      const why = e.code === 'ENOENT' ? 'not found' : e.code === 'EACCES' ? 'not executable' : e.message;
      reject(new KitError('COMMAND_UNRUNNABLE', `cannot start the command "${file}": ${why}`));
    });
    child.once('close', (exitCode, signal) => {
      done();
      resolve({
        argv: [...o.command],
        exitCode,
        signal,
        durationMs: Date.now() - start,
        ...(interrupted && { interrupted }),
      });
    });
  });
}

export async function certifyClient(o: CertifyClientOptions): Promise<CertifyClientResult> {
  if (!o.command.length || !o.command[0])
    throw new KitError('USAGE', 'certify-client needs a command after --: conformance certify-client -- python3 -m pytest tests');
  const env = o.env ?? process.env;
  const profile = o.profile ?? env.REFERENCE_PROFILE ?? 'spec';
  if (profile !== 'spec' && profile !== 'platform') throw new KitError('USAGE', `--profile must be spec or platform, got "${profile}"`);
  const baseline = o.baseline === undefined ? undefined : readClientBaseline(o.baseline);
  const fromEnv = referenceOptionsChecked(env);
  const data = o.data === undefined ? fromEnv.data : readData(o.data);
  const reportsDir = o.reportsDir ?? 'reports';
  prepareReportsDir(reportsDir);
  for (const name of CLIENT_OUTPUTS) rmSync(join(reportsDir, name), { force: true });
  const log = o.log ?? ((line: string) => console.error(line));
  // close() writes serve --strict's client report: to a temp folder, removed; this command writes its own.
  const strictReport = mkdtempSync(join(tmpdir(), 'certify-client-'));
  const ref = await startReferenceServer({
    ...fromEnv,
    host: '127.0.0.1',
    port: 0,
    profile,
    strict: true,
    data,
    clientReport: join(strictReport, 'client-report'),
  });
  const secrets = secretsOf(ref.adminToken, data);
  let command: CommandOutcome;
  let findings: ClientFinding[];
  let requests: Record<string, number>;
  try {
    const clientEnv = { ...env, CONFORMANCE_CLIENT_URL: ref.url, CONFORMANCE_CLIENT_TOKEN: ref.adminToken };
    command = await runCommand(o, clientEnv, () =>
      log(`certify-client: strict reference on ${ref.url} (profile ${profile}) for: ${secrets.redact(o.command.join(' '))}`),
    );
  } finally {
    findings = ref.findings();
    requests = ref.app.strictFindings?.requests() ?? {};
    await ref.close();
    rmSync(strictReport, { recursive: true, force: true });
  }
  const verdict = clientVerdict({
    command,
    findings,
    requests,
    baseline,
    today: o.today ?? new Date().toISOString().slice(0, 10),
    profile,
  });
  const files = writeClientVerdictReports(verdict, reportsDir, (s) => secrets.redact(s));
  return { exitCode: verdict.verdict === 'pass' ? 0 : 1, verdict, line: secrets.redact(verdictLine(verdict)), files };
}

/** The options of `conformance certify-client` before its `--` (parsed by the command line). */
export const CERTIFY_CLIENT_OPTIONS = {
  data: { type: 'string' },
  profile: { type: 'string' },
  baseline: { type: 'string' },
  'reports-dir': { type: 'string' },
} as const;

/** `conformance certify-client [options] -- COMMAND...`: prints the verdict and the reports; exit 0 or 1, or a KitError (exit 2). */
export async function certifyClientCommand(
  values: Record<string, string | boolean | undefined>,
  positionals: string[],
  command: string[],
): Promise<number> {
  if (positionals.length)
    throw new KitError(
      'USAGE',
      `certify-client takes its command after --, got "${positionals.join(' ')}" before it (--help lists the options)`,
    );
  const result = await certifyClient({
    command,
    data: values.data as string | undefined,
    profile: values.profile as string | undefined,
    baseline: values.baseline as string | undefined,
    reportsDir: values['reports-dir'] as string | undefined,
  });
  console.log(result.line);
  console.log(`Reports: ${result.files.join(', ')}`);
  return result.exitCode;
}
