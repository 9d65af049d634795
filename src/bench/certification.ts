/**
 * Measurement 4: the kit's full certification of the reference, timed from both sides. The
 * reference runs in a child process that times its requests (server-timing.ts); the kit runs as
 * `conformance certify --base-url` in another. Reported: requests the server answered, wall
 * time, requests per second, and the split of the wall time between waiting on the server (the
 * server busy with at least one request) and the kit (everything else: start-up, test logic,
 * checks, reports), with CPU times of both as a second view and the least kit share those CPU
 * times allow on this machine's cores. A second run of a single test then shows how much of the
 * kit's time is its fixed start-up and teardown. Target: the kit adds less than the server, i.e.
 * its share of the wall time is at most 50%. With `latencyMs` (measurement 6) the reference
 * answers each request that much later, as a deployed server would, and there is no target.
 *
 *   const m = await certificationRun({ reportsDir: 'reports', log: console.log });
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild } from './children.ts';
import { judge, round, type Measurement } from './measurement.ts';
import { childrenCpuMs } from './process-cpu.ts';

export interface CertificationOptions {
  /** The bench's reports folder; the run's own reports go to <reportsDir>/bench-certification/. */
  reportsDir: string;
  /** Suite filters (all suites when empty). */
  filters?: string[];
  /**
   * The reference answers each request this many ms late (a stand-in for a deployed server's
   * network and processing time): an informational row, without the fixed-cost run.
   */
  latencyMs?: number;
  log: (line: string) => void;
}

const BIN = fileURLToPath(new URL('../../bin/conformance.js', import.meta.url));
const LDAP_USER = 'bench-ldap';
/** The single test of the fixed-cost run (a clause id prefix). */
const ONE_TEST = 'users.block.status';

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

/**
 * The least kit share these CPU times allow on this many cores, with kit and server overlapping
 * perfectly: the run cannot take less wall time than their CPU time spread over the cores, nor
 * less than the server's busy time, and whatever the server is not busy for is the kit's.
 *
 *   kitShareFloor(14_400, 3_100, 3_100, 2)   // 64.6 (%): wall >= 8.75 s, server busy 3.1 s of it
 */
export function kitShareFloor(kitCpuMs: number, serverCpuMs: number, serverBusyMs: number, cores: number): number {
  const minWallMs = Math.max((kitCpuMs + serverCpuMs) / Math.max(1, cores), serverBusyMs);
  return minWallMs <= 0 ? 0 : round(100 * (1 - serverBusyMs / minWallMs), 1);
}

/** The same certification for one test: the kit's fixed start-up and teardown. */
async function oneTestRun(
  o: CertificationOptions,
  url: string,
  env: Record<string, string>,
  outDir: string,
  cpuBefore: number | undefined,
  busyBefore: number,
  stats: () => Promise<Record<string, unknown>>,
) {
  o.log(`\n  fixed cost: the same run for one test (--grep ${ONE_TEST})`);
  const started = performance.now();
  const exitCode = await runCertify(
    ['--base-url', url, '--progress', 'dot', '--reports-dir', join(outDir, 'one-test'), '--grep', ONE_TEST],
    env,
  );
  const wallMs = performance.now() - started;
  const cpuMs = cpuBefore === undefined ? undefined : childrenCpuMs()! - cpuBefore;
  const serverBusyMs = ((await stats()).busyMs as number) - busyBefore;
  return {
    grep: ONE_TEST,
    exitCode,
    wallMs: round(wallMs),
    kitCpuMs: cpuMs === undefined ? null : round(cpuMs),
    serverBusyMs: round(serverBusyMs),
  };
}

