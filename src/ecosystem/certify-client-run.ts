/**
 * The recipe proofs' run of `conformance certify-client` (docs/certify-client.md): the command line
 * in a child process, its output, and the judgement every recipe shares: PASS on the verdict line,
 * client-report.json's verdict pass with no finding, and each named operation judged at least once.
 *
 *   const run = await runCertifyClient(['--data', 'seed.json', '--reports-dir', dir, '--', GO, 'test', '.'], { cwd, env, timeoutMs });
 *   expect(run.failed, run.out).toBe(false);
 *   expectClientPass(run, dir, ['GET /users', 'POST /users']);
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/conformance.js', import.meta.url));

export interface CertifyClientRun {
  /** The command's stdout and stderr, one after the other. */
  out: string;
  /** It exited other than 0, or was killed. */
  failed: boolean;
}

/** `conformance certify-client ARGS` (everything after the subcommand), in `cwd` with `env`. */
export async function runCertifyClient(
  args: readonly string[],
  o: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<CertifyClientRun> {
  const run = await promisify(execFile)(process.execPath, [BIN, 'certify-client', ...args], {
    cwd: o.cwd,
    env: o.env,
    timeout: o.timeoutMs,
  }).catch((e: { stdout?: string; stderr?: string }) => ({ ...e, failed: true }));
  return { out: `${run.stdout ?? ''}${run.stderr ?? ''}`, failed: 'failed' in run };
}

/** The verdict is PASS with no finding, in the output and in client-report.json, and each of `operations` was judged. */
export function expectClientPass(run: CertifyClientRun, reportsDir: string, operations: readonly string[]): void {
  expect(run.failed, run.out).toBe(false);
  expect(run.out).toMatch(/^PASS: the command exited 0 and no client finding is outside the baseline; \d+ requests judged$/m);
  const report = JSON.parse(readFileSync(join(reportsDir, 'client-report.json'), 'utf8')) as {
    verdict: string;
    findings: unknown[];
    requests: Record<string, number>;
  };
  expect(report.verdict).toBe('pass');
  expect(report.findings).toEqual([]);
  for (const operation of operations) expect(report.requests[operation], operation).toBeGreaterThan(0);
}
