/**
 * Bench lines 10 to 14, `conformance observe` at the installation's scale (issue 39, item 5), from
 * the numbers observe-scale.ts measures: observe against a plain pass-through proxy, side by side in
 * one run. 10: throughput at 50 connections (at least 0.9 of the plain proxy's); 11: the p50 it adds
 * there (at most 1 ms; the p99s beside it); 12: what the judges judged and shed at saturation (no
 * target); 13: at half the plain proxy's saturation rate, the share judged (all of it: 100%); 14: its
 * RSS over the long run (at most 1.1x from the first quarter to the end).
 *
 *   const lines = observeLines(numbers);   // five Measurements, in the table's order
 */
import { judge, mib, round, type Measurement } from './measurement.ts';
import { median } from './throughput.ts';

/** One load run against one proxy: its rate, exact latencies and the CPU its threads used per request. */
export interface ProxyRun {
  rps: number;
  total: number;
  p50Ms: number;
  p99Ms: number;
  /** µs of CPU per request: the forwarding thread, and every other thread (observe's judges; the runtime's GC and I/O threads, in both proxies). */
  mainUsPerRequest?: number;
  otherUsPerRequest?: number;
  /** The machine's idle CPU during the run, in cores (all processes: the load, the upstream, the proxy). */
  idleCores?: number;
  /** observe only: what its judges did with the run's exchanges. */
  judged?: number;
  shed?: number;
}

export interface ObserveScaleNumbers {
  connections: number;
  durationSec: number;
  /** Round by round, the two proxies next to each other in time. */
  plain: ProxyRun[];
  observe: ProxyRun[];
  /** Half the plain proxy's saturation rate (requests per second), and both proxies at it. */
  halfRate: number;
  plainHalf: ProxyRun;
  observeHalf: ProxyRun;
  /** The long run: every request a new URL. */
  rss: {
    exchanges: number;
    quarterBytes: number;
    endBytes: number;
    quarterHeapBytes: number;
    endHeapBytes: number;
    judged: number;
    shed: number;
    findings: number;
    rate: number;
  };
}

const THROUGHPUT_TARGET = 0.9;
const ADDED_P50_TARGET_MS = 1;
const RSS_GROWTH_TARGET = 1.1;

const ms = (n: number) => round(n, 2);
const share = (r: ProxyRun) => ((r.judged ?? 0) + (r.shed ?? 0) > 0 ? (100 * (r.judged ?? 0)) / ((r.judged ?? 0) + (r.shed ?? 0)) : 0);
const cpu = (r: ProxyRun) => `${round(r.mainUsPerRequest ?? 0, 1)} µs`;
const other = (r: ProxyRun) => `${round(r.otherUsPerRequest ?? 0, 1)} µs`;

/**
 * Line 13's CPU budget: the machine's idle cores at half rate through the plain proxy (the most the
 * judges could have had), and the cores judging every exchange would take at what one judged
 * exchange cost the judges' threads in this run.
 */
function budget(n: ObserveScaleNumbers): string {
  const { observeHalf: o, plainHalf: p } = n;
  const judged = o.judged ?? 0;
  if (p.idleCores === undefined || o.otherUsPerRequest === undefined || judged === 0) return '';
  const perJudged = ((o.otherUsPerRequest - (p.otherUsPerRequest ?? 0)) * o.total) / judged;
  const cores = (c: number) => `${round(c, 2)} core(s)`;
  return (
    `; the machine's idle CPU: ${cores(p.idleCores)} through the plain proxy, ${cores(o.idleCores ?? 0)} through observe; ` +
    `one judged exchange took the judges ${round(perJudged, 1)} µs: judging all ${Math.round(n.halfRate)} a second needs ${cores((perJudged * n.halfRate) / 1e6)}`
  );
}

