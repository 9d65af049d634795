/**
 * The judges of one observe, off the proxy's thread: worker threads (judge-worker.ts) fed through a
 * bounded queue. offer() never waits and never throws: an exchange goes into the current batch of a
 * judge (a batch leaves when it holds 64 or after 10 ms, bodies transferred, not cloned): the steady
 * judge (the process's priority) while its rate allows (`steadyRate` a second, so that light traffic
 * is judged whatever else the machine runs), else the least busy spare judge (nice 19, SCHED_IDLE:
 * CPU nobody else wants) unless the proxy's own thread was busy (its event loop more than `busyAbove`
 * of the last 100 ms: forwarding comes first, the spare judges would slow it); unless that judge is behind (its share of `queueLimit` exchanges or
 * `queueBytes` bytes handed over and not yet judged): then it is counted as shed, and forgotten. `sample` < 1 judges that fraction of
 * the API exchanges (the others counted as sampled out). A worker that dies is started again (its
 * last checkpoint kept; the exchanges it had not judged since are counted as judge errors), at most
 * MAX_RESTARTS times in all; after that the pool goes on with the workers it has (none: every
 * exchange is shed).
 *
 *   const pool = await JudgePool.start({ replayBase, secrets: [], workers: 1 });   // a steady judge and a spare one
 *   pool.offer(exchange);                  // from the proxy's onExchange
 *   const { snapshot, secrets } = await pool.close();   // everything handed over judged, workers gone
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { CallerRelay } from './caller-relay.ts';
import { apiTarget } from './exchange-view.ts';
import type { Identify } from './identify-caller.ts';
import { mergeSnapshots } from './merge-snapshots.ts';
import { newSlot, startThread, type Slot } from './judge-thread.ts';
import type { ObservedExchange } from './proxy.ts';
import {
  countsOnly,
  exchangeBytes,
  noCounts,
  pack,
  type FromWorker,
  type ObserveCounts,
  type ObserveSnapshot,
  type WorkerSetup,
  type WorkerSnapshot,
} from './judge-wire.ts';

export interface JudgePoolOptions {
  replayBase: string;
  secrets?: string[];
  showValues?: boolean;
  /** The installation's relative URL root ('/gitlab'; default none). */
  urlRoot?: string;
  /** Spare judges: worker threads at the lowest priority (default 1); beside them, one steady judge. */
  workers?: number;
  /** Exchanges a second the steady judge takes at most (default 500; 0: no steady judge). */
  steadyRate?: number;
  /** Exchanges handed over and not yet judged, at most (default 2000). */
  queueLimit?: number;
  /** Their bytes, at most (default 64 MiB). */
  queueBytes?: number;
  /** The fraction of API exchanges judged, 0 < sample <= 1 (default 1). */
  sample?: number;
  /** The spare judges get nothing while the proxy's thread was busier than this share of the last 100 ms (default 0.75; 1: never). */
  busyAbove?: number;
  /** Spare judges at nice 19 and SCHED_IDLE (default true). */
  lowPriority?: boolean;
  /** Spare judges pause when they waited for the CPU more than this share of the time (judge-manners.ts; default 0.5, 0: never). */
  pauseWhenWaiting?: number;
  /** --identify-callers: observe's own GET /user for each new credential an exchange needs the caller of. */
  identify?: Identify;
}

export interface JudgedSoFar {
  snapshot: ObserveSnapshot;
  secrets: string[];
}

const MAX_RESTARTS = 5;
/** Exchanges per message at most, and how long a batch may wait to fill: each message wakes a judge and its answer the proxy's thread. */
const BATCH = 64;
const BATCH_WAIT_MS = 10;
/** How long close() waits for the judges to take what was handed over before it asks for their last snapshot. */
const ACK_WAIT_MS = 60_000;

export class JudgePool {
  private readonly slots: Slot[] = [];
  /** Checkpoints of workers that died: their judging until then counts. */
  private readonly dead: WorkerSnapshot[] = [];
  private readonly counts = noCounts();
  private readonly setup: WorkerSetup;
  private readonly relay: CallerRelay;
  private readonly queueLimit: number;
  private readonly queueBytes: number;
  private readonly sample: number;
  private credit = 0;
  private readonly steadyRate: number;
  /** The steady judge's allowance: exchanges it may still take (refilled at steadyRate a second, up to one second's worth). */
  private tokens = 0;
  private refilled = performance.now();
  /** The proxy's thread was busy over the last 100 ms: the spare judges are left out (what the steady one cannot take is shed). */
  private busy = false;
  private busyTimer?: NodeJS.Timeout;

