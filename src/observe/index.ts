/**
 * `conformance observe`, programmatic: a proxy in front of an installation that judges the traffic
 * it did not make. Every exchange is forwarded byte for byte and streamed (proxy.ts) on this thread,
 * then handed to the judges on worker threads through a bounded queue (judge-pool.ts: when they are
 * behind, the exchange is counted as shed, never delayed) and judged on both sides (observation.ts);
 * stop() waits for the judges, writes the report (report.ts) and says the verdict: 0 with no server
 * finding outside the baseline, 1 with one.
 *
 *   const o = await startObserve({ upstream: 'http://127.0.0.1:4010', reportsDir: 'reports' });
 *   // point clients at o.url instead of the upstream, then:
 *   const { summary, exitCode, files } = await o.stop();
 */
import { connect } from 'node:net';
import { packageVersion } from '../cli-help.ts';
import type { Baseline } from '../report/baseline.ts';
import { KitError } from '../shared/errors.ts';
import { callerIdentifier } from './identify-caller.ts';
import { JudgePool } from './judge-pool.ts';
import type { ObserveSnapshot } from './judge-wire.ts';
import { startProxy, type WireCounts } from './proxy.ts';
import { SecretSet } from '../shared/redact.ts';
import { observeSummary, writeObserveReports, type ObserveSummary } from './report.ts';
import { checkTls, trustedCas } from './upstream-tls.ts';

export interface ObserveOptions {
  /** The installation's root URL (the kit adds nothing: /api/v4 requests go to its /api/v4). */
  upstream: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The interface the proxy listens on (default 127.0.0.1; 0.0.0.0 for a front server on another host). */
  host?: string;
  /** A PEM file of CAs trusted for an https upstream, beside Node's own and NODE_EXTRA_CA_CERTS's. */
  caFile?: string;
  /** How long stop() lets the exchanges in flight finish before it cuts them (default 30 000 ms). */
  drainMs?: number;
  /** The installation's relative URL root ('/gitlab'): only `<root>/api/v4/...` is judged (default: none). */
  relativeUrlRoot?: string;
  /** Where summary.md, summary.json and junit.xml go (default 'reports'). */
  reportsDir?: string;
  baseline?: Baseline;
  /** Bytes of each body kept for judging (default 4 MiB). */
  captureLimit?: number;
  /** Forward the client's Host header as sent (behind a reverse proxy); default: the upstream's host. */
  preserveHost?: boolean;
  /** Secrets known beforehand (never written, even if no request shows them). */
  secrets?: string[];
  /** The fraction of API exchanges judged, 0 < sample <= 1 (default 1); the others are counted as sampled out. */
  sample?: number;
  /** Spare judges: worker threads at the lowest priority (default 1), beside the steady judge. */
  judges?: number;
  /** Exchanges a second the steady judge (at the process's priority) takes at most (default 500; 0: none). */
  steadyRate?: number;
  /**
   * Every exchange to the steady judge, at the process's priority, whatever the rate (the queue's bound still
   * applies): for a test installation or a self-test whose verdict needs every exchange judged; never in front of
   * a production installation, whose CPU the judges would then share with the pipes.
   */
  judgeEverything?: boolean;
  /** Exchanges handed to the judges and not yet judged, at most (default 2000): past it they are counted as shed. */
  queueLimit?: number;
  /** Spare judges at the lowest scheduling priority (nice 19 and SCHED_IDLE, their threads only; default true). */
  lowPriorityJudges?: boolean;
  /** The spare judges get no exchange while the proxy's thread was busier than this share of the last 100 ms (default 0.75; 1: never so). */
  spareJudgesBelowBusy?: number;
  /** Spare judges pause while they wait for the CPU more than this share of the time (default 0.5; 0: never): see judge-manners.ts. */
  pauseJudgesWhenWaiting?: number;
  /** Show the installation's values in findings (a test installation); default: placeholders. Credentials stay [redacted]. */
  showValues?: boolean;
  /**
   * Send one GET /user per new credential, with that credential and nothing else (read-only), so that
   * the exchanges whose view depends on the caller are judged from the first (their judging, never
   * their forwarding, waits for it); default: callers are learnt from the clients' own GET /user.
   */
  identifyCallers?: boolean;
  /** Copy every exchange's bodies, even one no judge has room for as it begins (the bench's comparison); default: not those. */
  copyAll?: boolean;
}

export interface ObserveResult {
  summary: ObserveSummary;
  files: string[];
  exitCode: 0 | 1;
}

export interface RunningObserve {
  /** The proxy's root URL: clients use it where they used the upstream's. */
  url: string;
  /** What has been seen so far (counts and findings, not yet baselined), every exchange handed to the judges judged. */
  snapshot(): Promise<ObserveSnapshot>;
  /**
   * The secrets the traffic showed (tokens, passwords), for a leak scan of the report: those given, and
   * the ones each judge saw most recently (at most SECRETS_KEPT each, observation.ts); after stop(), as the report was redacted with.
   */
  learnedSecrets(): Promise<string[]>;
  /** Stops the proxy (the exchanges in flight finish first, up to drainMs) and writes the report. */
  stop(): Promise<ObserveResult>;
}

