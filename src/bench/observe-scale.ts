/**
 * The runs behind bench lines 10 to 14 (observe-line.ts): a reference child serving
 * `GET /api/v4/users?per_page=20` (100 users seeded), in front of it a plain pass-through proxy
 * (plain-proxy-child.ts) and observe (observe-child.ts), each in a process of its own; the load
 * (autocannon) here. After a warm-up of each, they take turns at 50 connections (plain, observe,
 * observe, plain...), so that the other processes of a busy machine weigh on both alike; observe's
 * judges are asked after each of its runs, so that their backlog never falls on the plain proxy's
 * run. Then both at half the plain proxy's median saturation rate (paced-load.ts: an even pace, not
 * autocannon's quota sent at the start of each second), then a long run through observe alone at
 * that rate, every URL and every session cookie new (as days of traffic bring new URLs, and new
 * credentials with each CI job and browser session), its RSS read after the first quarter and at the end.
 *
 *   const numbers = await measureObserveScale({ durationSec: 3, rounds: 5, exchanges: 200_000, log });
 */
import { startChild, type Child } from './children.ts';
import type { Measurement } from './measurement.ts';
import { observeLines, type ObserveScaleNumbers, type ProxyRun } from './observe-line.ts';
import { proxyLoad } from './observe-load.ts';
import { pacedLoad, type PacedLoadOptions } from './paced-load.ts';
import { idleCores, idleMs } from './machine-idle.ts';
import { threadCpu } from './thread-cpu.ts';
import { median } from './throughput.ts';

const PATH = '/api/v4/users?per_page=20';
const CONNECTIONS = 50;

export interface ObserveScaleOptions {
  durationSec: number;
  rounds: number;
  /** Exchanges of the long run (line 14). */
  exchanges: number;
  log: (line: string) => void;
}

type Counts = { judged: number; shed: number };

async function counts(observe: Child): Promise<Counts & { rssBytes: number; heapUsedBytes: number; findings: number }> {
  const s = await observe.ask('stats');
  return { judged: s.counts.judged, shed: s.counts.shed, rssBytes: s.rssBytes, heapUsedBytes: s.heapUsedBytes, findings: s.findings };
}

/** One run against a proxy child: the load, the CPU of its threads per request and, for observe, what its judges did. */
async function run(
  child: Child,
  o: { token: string; durationSec: number; rate?: number; observe?: boolean } & Pick<PacedLoadOptions, 'amount' | 'path' | 'header'>,
): Promise<ProxyRun> {
  const before = o.observe ? await counts(child) : undefined;
  const cpuBefore = threadCpu(child.pid);
  const idleBefore = idleMs();
  const started = performance.now();
  const load = { url: `${child.ready.url}${PATH}`, headers: { 'private-token': o.token }, connections: CONNECTIONS };
  const r = o.rate
    ? await pacedLoad({
        ...load,
        rate: o.rate,
        ...(o.amount ? { amount: o.amount } : { durationSec: o.durationSec }),
        path: o.path,
        header: o.header,
      })
    : await proxyLoad({ ...load, durationSec: o.durationSec });
  const cpuAfter = threadCpu(child.pid);
  const idle = idleCores(idleBefore, idleMs(), performance.now() - started);
  // For observe, after its judges have judged everything handed over (the stats wait for them).
  const after = o.observe ? await counts(child) : undefined;
  const per = (a: number, b: number) => ((a - b) * 1000) / Math.max(1, r.total);
  return {
    ...r,
    ...(cpuBefore && cpuAfter
      ? {
          mainUsPerRequest: per(cpuAfter.mainMs, cpuBefore.mainMs),
          otherUsPerRequest: per(cpuAfter.allMs - cpuAfter.mainMs, cpuBefore.allMs - cpuBefore.mainMs),
        }
      : {}),
    ...(before && after ? { judged: after.judged - before.judged, shed: after.shed - before.shed } : {}),
    ...(idle !== undefined ? { idleCores: idle } : {}),
  };
}

