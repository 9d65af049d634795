/**
 * Bench line 8, the reference's reset (issue 30): one reference started with the sample seed data,
 * changed through the API (users, a group, a project, a variable), then reset N times from code
 * (`ref.reset()`), each reset timed after the changes are made again. The value is the median in ms
 * (target < 5 ms); the p95 and the reset over HTTP (`POST /-/reference/reset`, answered) stand beside
 * it. The median is judged, not the p95 or the maximum: one garbage-collection pause can exceed 5 ms
 * on its own, and what a suite pays per test is the typical reset.
 *
 *   resetLine({ codeMs: [0.8, 1.1, 0.9], httpMs: [2.1, 2.4] }).status   // 'pass': median 0.9 ms < 5
 *   const m = await measureResets({ resets: 50 });                     // starts, changes, resets, closes
 */
import { randomBytes } from 'node:crypto';
import { startReferenceServer, type RunningReference } from '../reference/index.ts';
import { SAMPLE } from '../reference/control/seed-data.sample.ts';
import { parseSeedData } from '../reference/control/seed-data.ts';
import { KitError } from '../shared/errors.ts';
import { judge, round, type Measurement } from './measurement.ts';
import { median } from './throughput.ts';

/** Target of issue 30: the median reset under this many ms. */
export const RESET_TARGET_MS = 5;

/** The nearest-rank percentile (p in (0, 100]) of the values. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Line 8 from the timings: the median of the resets from code, judged < 5 ms (a reset at exactly 5 ms misses). */
export function resetLine({ codeMs, httpMs }: { codeMs: readonly number[]; httpMs: readonly number[] }): Measurement {
  const med = round(median(codeMs), 3);
  const p95 = round(percentile(codeMs, 95), 3);
  const httpMed = httpMs.length ? round(median(httpMs), 2) : null;
  const m = judge({
    id: 'reference-reset',
    title: 'Reference reset to the seeded state (sample seed data, after changes): median',
    value: med,
    unit: 'ms',
    target: { op: '<=', value: RESET_TARGET_MS },
    summary:
      `${codeMs.length} resets from code: median ${med} ms, p95 ${p95} ms, max ${round(Math.max(...codeMs), 2)} ms (the median is judged: ` +
      `one GC pause can pass 5 ms)` +
      (httpMed === null ? '' : `; POST /-/reference/reset answered in a median ${httpMed} ms over ${httpMs.length}`),
    details: {
      resets: codeMs.length,
      medianMs: med,
      p95Ms: p95,
      maxMs: round(Math.max(...codeMs), 3),
      httpResets: httpMs.length,
      httpMedianMs: httpMed,
    },
  });
  // "under 5 ms": the target is strict.
  return m.status === 'pass' && med >= RESET_TARGET_MS ? { ...m, status: 'miss' } : m;
}

async function send(ref: RunningReference, method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${ref.url}${path}`, {
    method,
    headers: { 'private-token': ref.adminToken, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  await res.arrayBuffer();
  if (!res.ok) throw new KitError('BENCH_FAILED', `reset bench: ${method} ${path} answered ${res.status}`);
  return res;
}

/** Changes on top of the seed: what a test leaves behind. */
async function change(ref: RunningReference, i: number): Promise<void> {
  for (let u = 0; u < 3; u++)
    await send(ref, 'POST', '/api/v4/users', {
      username: `bench${i}x${u}`,
      email: `bench${i}x${u}@example.com`,
      name: 'Bench',
      password: 'bench-Passw0rd!x',
    });
  await send(ref, 'POST', '/api/v4/groups', { name: `g${i}`, path: `g${i}` });
  await send(ref, 'POST', '/api/v4/projects', { name: `p${i}`, path: `p${i}` });
  await send(ref, 'POST', `/api/v4/projects/${encodeURIComponent('acme/tools/cli')}/variables`, { key: `V${i}`, value: 'x' });
}

/** Starts a reference with the sample seed, makes changes before each reset, times `resets` resets from code and `httpResets` over HTTP. */
export async function measureResets({ resets = 50, httpResets = 20 }: { resets?: number; httpResets?: number } = {}): Promise<Measurement> {
  const ref = await startReferenceServer({
    data: parseSeedData(SAMPLE),
    adminToken: `bench-${randomBytes(18).toString('base64url')}`,
    faults: [],
  });
  try {
    const codeMs: number[] = [];
    for (let i = 0; i < resets; i++) {
      await change(ref, i);
      const started = performance.now();
      ref.reset();
      codeMs.push(performance.now() - started);
    }
    const httpMs: number[] = [];
    for (let i = 0; i < httpResets; i++) {
      await change(ref, i);
      const started = performance.now();
      await send(ref, 'POST', '/-/reference/reset');
      httpMs.push(performance.now() - started);
    }
    return resetLine({ codeMs, httpMs });
  } finally {
    await ref.close();
  }
}
