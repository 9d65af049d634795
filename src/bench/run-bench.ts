/**
 * runBench(): every measurement of issues 11, 21 and 30 in one run, servers in child processes, the
 * load generator here. Writes <reportsDir>/bench.json and returns the report; the verdict is 'pass'
 * when every measurement with a target (or a regression guard) meets it.
 *
 *   const report = await runBench({ users: 100_000, durationSec: 3, log: console.log });
 *   report.verdict; report.measurements[0].value
 *   await runBench({ users: 200, durationSec: 1, rounds: 1, samples: 20, certification: false }); // tiny
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { KitError } from '../shared/errors.ts';
import { deployedCertification, inProcessCertification } from './certification.ts';
import { startChild } from './children.ts';
import { createsPerSecond } from './creates.ts';
import { deepPageLatency } from './deep-page.ts';
import type { Measurement } from './measurement.ts';
import { peakMemory } from './memory.ts';
import { measureObserveScale } from './observe-scale.ts';
import { measureResets } from './reset-line.ts';
import { measureServeStartup } from './serve-startup.ts';
import { listThroughput } from './throughput.ts';

export interface BenchOptions {
  /** Where bench.json goes; default CONFORMANCE_REPORTS_DIR or reports. */
  reportsDir?: string;
  /** Generated users on the large reference (measurements 1, 3, 5), default 100,000. */
  users?: number;
  /** Seconds of each load run, default 3. */
  durationSec?: number;
  /** Rounds of reference and bare server side by side (measurement 1), default 5. */
  rounds?: number;
  /** Connections of the load generator, default 10. */
  connections?: number;
  /** Timed requests per page (measurement 3), default 500. */
  samples?: number;
  /** Run the certifications (measurements 4, 6 and 7), default true; or suite filters to certify only those. */
  certification?: boolean | string[];
  /** Measurement 4: the reference child answers each request this many ms late, default 50 (the target of 60 s is set for 50). */
  latencyMs?: number;
  /** Progress lines, default console.log. */
  log?: (line: string) => void;
}

export interface BenchReport {
  verdict: 'pass' | 'miss';
  startedAt: string;
  durationMs: number;
  machine: { cpus: number; loadavg: number[]; node: string; platform: string };
  options: Required<Omit<BenchOptions, 'log' | 'reportsDir'>>;
  measurements: Measurement[];
}

function whole(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) throw new KitError('USAGE', `bench: ${name} must be a whole number >= ${min}, got ${value}`);
  return value;
}

export function benchOptions(o: BenchOptions): BenchReport['options'] {
  const durationSec = o.durationSec ?? 3;
  if (!(durationSec > 0 && durationSec <= 600))
    throw new KitError('USAGE', `bench: duration must be a number of seconds in (0, 600], got ${durationSec}`);
  return {
    users: whole('users', o.users ?? 100_000, 20),
    durationSec,
    rounds: whole('rounds', o.rounds ?? 5, 1),
    connections: whole('connections', o.connections ?? 10, 1),
    samples: whole('samples', o.samples ?? 500, 5),
    certification: o.certification ?? true,
    latencyMs: whole('latency', o.latencyMs ?? 50, 0),
  };
}

export async function runBench(options: BenchOptions = {}): Promise<BenchReport> {
  const o = benchOptions(options);
  const log = options.log ?? ((line: string) => console.log(line));
  const reportsDir = resolve(options.reportsDir ?? (process.env.CONFORMANCE_REPORTS_DIR?.trim() || 'reports'));
  const startedAt = new Date();
  const started = performance.now();
  const measurements: Measurement[] = [];
  const token = `bench-${randomBytes(18).toString('base64url')}`;
  const env = { REFERENCE_ADMIN_TOKEN: token, REFERENCE_FAULTS: '', REFERENCE_LARGE_COLLECTIONS: '0' };

  log(`[bench] starting a reference with ${o.users} generated users (child process)`);
  const big = await startChild('reference-child.ts', { ...env, REFERENCE_SEED_GENERATED_USERS: String(o.users) });
  let throughput: Measurement;
  let deep: Measurement;
  let memory: Measurement;
  try {
    const apiUrl = `${big.ready.url}/api/v4`;
    log(`[bench] seeded in ${(big.ready.seedMs / 1000).toFixed(1)} s; 3. deep page against first page`);
    deep = await deepPageLatency({ apiUrl, token, users: o.users, samples: o.samples, log });
    log('[bench] 1. list throughput: reference against a bare node:http replay');
    throughput = await listThroughput({ apiUrl, token, connections: o.connections, durationSec: o.durationSec, rounds: o.rounds, log });
    log('[bench] 5. peak memory');
    memory = peakMemory(await big.ask('stats'), o.users, big.ready.seedMs as number);
  } finally {
    await big.stop();
  }
  measurements.push(throughput);

  log('[bench] 2. creates per second (a fresh reference)');
  const fresh = await startChild('reference-child.ts', { ...env, REFERENCE_SEED_GENERATED_USERS: '0' });
  try {
    measurements.push(
      await createsPerSecond({ apiUrl: `${fresh.ready.url}/api/v4`, token, connections: o.connections, durationSec: o.durationSec, log }),
    );
  } finally {
    await fresh.stop();
  }
  measurements.push(deep);

  if (o.certification === false) measurements.push(memory);
  else {
    const filters = Array.isArray(o.certification) ? o.certification : [];
    log(`[bench] 4. full certification of a reference answering each request ${o.latencyMs} ms late (7. the kit's CPU per request)`);
    const [deployed, kitCpu] = await deployedCertification({ reportsDir, filters, latencyMs: o.latencyMs, log });
    log('[bench] 6. full certification of the in-process reference');
    const inProcess = await inProcessCertification({ reportsDir, filters, log });
    measurements.push(deployed, memory, inProcess, kitCpu);
  }

  log('[bench] 8. reference reset (sample seed data, in this process)');
  measurements.push(await measureResets());
  log('[bench] 9. conformance serve start-up to its first answer');
  measurements.push(await measureServeStartup());
  log(`[bench] 10-12. conformance observe against a plain pass-through proxy at 50 connections (${o.rounds} rounds)`);
  measurements.push(...(await measureObserveScale({ durationSec: o.durationSec, rounds: o.rounds, exchanges: o.samples * 400, log })));

  const report: BenchReport = {
    verdict: measurements.every((m) => m.status !== 'miss') ? 'pass' : 'miss',
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    machine: { cpus: cpus().length, loadavg: loadavg(), node: process.version, platform: process.platform },
    options: o,
    measurements,
  };
  mkdirSync(reportsDir, { recursive: true });
  writeFileSync(join(reportsDir, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  return report;
}
