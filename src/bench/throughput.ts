/**
 * Measurement 1: throughput of an authenticated paginated list on the reference against a bare
 * node:http server replaying the very bytes and headers the reference answered (captured first).
 * Both run in child processes; after a warm-up of each, they take turns (ref, bare, bare, ref, ...)
 * for the same duration, so drifts of the shared machine fall on both. The value is the median of
 * the rounds' ratios (each round pairs the two runs next to each other in time), which a burst of
 * load from other processes during one run cannot move; the ratio of the totals is kept beside it.
 * Target: at least half the bare server's requests per second.
 *
 *   const m = await listThroughput({ apiUrl, token, connections: 10, durationSec: 5, rounds: 2, log });
 */
import { captureResponse } from './capture.ts';
import { startChild } from './children.ts';
import { load, type LoadResult } from './load.ts';
import { judge, round, type Measurement } from './measurement.ts';

export const LIST_PATH = '/users?per_page=20';

export interface ThroughputOptions {
  apiUrl: string;
  token: string;
  connections: number;
  durationSec: number;
  rounds: number;
  log: (line: string) => void;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const rate = (runs: LoadResult[]) => runs.reduce((n, r) => n + r.total, 0) / runs.reduce((n, r) => n + r.durationSec, 0);

export async function listThroughput(o: ThroughputOptions): Promise<Measurement> {
  const headers = { 'private-token': o.token };
  const refUrl = o.apiUrl + LIST_PATH;
  const captured = await captureResponse(refUrl, headers);
  const bare = await startChild(
    'bare-child.ts',
    {},
    {
      type: 'replay',
      status: captured.status,
      rawHeaders: captured.rawHeaders,
      bodyBase64: captured.body.toString('base64'),
    },
  );
  try {
    const bareUrl = bare.ready.url + new URL(refUrl).pathname + new URL(refUrl).search;
    const run = (url: string, durationSec: number) => load({ url, headers, connections: o.connections, durationSec });
    o.log(`  warm-up: reference and bare server, ${Math.max(1, Math.round(o.durationSec / 2))} s each`);
    await run(refUrl, Math.max(1, Math.round(o.durationSec / 2)));
    await run(bareUrl, Math.max(1, Math.round(o.durationSec / 2)));
    const ref: LoadResult[] = [];
    const plain: LoadResult[] = [];
    for (let i = 0; i < o.rounds; i += 1) {
      const order = i % 2 === 0 ? (['ref', 'bare'] as const) : (['bare', 'ref'] as const);
      for (const which of order) {
        const r = await run(which === 'ref' ? refUrl : bareUrl, o.durationSec);
        (which === 'ref' ? ref : plain).push(r);
        o.log(
          `  round ${i + 1}/${o.rounds} ${which === 'ref' ? 'reference  ' : 'bare server'}: ${Math.round(r.rps)} req/s (p50 ${r.latencyP50Ms} ms)`,
        );
      }
    }
    const refRps = rate(ref);
    const bareRps = rate(plain);
    const ratios = ref.map((r, i) => r.rps / plain[i]!.rps);
    return judge({
      id: 'list-throughput',
      title: `GET ${LIST_PATH} throughput, reference / bare node:http`,
      value: round(median(ratios)),
      unit: 'x',
      target: { op: '>=', value: 0.5 },
      summary:
        `median of ${o.rounds} rounds' ratios (${ratios.map((x) => round(x)).join(', ')}); totals ${Math.round(refRps)} vs ${Math.round(bareRps)} req/s ` +
        `= ${round(refRps / bareRps)}x (${o.connections} connections, ${o.durationSec} s per run)`,
      details: {
        roundRatios: ratios.map((x) => round(x, 3)),
        totalsRatio: round(refRps / bareRps, 3),
        referenceRps: round(refRps, 1),
        bareRps: round(bareRps, 1),
        connections: o.connections,
        responseBytes: captured.body.length,
        status: captured.status,
        reference: ref,
        bare: plain,
      },
    });
  } finally {
    await bare.stop();
  }
}
