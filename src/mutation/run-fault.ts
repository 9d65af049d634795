/**
 * Runs one certification of the bundled reference in a child process, optionally with faults
 * switched on, and returns its exit code, summary and output. Used by the self-tests and the
 * mutation runner.
 *
 *   const run = await runCertification({ faults: ['status.create-200'], filters: ['broadcast-messages'] });
 *   run.exitCode  // 1: the kit caught it
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../run/certify.ts';
import type { Summary } from '../report/summary.ts';

export interface CertificationRun {
  exitCode: number;
  /** The run's summary.json, when it wrote one. */
  summary?: Summary;
  stdout: string;
  stderr: string;
  reportsDir: string;
  /** Set when the child outlived `killAfterMs` and was killed. */
  killed?: boolean;
  durationMs?: number;
}

/** The environment of a child run: this one's, without vitest's own variables. */
export function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const k of Object.keys(env)) if (k.startsWith('VITEST') || k === 'NODE_ENV' || k === 'TEST') delete env[k];
  return env;
}

/** Runs node with these arguments in the package root; resolves with the exit code and all output. */
export function runNode(args: string[], extra: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: PACKAGE_ROOT, env: childEnv(extra), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

/** Every file below a folder (reports include allure-results/). */
export function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesBelow(p) : [p];
  });
}

/** Reports folders of the child runs made by this process, removed by removeRunFolders(). */
const runFolders = new Set<string>();

/** A new temporary folder, removed with the run folders by removeRunFolders(). */
export function tempFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  runFolders.add(dir);
  return dir;
}

/** Removes the reports folders of every child run so far, and the temp folders (call it in afterAll). */
export function removeRunFolders(): void {
  for (const dir of runFolders) rmSync(dir, { recursive: true, force: true });
  runFolders.clear();
}

export function runCertification(
  o: { faults?: string[]; filters?: string[]; args?: string[]; env?: Record<string, string>; killAfterMs?: number } = {},
): Promise<CertificationRun> {
  const reportsDir = tempFolder('cfk-self-');
  const env = childEnv({ CONFORMANCE_REPORTS_DIR: reportsDir, REFERENCE_FAULTS: (o.faults ?? []).join(','), ...o.env });
  // A child certifies the bundled reference unless told otherwise.
  if (!o.env?.CONFORMANCE_BASE_URL) delete env.CONFORMANCE_BASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(PACKAGE_ROOT, 'bin/conformance.js'), 'certify', '--progress', 'dot', ...(o.args ?? []), ...(o.filters ?? [])],
      {
        cwd: PACKAGE_ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group: a run past its bound is killed whole, workers included (they hold its output pipes open).
        detached: o.killAfterMs !== undefined,
      },
    );
    let stdout = '';
    let stderr = '';
    const started = Date.now();
    let killed = false;
    // A bound on the run, for tests of runs that must end on their own.
    const timer =
      o.killAfterMs === undefined
        ? undefined
        : setTimeout(() => {
            killed = true;
            try {
              process.kill(-child.pid!, 'SIGKILL');
            } catch {
              child.kill('SIGKILL');
            }
          }, o.killAfterMs);
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const file = join(reportsDir, 'summary.json');
      const summary = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
      resolve({ exitCode: code ?? -1, summary, stdout, stderr, reportsDir, killed, durationMs: Date.now() - started });
    });
  });
}
