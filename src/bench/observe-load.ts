/**
 * The saturation load of observe's bench lines: autocannon against a proxy at fixed connections,
 * every answer's own time kept (autocannon's histogram rounds to whole milliseconds; the target is
 * 1 ms), so that p50 and p99 are exact. Every answer must be 200. A steady rate: paced-load.ts.
 *
 *   const r = await proxyLoad({ url, headers, connections: 50, durationSec: 5 });
 *   r.rps; r.p50Ms; r.p99Ms
 */
import autocannon from 'autocannon';
import { KitError } from '../shared/errors.ts';

export interface ProxyLoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSec: number;
}

export interface ProxyLoadResult {
  total: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

/** The q-quantile of sorted values (nearest rank). */
export function quantile(sorted: Float64Array, q: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export async function proxyLoad(o: ProxyLoadOptions): Promise<ProxyLoadResult> {
  let times = new Float64Array(1 << 16);
  let n = 0;
  const run = autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.durationSec,
    timeout: 30,
    headers: o.headers,
  });
  run.on('response', (_client, _status, _bytes, ms) => {
    if (n === times.length) {
      const more = new Float64Array(times.length * 2);
      more.set(times);
      times = more;
    }
    times[n++] = ms;
  });
  const result = await run;
  const wrong = Object.entries(result.statusCodeStats).filter(([code]) => code !== '200');
  if (wrong.length || result.errors)
    throw new KitError(
      'BENCH_FAILED',
      `load on ${o.url}: expected only 200, got ${wrong.map(([c, s]) => `${s.count} x ${c}`).join(', ') || 'none other'}; ${result.errors} error(s)`,
    );
  const sorted = times.slice(0, n).sort();
  return {
    total: result.requests.total,
    rps: result.requests.total / result.duration,
    p50Ms: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
  };
}
