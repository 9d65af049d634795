/**
 * Sequential latency: one keep-alive connection, one request at a time, each timed with the
 * high-resolution clock (autocannon's histogram rounds to whole milliseconds, too coarse for
 * sub-millisecond pages). Several paths are interleaved request by request, so a burst of noise
 * on the shared machine hits them all alike.
 *
 *   const m = await interleavedMedians(base, ['/a', '/b'], { headers, samples: 500, warmup: 50 });
 *   m['/a'].medianMs
 */
import { Agent, request } from 'undici';
import { KitError } from '../shared/errors.ts';

export interface LatencyStats {
  samples: number;
  medianMs: number;
  p90Ms: number;
  minMs: number;
}

export function summarize(durations: number[]): LatencyStats {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { samples: sorted.length, medianMs: at(0.5), p90Ms: at(0.9), minMs: sorted[0] ?? 0 };
}

export async function interleavedMedians(
  base: string,
  paths: string[],
  o: { headers: Record<string, string>; samples: number; warmup: number },
): Promise<Record<string, LatencyStats>> {
  const dispatcher = new Agent({ connections: 1, keepAliveTimeout: 60_000 });
  const times: Record<string, number[]> = Object.fromEntries(paths.map((p) => [p, []]));
  try {
    for (let i = 0; i < o.warmup + o.samples; i += 1) {
      for (const path of paths) {
        const started = performance.now();
        const res = await request(base + path, { headers: o.headers, dispatcher });
        await res.body.arrayBuffer();
        const ms = performance.now() - started;
        if (res.statusCode !== 200) throw new KitError('BENCH_FAILED', `GET ${path} answered ${res.statusCode}`);
        if (i >= o.warmup) times[path]!.push(ms);
      }
    }
  } finally {
    await dispatcher.close();
  }
  return Object.fromEntries(paths.map((p) => [p, summarize(times[p]!)]));
}