export async function certificationRun(o: CertificationOptions): Promise<Measurement> {
  const token = `bench-${randomBytes(18).toString('base64url')}`;
  const latency = o.latencyMs ?? 0;
  const ref = await startChild('reference-child.ts', {
    ...REFERENCE_ENV,
    REFERENCE_ADMIN_TOKEN: token,
    BENCH_LATENCY_MS: String(latency),
    BENCH_TIME_REQUESTS: '1',
  });
  const outDir = join(o.reportsDir, latency ? 'bench-certification-latency' : 'bench-certification');
  try {
    const before = await ref.ask('stats');
    const cpuBefore = childrenCpuMs();
    const started = performance.now();
    o.log(`  conformance certify --base-url ${ref.ready.url} (reports in ${outDir})`);
    const env = { CONFORMANCE_ADMIN_TOKEN: token, CONFORMANCE_LDAP_BLOCKED_USER: LDAP_USER };
    const exitCode = await runCertify(
      ['--base-url', ref.ready.url, '--progress', 'dot', '--reports-dir', outDir, ...(o.filters ?? [])],
      env,
    );
    const wallMs = performance.now() - started;
    const cpuAfter = childrenCpuMs();
    const after = await ref.ask('stats');

    const one = latency
      ? undefined
      : await oneTestRun(o, ref.ready.url as string, env, outDir, cpuAfter, after.busyMs as number, () => ref.ask('stats'));

    const requests = (after.requests as number) - (before.requests as number);
    const serverMs = (after.busyMs as number) - (before.busyMs as number);
    const serverSumMs = (after.sumMs as number) - (before.sumMs as number);
    const serverCpuMs = (after.cpuMs as number) - (before.cpuMs as number);
    const kitCpuMs = cpuBefore === undefined || cpuAfter === undefined ? null : cpuAfter - cpuBefore;
    const kitMs = wallMs - serverMs;
    const floor = kitCpuMs === null || latency ? null : kitShareFloor(kitCpuMs, serverCpuMs, serverMs, cpus().length);
    const summaryFile = join(outDir, 'summary.json');
    const summary = existsSync(summaryFile)
      ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as { verdict: string; requests: number; totals: Record<string, number> })
      : undefined;
    const verdict = exitCode === 0 ? 'pass' : `exit ${exitCode}`;
    const m = judge({
      id: latency ? 'certification-latency' : 'certification',
      title: latency
        ? `Full certification, reference answering ${latency} ms late: kit share`
        : 'Full certification of the reference: kit share of the wall time',
      value: round((100 * kitMs) / wallMs, 1),
      unit: '%',
      target: latency ? null : { op: '<=', value: 50 },
      summary:
        `${verdict}; ${requests} requests in ${round(wallMs / 1000, 1)} s = ${round(requests / (wallMs / 1000), 1)} req/s; ` +
        `server busy ${round(serverMs / 1000, 1)} s, kit ${round(kitMs / 1000, 1)} s; CPU: kit ${kitCpuMs === null ? '?' : round(kitCpuMs / 1000, 1)} s, server ${round(serverCpuMs / 1000, 1)} s` +
        (kitCpuMs === null || requests === 0
          ? ''
          : `; per request kit ${round(kitCpuMs / requests, 2)} ms, server ${round(serverCpuMs / requests, 2)} ms`) +
        (floor === null ? '; ' : ` (so at least ${floor}% on ${cpus().length} cores, however well the two overlap); `) +
        (one
          ? `a run of one test takes ${round(one.wallMs / 1000, 1)} s (kit start-up and teardown)`
          : `every answer ${latency} ms late, as a deployed server's (no target)`),
      details: {
        exitCode,
        verdict: summary?.verdict ?? null,
        totals: summary?.totals ?? null,
        testRequests: summary?.requests ?? null,
        requests,
        wallMs: round(wallMs),
        requestsPerSec: round(requests / (wallMs / 1000), 1),
        serverBusyMs: round(serverMs),
        serverRequestTimeSumMs: round(serverSumMs),
        kitMs: round(kitMs),
        kitCpuMs: kitCpuMs === null ? null : round(kitCpuMs),
        serverCpuMs: round(serverCpuMs),
        kitShareFloorPct: floor,
        cpus: cpus().length,
        reports: outDir,
        kitCpuMsPerRequest: kitCpuMs === null || requests === 0 ? null : round(kitCpuMs / requests, 3),
        serverCpuMsPerRequest: requests === 0 ? null : round(serverCpuMs / requests, 3),
        latencyMs: latency,
        oneTestRun: one ?? null,
      },
    });
    // A certification that fails is no measurement of a healthy run: it cannot pass.
    return exitCode === 0 ? m : { ...m, status: 'miss' };
  } finally {
    await ref.stop();
  }
}
