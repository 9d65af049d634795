/**
 * Measurements 4, 6 and 7: the kit's full certification, timed as users feel it. 4: against a
 * reference child that answers each request `latencyMs` late (a deployed server's network and
 * processing), at the kit's deployed concurrency (passed explicitly: the child is on loopback,
 * where the kit's default would be the bundled one); 7: the kit's CPU per request in that run
 * (the server is another process, so the certify child's CPU is the kit's alone); 6: the
 * in-process certification (`conformance certify` without a base URL). The lines themselves are
 * built in certification-lines.ts.
 *
 *   const [deployed, kitCpu] = await deployedCertification({ reportsDir: 'reports', latencyMs: 50, log: console.log });
 *   const inProcess = await inProcessCertification({ reportsDir: 'reports', log: console.log });
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLED_CONCURRENCY, DEFAULT_CONCURRENCY } from '../shared/concurrency.ts';
import { deployedLine, inProcessLine, kitCpuLine, type CertificationNumbers } from './certification-lines.ts';
import { startChild } from './children.ts';
import type { Measurement } from './measurement.ts';
import { childrenCpuMs } from './process-cpu.ts';

export interface CertificationOptions {
  /** The bench's reports folder; each run's own reports go to a folder under it. */
  reportsDir: string;
  /** Suite filters (all suites when empty). */
  filters?: string[];
  log: (line: string) => void;
}

const BIN = fileURLToPath(new URL('../../bin/conformance.js', import.meta.url));
const LDAP_USER = 'bench-ldap';

/** The reference as the in-process certification starts it: optional features on, users the API cannot make seeded. */
const REFERENCE_ENV = {
  REFERENCE_FAULTS: '',
  REFERENCE_SEED_GENERATED_USERS: '0',
  REFERENCE_VARIABLES_SCOPE_FILTER: '1',
  REFERENCE_DEPENDENCY_FIXTURE: '1',
  REFERENCE_SEED_LDAP_BLOCKED: LDAP_USER,
  REFERENCE_SEED_ACTIVITY: 'bench-seen-3d:3,bench-seen-40d:40',
};

function runCertify(args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'certify', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** A timed certify run, with the requests its summary.json counted. */
async function timedCertify(
  o: CertificationOptions,
  outDir: string,
  concurrency: number,
  args: string[],
  env: Record<string, string>,
): Promise<CertificationNumbers> {
  o.log(`  conformance certify ${args.join(' ')} --concurrency ${concurrency} (reports in ${outDir})`);
  const started = performance.now();
  const exitCode = await runCertify(
    [...args, '--concurrency', String(concurrency), '--progress', 'dot', '--reports-dir', outDir, ...(o.filters ?? [])],
    env,
  );
  const wallMs = performance.now() - started;
  const file = join(outDir, 'summary.json');
  const summary = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { requests?: number; requestsByPhase?: Record<string, number> })
    : undefined;
  return {
    exitCode,
    wallMs,
    requests: summary?.requests ?? null,
    requestsByPhase: summary?.requestsByPhase ?? null,
    concurrency,
    reports: outDir,
  };
}

/** Measurements 4 and 7: the certification of a reference child answering each request `latencyMs` late. */
export async function deployedCertification(o: CertificationOptions & { latencyMs: number }): Promise<[Measurement, Measurement]> {
  const token = `bench-${randomBytes(18).toString('base64url')}`;
  const ref = await startChild('reference-child.ts', {
    ...REFERENCE_ENV,
    REFERENCE_ADMIN_TOKEN: token,
    BENCH_LATENCY_MS: String(o.latencyMs),
    BENCH_TIME_REQUESTS: '1',
  });
  try {
    const before = await ref.ask('stats');
    const cpuBefore = childrenCpuMs();
    const run = await timedCertify(o, join(o.reportsDir, 'bench-certification'), DEFAULT_CONCURRENCY, ['--base-url', ref.ready.url], {
      CONFORMANCE_ADMIN_TOKEN: token,
      CONFORMANCE_LDAP_BLOCKED_USER: LDAP_USER,
    });
    const cpuAfter = childrenCpuMs();
    const after = await ref.ask('stats');
    const numbers = {
      ...run,
      latencyMs: o.latencyMs,
      serverRequests: (after.requests as number) - (before.requests as number),
      kitCpuMs: cpuBefore === undefined || cpuAfter === undefined ? null : cpuAfter - cpuBefore,
    };
    return [deployedLine(numbers), kitCpuLine(numbers)];
  } finally {
    await ref.stop();
  }
}

/** Measurement 6: `conformance certify` against the bundled reference, in its own process, at the bundled concurrency. */
export async function inProcessCertification(o: CertificationOptions): Promise<Measurement> {
  // Empty: unset for the kit, so that no base URL from the environment turns this into a remote run.
  const env = { CONFORMANCE_BASE_URL: '', CONFORMANCE_ADMIN_TOKEN: '' };
  return inProcessLine(await timedCertify(o, join(o.reportsDir, 'bench-certification-in-process'), BUNDLED_CONCURRENCY, [], env));
}
