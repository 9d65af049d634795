/**
 * Bench lines 10 and 11, `conformance observe` (issue 36): the median latency the proxy adds on
 * loopback (target under 1 ms), and its memory over a long observation (it keeps counts and one
 * example per finding, so its heap must not grow with the exchanges: its heap at the end reported, the
 * growth since the first quarter beside it, no target). The
 * reference runs in a child process; observe and the client here, as an operator would run them.
 * Latency: GET /broadcast_messages/:id straight and through observe, request by request on one
 * keep-alive connection each (a burst of noise hits both alike), the difference of the medians.
 * Memory: the heap after a garbage collection once the first quarter of the exchanges is judged,
 * and again at the end (every request a new URL: a store of exchanges would grow with them).
 *
 *   const [latency, memory] = await measureObserve({ samples: 500, exchanges: 20_000 });
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Agent, request } from 'undici';
import { startObserve } from '../observe/index.ts';
import { KitError } from '../shared/errors.ts';
import { startChild } from './children.ts';
import { judge, mib, round, type Measurement } from './measurement.ts';
import { median } from './throughput.ts';
import { tempFolder } from '../mutation/run-fault.ts';

/** Target of issue 36: the median latency observe adds, under this many ms. */
export const OBSERVE_LATENCY_TARGET_MS = 1;

function collect(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

async function timed(url: string, headers: Record<string, string>, dispatcher: Agent): Promise<number> {
  const started = performance.now();
  const res = await request(url, { headers, dispatcher });
  await res.body.arrayBuffer();
  if (res.statusCode !== 200) throw new KitError('BENCH_FAILED', `GET ${url} answered ${res.statusCode}`);
  return performance.now() - started;
}

export function observeLatencyLine(directMs: readonly number[], observedMs: readonly number[]): Measurement {
  const added = round(median(observedMs) - median(directMs), 3);
  return judge({
    id: 'observe-latency',
    title: 'conformance observe: median latency added on loopback',
    value: added,
    unit: 'ms',
    target: { op: '<=', value: OBSERVE_LATENCY_TARGET_MS },
    summary: `${observedMs.length} requests each way: median ${round(median(directMs), 3)} ms straight, ${round(median(observedMs), 3)} ms through observe`,
    details: { samples: observedMs.length, directMedianMs: round(median(directMs), 3), observedMedianMs: round(median(observedMs), 3) },
  });
}

export function observeMemoryLine(exchanges: number, quarterHeap: number, endHeap: number, findings: number): Measurement {
  return judge({
    id: 'observe-memory',
    title: `conformance observe: heap in use after ${exchanges} exchanges`,
    // The heap itself, not its growth: a growth of 0 (or less, after a GC) is the expected reading, and a value is positive.
    value: mib(endHeap),
    unit: 'MiB',
    target: null,
    summary: `heap ${mib(quarterHeap)} MiB after ${exchanges / 4} exchanges, ${mib(endHeap)} MiB after ${exchanges} (after a GC each time: growth ${mib(endHeap - quarterHeap)} MiB); ${findings} finding(s) kept`,
    details: { exchanges, quarterHeapBytes: quarterHeap, endHeapBytes: endHeap, findings },
  });
}

export async function measureObserve(
  o: { samples?: number; exchanges?: number; log?: (line: string) => void } = {},
): Promise<Measurement[]> {
  const samples = o.samples ?? 500;
  const exchanges = o.exchanges ?? 20_000;
  const token = `bench-observe-${Date.now().toString(36)}-token`;
  const child = await startChild('reference-child.ts', {
    REFERENCE_ADMIN_TOKEN: token,
    REFERENCE_FAULTS: '',
    REFERENCE_SEED_GENERATED_USERS: '0',
  });
  const headers = { 'private-token': token };
  const straight = new Agent({ connections: 1, keepAliveTimeout: 60_000 });
  const through = new Agent({ connections: 1, keepAliveTimeout: 60_000 });
  const observe = await startObserve({ upstream: child.ready.url as string, reportsDir: tempFolder('cfk-bench-observe-') });
  try {
    const made = await fetch(`${child.ready.url}/api/v4/broadcast_messages`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'bench' }),
    });
    const { id } = (await made.json()) as { id: number };
    const path = `/api/v4/broadcast_messages/${id}`;
    const direct: number[] = [];
    const observed: number[] = [];
    for (let i = 0; i < 50 + samples; i++) {
      const a = await timed(`${child.ready.url}${path}`, headers, straight);
      const b = await timed(`${observe.url}${path}`, headers, through);
      if (i >= 50) {
        direct.push(a);
        observed.push(b);
      }
    }
    o.log?.(`[bench] 11. observe memory over ${exchanges} exchanges`);
    let quarter = 0;
    for (let i = 0; i < exchanges; i++) {
      // Every URL new, some asking for what the operation does not read (client findings, counted).
      await timed(`${observe.url}/api/v4/broadcast_messages?per_page=${1 + (i % 100)}&page=${1 + (i % 7)}&probe=${i}`, headers, through);
      if (i + 1 === exchanges / 4) {
        await new Promise((r) => setImmediate(r));
        collect();
        quarter = process.memoryUsage().heapUsed;
      }
    }
    await new Promise((r) => setImmediate(r));
    collect();
    const end = process.memoryUsage().heapUsed;
    const snapshot = await observe.snapshot();
    return [
      observeLatencyLine(direct, observed),
      observeMemoryLine(exchanges, quarter, end, snapshot.server.length + snapshot.client.length),
    ];
  } finally {
    await observe.stop();
    await straight.close();
    await through.close();
    await child.stop();
  }
}