export async function measureObserveScale(o: ObserveScaleOptions): Promise<Measurement[]> {
  const token = `bench-observe-${Date.now().toString(36)}-token`;
  const reference = await startChild('reference-child.ts', {
    REFERENCE_ADMIN_TOKEN: token,
    REFERENCE_FAULTS: '',
    REFERENCE_SEED_GENERATED_USERS: '100',
    REFERENCE_LARGE_COLLECTIONS: '0',
  });
  const children: Child[] = [reference];
  try {
    const upstream = reference.ready.url as string;
    const plain = await startChild('plain-proxy-child.ts', { PROXY_UPSTREAM: upstream });
    children.push(plain);
    const observe = await startChild('observe-child.ts', { OBSERVE_UPSTREAM: upstream });
    children.push(observe);
    const warm = Math.max(1, o.durationSec / 2);
    o.log(`  warm-up: plain proxy and observe, ${warm} s each at ${CONNECTIONS} connections`);
    await run(plain, { token, durationSec: warm });
    await run(observe, { token, durationSec: warm, observe: true });
    const plainRuns: ProxyRun[] = [];
    const observeRuns: ProxyRun[] = [];
    for (let i = 0; i < o.rounds; i++) {
      for (const which of i % 2 === 0 ? (['plain', 'observe'] as const) : (['observe', 'plain'] as const)) {
        const r = await run(which === 'plain' ? plain : observe, { token, durationSec: o.durationSec, observe: which === 'observe' });
        (which === 'plain' ? plainRuns : observeRuns).push(r);
        o.log(
          `  round ${i + 1}/${o.rounds} ${which.padEnd(7)}: ${Math.round(r.rps)} req/s, p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms` +
            (which === 'observe' ? `, ${r.judged} judged, ${r.shed} shed` : ''),
        );
      }
    }
    const halfRate = median(plainRuns.map((r) => r.rps)) / 2;
    o.log(`[bench] 13. at half the plain proxy's rate: ${Math.round(halfRate)} req/s, ${o.durationSec * 2} s each`);
    const plainHalf = await run(plain, { token, durationSec: o.durationSec * 2, rate: halfRate });
    const observeHalf = await run(observe, { token, durationSec: o.durationSec * 2, rate: halfRate, observe: true });
    o.log(
      `  plain ${Math.round(plainHalf.rps)} req/s; observe ${Math.round(observeHalf.rps)} req/s, ${observeHalf.judged} judged, ${observeHalf.shed} shed`,
    );

    o.log(`[bench] 14. observe's RSS over ${o.exchanges} exchanges at ${Math.round(halfRate)} req/s, every URL and session cookie new`);
    let base = 0;
    const path = (i: number) => `${PATH}&probe=${base + i}`;
    const header = (i: number): [string, string] => ['cookie', `_gitlab_session=${(base + i).toString(16).padStart(32, '0')}`];
    const quarter = Math.round(o.exchanges / 4);
    const first = await run(observe, { token, durationSec: 0, amount: quarter, rate: halfRate, path, header, observe: true });
    const atQuarter = await counts(observe);
    base = quarter;
    const rest = await run(observe, { token, durationSec: 0, amount: o.exchanges - quarter, rate: halfRate, path, header, observe: true });
    const atEnd = await counts(observe);
    const numbers: ObserveScaleNumbers = {
      connections: CONNECTIONS,
      durationSec: o.durationSec,
      plain: plainRuns,
      observe: observeRuns,
      halfRate,
      plainHalf,
      observeHalf,
      rss: {
        exchanges: first.total + rest.total,
        quarterBytes: atQuarter.rssBytes,
        endBytes: atEnd.rssBytes,
        quarterHeapBytes: atQuarter.heapUsedBytes,
        endHeapBytes: atEnd.heapUsedBytes,
        judged: (first.judged ?? 0) + (rest.judged ?? 0),
        shed: (first.shed ?? 0) + (rest.shed ?? 0),
        findings: atEnd.findings,
        rate: halfRate,
      },
    };
    return observeLines(numbers);
  } finally {
    for (const c of children.reverse()) await c.stop();
  }
}