export function observeLines(n: ObserveScaleNumbers): Measurement[] {
  const ratios = n.observe.map((o, i) => o.rps / n.plain[i]!.rps);
  const added = n.observe.map((o, i) => o.p50Ms - n.plain[i]!.p50Ms);
  const sum = (runs: ProxyRun[], key: 'judged' | 'shed') => runs.reduce((t, r) => t + (r[key] ?? 0), 0);
  const judgedAtSaturation = sum(n.observe, 'judged');
  const shedAtSaturation = sum(n.observe, 'shed');
  const rounds = `${n.plain.length} round(s) of ${n.durationSec} s, ${n.connections} connections`;
  return [
    judge({
      id: 'observe-throughput',
      title: `conformance observe: throughput at ${n.connections} connections, observe / plain proxy`,
      value: round(median(ratios)),
      unit: 'x',
      target: { op: '>=', value: THROUGHPUT_TARGET },
      summary:
        `median of the rounds' ratios (${ratios.map((r) => round(r)).join(', ')}): observe ${n.observe.map((r) => Math.round(r.rps)).join(', ')} req/s, ` +
        `plain ${n.plain.map((r) => Math.round(r.rps)).join(', ')} (${rounds}); forwarding thread's CPU per request ` +
        `observe ${n.observe.map(cpu).join(', ')}, plain ${n.plain.map(cpu).join(', ')}; the other threads (judges, GC) observe ${n.observe.map(other).join(', ')}, plain ${n.plain.map(other).join(', ')}`,
      details: { roundRatios: ratios.map((r) => round(r, 3)), plain: n.plain, observe: n.observe, connections: n.connections },
    }),
    judge({
      id: 'observe-added-p50',
      title: `conformance observe: p50 latency added at ${n.connections} connections, over the plain proxy`,
      value: ms(median(added)),
      unit: 'ms',
      target: { op: '<=', value: ADDED_P50_TARGET_MS },
      summary:
        `median of the rounds' differences (${added.map(ms).join(', ')} ms): p50 observe ${n.observe.map((r) => ms(r.p50Ms)).join(', ')} ms, ` +
        `plain ${n.plain.map((r) => ms(r.p50Ms)).join(', ')}; p99 observe ${n.observe.map((r) => ms(r.p99Ms)).join(', ')}, plain ${n.plain.map((r) => ms(r.p99Ms)).join(', ')}; ` +
        `at half rate p50 ${ms(n.observeHalf.p50Ms)} vs ${ms(n.plainHalf.p50Ms)} ms, p99 ${ms(n.observeHalf.p99Ms)} vs ${ms(n.plainHalf.p99Ms)}`,
      details: { roundAddedMs: added.map(ms), halfRate: { observe: n.observeHalf, plain: n.plainHalf } },
    }),
    judge({
      id: 'observe-saturation-judged',
      title: `conformance observe: exchanges judged at saturation (${n.connections} connections)`,
      value: round((100 * judgedAtSaturation) / Math.max(1, judgedAtSaturation + shedAtSaturation), 1),
      unit: '%',
      target: null,
      summary: `${judgedAtSaturation} judged, ${shedAtSaturation} shed (the judges behind: forwarded, counted, never delayed) over the rounds of line 10`,
      details: { judged: judgedAtSaturation, shed: shedAtSaturation },
    }),
    judge({
      id: 'observe-half-rate-judged',
      title: "conformance observe: exchanges judged at half the plain proxy's saturation rate",
      value: round(share(n.observeHalf), 2),
      unit: '%',
      target: { op: '>=', value: 100 },
      summary:
        `${Math.round(n.halfRate)} req/s offered for ${n.durationSec * 2} s (${Math.round(n.observeHalf.rps)} served): ${n.observeHalf.judged} judged, ` +
        `${n.observeHalf.shed} shed; CPU per request: forwarding thread ${cpu(n.observeHalf)}, the other threads (judges, GC) ${other(n.observeHalf)} (plain ${cpu(n.plainHalf)}, ${other(n.plainHalf)})` +
        budget(n),
      details: { halfRate: round(n.halfRate, 1), observe: n.observeHalf, plain: n.plainHalf },
    }),
    judge({
      id: 'observe-rss',
      title: `conformance observe: RSS over ${n.rss.exchanges} exchanges, end / first quarter`,
      value: round(n.rss.endBytes / n.rss.quarterBytes, 3),
      unit: 'x',
      target: { op: '<=', value: RSS_GROWTH_TARGET },
      summary:
        `RSS ${mib(n.rss.quarterBytes)} MiB after ${n.rss.exchanges / 4} exchanges, ${mib(n.rss.endBytes)} MiB after ${n.rss.exchanges} ` +
        `(heap ${mib(n.rss.quarterHeapBytes)} -> ${mib(n.rss.endHeapBytes)} MiB), every URL and session cookie new, at ${Math.round(n.rss.rate)} req/s: ` +
        `${n.rss.judged} judged, ${n.rss.shed} shed; ${n.rss.findings} finding(s) kept`,
      details: n.rss,
    }),
  ];
}
