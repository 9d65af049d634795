/**
 * The load generator: autocannon (in the bench process; the servers run in child processes),
 * fixed connections and duration, answers counted by status. A run whose answers are not the
 * expected status is an error of the bench, not a slow server.
 *
 *   const r = await load({ url, headers, connections: 10, durationSec: 5 });
 *   r.rps; r.total; r.latencyP50Ms
 */
import autocannon, { type Request } from 'autocannon';
import { KitError } from '../shared/errors.ts';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  method?: string;
  connections: number;
  durationSec: number;
  /** A request sequence (e.g. with setupRequest making each body unique). */
  requests?: Request[];
  /** The status every answer must have, default 200. */
  expectStatus?: number;
}

export interface LoadResult {
  total: number;
  rps: number;
  durationSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
}

export async function load(o: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.durationSec,
    timeout: 30,
    // autocannon reads an explicit undefined as a value: give only what is set.
    ...(o.headers ? { headers: o.headers } : {}),
    ...(o.method ? { method: o.method } : {}),
    ...(o.requests ? { requests: o.requests } : {}),
  });
  const expect = String(o.expectStatus ?? 200);
  const wrong = Object.entries(result.statusCodeStats).filter(([code]) => code !== expect);
  if (wrong.length || result.errors) {
    const statuses = wrong.map(([code, s]) => `${s.count} x ${code}`).join(', ');
    throw new KitError(
      'BENCH_FAILED',
      `load on ${new URL(o.url).pathname}: expected only ${expect}, got ${statuses || 'none other'}; ${result.errors} error(s)`,
    );
  }
  return {
    total: result.requests.total,
    rps: result.requests.total / result.duration,
    durationSec: result.duration,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors,
  };
}