  private restarts = 0;
  private nextId = 0;
  private flushing = false;
  private closing = false;
  /** What close() collected: later snapshots answer it (the workers are gone). */
  private closed?: Promise<JudgedSoFar>;

  private constructor(o: JudgePoolOptions) {
    this.setup = {
      replayBase: o.replayBase,
      secrets: o.secrets ?? [],
      showValues: o.showValues === true,
      urlRoot: o.urlRoot ?? '',
      lowPriority: o.lowPriority ?? true,
      pauseWhenWaiting: o.pauseWhenWaiting ?? 0.5,
      pauseBacklog: Math.floor((o.queueLimit ?? 2000) / (Math.max(1, o.workers ?? 1) + 1) / 4),
      checkpointMs: 10_000,
      callerKey: new Uint8Array(randomBytes(32)),
      identifyCallers: o.identify !== undefined,
    };
    this.relay = new CallerRelay(o.identify, (entries) => {
      for (const s of this.slots) if (s.alive) s.worker!.postMessage({ type: 'callers', entries });
    });
    this.queueLimit = o.queueLimit ?? 2000;
    this.queueBytes = o.queueBytes ?? 64 * 1024 * 1024;
    this.sample = o.sample ?? 1;
    this.steadyRate = o.steadyRate ?? 500;
    this.tokens = this.steadyRate;
    const busyAbove = o.busyAbove ?? 0.75;
    if (busyAbove < 1) {
      let last = performance.eventLoopUtilization();
      this.busyTimer = setInterval(() => {
        const now = performance.eventLoopUtilization();
        this.busy = performance.eventLoopUtilization(now, last).utilization > busyAbove;
        last = now;
      }, 100);
      this.busyTimer.unref();
    }
  }

  static async start(o: JudgePoolOptions): Promise<JudgePool> {
    const pool = new JudgePool(o);
    const kinds = [
      ...(pool.steadyRate > 0 ? (['steady'] as const) : []),
      ...Array.from({ length: Math.max(1, o.workers ?? 1) }, () => 'spare' as const),
    ];
    for (const kind of kinds) pool.slots.push(newSlot(kind));
    await Promise.all(pool.slots.map((s) => pool.spawn(s)));
    return pool;
  }

  private spawn(s: Slot): Promise<void> {
    const setup: WorkerSetup = s.kind === 'steady' ? { ...this.setup, lowPriority: false, pauseWhenWaiting: 0 } : this.setup;
    return startThread(s, setup, { heard: (m) => this.heard(s, m), exited: () => this.died(s) });
  }

  private heard(s: Slot, m: FromWorker): void {
    if (m.type === 'judged') {
      s.inFlight -= m.n;
      s.bytes -= m.bytes;
    } else if (m.type === 'checkpoint') s.checkpoint = m;
    else if (m.type === 'identify')
      this.relay.ask(m.key, m.credential, (entries) => s.alive && s.worker!.postMessage({ type: 'callers', entries }));
    else if (m.type === 'learned') this.relay.learned(m.entries);
    else if (m.type === 'snapshot') {
      s.checkpoint = m;
      s.waiting.get(m.id)?.(m);
      s.waiting.delete(m.id);
    }
  }

  /** A worker gone: its checkpoint kept, what it had not judged since counted, a new one started (while restarts remain). */
  private died(s: Slot): void {
    s.alive = false;
    const kept = s.checkpoint;
    if (kept) this.dead.push(kept);
    this.counts.judgeErrors += s.posted - (kept?.received ?? 0);
    s.batch = [];
    s.transfer = [];
    const empty = { snapshot: countsOnly(noCounts()), secrets: [], received: 0 };
    for (const answer of s.waiting.values()) answer(empty);
    s.waiting.clear();
    if (this.closing || this.restarts >= MAX_RESTARTS) return;
    this.restarts++;
    this.counts.workerRestarts++;
    this.spawn(s).catch((e: Error) => {
      s.alive = false;
      process.emitWarning(`conformance observe: a judge worker could not be started again: ${e.message}`);
    });
  }

  /** Hands an exchange to a judge, or counts it as not judged; never waits, never throws. */
  offer(x: ObservedExchange): void {
    if (this.sample < 1 && apiTarget(x.target, this.setup.urlRoot) !== 'not-api') {
      this.credit += this.sample;
      if (this.credit < 1) {
        this.counts.sampledOut++;
        return;
      }
      this.credit -= 1;
    }
    const best = this.judgeFor();
    const bytes = exchangeBytes(x);
    const share = this.slots.length;
    const behind = !best || best.inFlight >= this.queueLimit / share || best.bytes + bytes > this.queueBytes / share;
    if (this.closing || behind) {
      this.counts.shed++;
      return;
    }
    best!.batch.push(pack(x, best!.transfer));
    best!.inFlight++;
    best!.bytes += bytes;
    best!.posted++;
    if (best!.batch.length >= BATCH) this.post(best!);
    else if (!this.flushing) {
      this.flushing = true;
      setTimeout(() => this.flush(), BATCH_WAIT_MS);
    }
  }