/** The upstream's root as a URL; a KitError (exit 2) when it is not an http(s) URL. */
export function upstreamUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new KitError('USAGE', `--upstream must be an http(s) URL, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new KitError('USAGE', `--upstream must be an http(s) URL, got "${text}"`);
  return url;
}

/** A TCP connection to the upstream, closed at once (no request is sent); a KitError when none opens. */
export async function checkReachable(url: URL, timeoutMs = 5000): Promise<void> {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  await new Promise<void>((done, fail) => {
    const socket = connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port });
    const timer = setTimeout(() => socket.destroy(new Error(`no connection within ${timeoutMs} ms`)), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.destroy();
      done();
    });
    socket.once('error', (e) => {
      clearTimeout(timer);
      fail(new KitError('TARGET_UNREACHABLE', `the upstream ${url.origin} does not answer: ${e.message}`));
    });
  });
}

/** The wire's counts added to the judges' (the snapshot's counts name both). */
function withWire(snapshot: ObserveSnapshot, wire: WireCounts): ObserveSnapshot {
  const counts = { ...snapshot.counts };
  for (const [name, n] of Object.entries(wire) as [keyof WireCounts, number][]) counts[name] += n;
  return { ...snapshot, counts };
}

/** The steady judge's rate under judgeEverything: more exchanges a second than any proxy forwards. */
const JUDGE_EVERYTHING_RATE = 1e9;

/** '/gitlab' from '/gitlab/', 'gitlab' or '/gitlab'; '' for none or '/'. */
export function urlRoot(text: string | undefined): string {
  const root = (text ?? '').trim().replace(/\/+$/, '');
  if (root === '') return '';
  if (/[?#\s]/.test(root)) throw new KitError('USAGE', `--relative-url-root must be a path such as /gitlab, got "${text}"`);
  return root.startsWith('/') ? root : `/${root}`;
}

export async function startObserve(options: ObserveOptions): Promise<RunningObserve> {
  const upstream = upstreamUrl(options.upstream);
  const root = urlRoot(options.relativeUrlRoot);
  const ca = trustedCas(options.caFile);
  if (upstream.protocol === 'https:') await checkTls(upstream, ca);
  else await checkReachable(upstream);
  const started = Date.now();
  const replayBase = `${upstream.origin}${upstream.pathname.replace(/\/+$/, '')}`;
  const judges = await JudgePool.start({
    replayBase,
    secrets: options.secrets ?? [],
    showValues: options.showValues,
    urlRoot: root,
    workers: options.judges,
    steadyRate: options.judgeEverything ? JUDGE_EVERYTHING_RATE : options.steadyRate,
    queueLimit: options.queueLimit,
    sample: options.sample,
    lowPriority: options.lowPriorityJudges,
    pauseWhenWaiting: options.pauseJudgesWhenWaiting,
    busyAbove: options.spareJudgesBelowBusy,
    ...(options.identifyCallers ? { identify: callerIdentifier({ upstream, urlRoot: root, ca }) } : {}),
  });
  const proxy = await startProxy({
    upstream,
    port: options.port,
    host: options.host,
    ca,
    drainMs: options.drainMs,
    captureLimit: options.captureLimit,
    preserveHost: options.preserveHost,
    // Never waits, never throws: the exchange is queued for a judge or counted as not judged.
    onExchange: (x) => judges.offer(x),
    // A request no judge has room for is forwarded without a copy, and counted as shed.
    admit: options.copyAll ? undefined : () => judges.admits(),
    onUncopied: () => judges.shedUncopied(),
  }).catch(async (e: Error) => {
    await judges.close();
    throw new KitError('USAGE', `observe cannot listen on ${options.host ?? '127.0.0.1'} port ${options.port ?? 0}: ${e.message}`);
  });
  let stopped: Promise<ObserveResult> | undefined;
  let final: { snapshot: ObserveSnapshot; secrets: string[] } | undefined;
  const current = async () => final ?? (await judges.snapshot());
  return {
    url: proxy.url,
    snapshot: async () => withWire((await current()).snapshot, proxy.counts()),
    learnedSecrets: async () => (await current()).secrets,
    stop() {
      stopped ??= (async () => {
        // Lets the exchanges in flight finish (up to drainMs), then cuts the rest.
        await proxy.close();
        // The last exchanges reach the judges on the next turn of the loop (setImmediate in the proxy).
        await new Promise((r) => setImmediate(r));
        final = await judges.close();
        const summary = observeSummary(withWire(final.snapshot, proxy.counts()), {
          upstream: replayBase,
          kitVersion: packageVersion(),
          startedAt: new Date(started).toISOString(),
          durationMs: Date.now() - started,
          baseline: options.baseline,
          identifyCallers: options.identifyCallers === true,
        });
        const files = await writeObserveReports(summary, options.reportsDir ?? 'reports', new SecretSet(final.secrets));
        return { summary, files, exitCode: summary.verdict === 'pass' ? 0 : 1 };
      })();
      return stopped;
    },
  };
}