  /**
   * Whether a judge would take an exchange now (nothing taken): the proxy asks when a request
   * begins, and keeps no copy of one that would be shed (counted by shedUncopied()), so that under
   * overload the pipes do not copy what no judge will read. offer() decides again at the end.
   */
  admits(): boolean {
    if (this.closing) return false;
    const judge = this.judgeFor(false);
    return judge !== undefined && judge.inFlight < this.queueLimit / this.slots.length;
  }

  /** An exchange the proxy kept no copy of (admits() said no): counted as shed. */
  shedUncopied(): void {
    this.counts.shed++;
  }

  private refill(): void {
    const now = performance.now();
    this.tokens = Math.min(this.steadyRate, this.tokens + ((now - this.refilled) * this.steadyRate) / 1000);
    this.refilled = now;
  }

  /** The steady judge while its allowance lasts (and it keeps up; `take`: one of it used), else the least busy spare one. */
  private judgeFor(take = true): Slot | undefined {
    const steady = this.slots[0]?.kind === 'steady' ? this.slots[0] : undefined;
    if (steady?.alive) {
      this.refill();
      if (this.tokens >= 1 && steady.inFlight < this.queueLimit / this.slots.length) {
        if (take) this.tokens -= 1;
        return steady;
      }
    }
    if (this.busy) return undefined;
    let best: Slot | undefined;
    for (const s of this.slots) if (s.kind === 'spare' && s.alive && (!best || s.inFlight < best.inFlight)) best = s;
    return best;
  }

  private post(s: Slot): void {
    if (!s.batch.length) return;
    s.worker!.postMessage({ type: 'exchanges', list: s.batch, posted: s.posted }, s.transfer);
    s.batch = [];
    s.transfer = [];
  }

  private flush(): void {
    this.flushing = false;
    for (const s of this.slots) if (s.alive) this.post(s);
  }

  /** Every exchange handed over received by its judge (or its judge gone), within ACK_WAIT_MS. */
  private async acknowledged(): Promise<void> {
    const until = performance.now() + ACK_WAIT_MS;
    while (this.slots.some((s) => s.alive && s.inFlight > 0) && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
  }

  /** Exchanges waiting for a judge now (handed over, not yet judged). */
  queued(): number {
    return this.slots.reduce((n, s) => n + (s.alive ? s.inFlight : 0), 0);
  }

  /** Everything judged so far, every exchange handed over included (each worker answers after its queue). */
  async snapshot(): Promise<JudgedSoFar> {
    return this.closed ?? this.collect();
  }

  private async collect(): Promise<JudgedSoFar> {
    this.flush();
    const answers = await Promise.all(
      this.slots.map(
        (s) =>
          new Promise<WorkerSnapshot>((answer) => {
            if (!s.alive) return answer({ snapshot: countsOnly(noCounts()), secrets: [], received: 0 });
            const id = this.nextId++;
            s.waiting.set(id, answer);
            s.worker!.postMessage({ type: 'snapshot', id });
          }),
      ),
    );
    const all = [...this.dead, ...answers];
    const shed: ObserveCounts = {
      ...this.counts,
      ...this.relay.counts,
      exchanges: this.counts.shed + this.counts.sampledOut + this.counts.judgeErrors,
    };
    return {
      snapshot: mergeSnapshots([...all.map((a) => a.snapshot), countsOnly(shed)]) as ObserveSnapshot,
      secrets: [...new Set([...this.setup.secrets, ...all.flatMap((a) => a.secrets)])],
    };
  }

  /** Every exchange handed over judged, the results collected, the workers terminated; later offers are shed. */
  async close(): Promise<JudgedSoFar> {
    this.closed ??= (async () => {
      // From here on exchanges are shed (counted): the last snapshot must hold every one handed over.
      this.closing = true;
      clearInterval(this.busyTimer);
      // The callers asked for are answered first: the exchanges held for them are judged with them. A judge asks
      // when it receives an exchange: every batch handed over is acknowledged first (the asks came before the acks).
      this.flush();
      await this.acknowledged();
      await this.relay.settled();
      const last = await this.collect();
      for (const s of this.slots) s.alive = false;
      await Promise.all(this.slots.map((s) => s.worker?.terminate()));
      return last;
    })();
    return this.closed;
  }
}
