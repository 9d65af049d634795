/**
 * The judges of one observe, off the proxy's thread: worker threads (judge-worker.ts) fed through a
 * bounded queue. offer() never waits and never throws: an exchange goes into the current batch of the
 * least busy worker (a batch leaves when it holds 64 or after 10 ms, bodies transferred, not cloned),
 * unless the judges are behind (more than `queueLimit` exchanges or `queueBytes` bytes handed over and
 * not yet judged): then it is counted as shed, and forgotten. `sample` < 1 judges that fraction of
 * the API exchanges (the others counted as sampled out). A worker that dies is started again (its
 * last checkpoint kept; the exchanges it had not judged since are counted as judge errors), at most
 * MAX_RESTARTS times in all; after that the pool goes on with the workers it has (none: every
 * exchange is shed).
 *
 *   const pool = await JudgePool.start({ replayBase, secrets: [], workers: 1 });
 *   pool.offer(exchange);                  // from the proxy's onExchange
 *   const { snapshot, secrets } = await pool.close();   // everything handed over judged, workers gone
 */
import { Worker } from 'node:worker_threads';
import { mergeSnapshots } from './merge-snapshots.ts';
import type { ObservedExchange } from './proxy.ts';
import {
  countsOnly,
  exchangeBytes,
  noCounts,
  pack,
  type FromWorker,
  type ObserveCounts,
  type ObserveSnapshot,
  type WireExchange,
  type WorkerSetup,
  type WorkerSnapshot,
} from './judge-wire.ts';

export interface JudgePoolOptions {
  replayBase: string;
  secrets?: string[];
  showValues?: boolean;
  /** Worker threads (default 1). */
  workers?: number;
  /** Exchanges handed over and not yet judged, at most (default 2000). */
  queueLimit?: number;
  /** Their bytes, at most (default 64 MiB). */
  queueBytes?: number;
  /** The fraction of API exchanges judged, 0 < sample <= 1 (default 1). */
  sample?: number;
  /** Judges at nice 19 (default true). */
  lowPriority?: boolean;
  /** Judges pause when they waited for the CPU more than this share of the time (judge-manners.ts; default 0.5, 0: never). */
  pauseWhenWaiting?: number;
}

export interface JudgedSoFar {
  snapshot: ObserveSnapshot;
  secrets: string[];
}

const MAX_RESTARTS = 5;
/** Exchanges per message at most, and how long a batch may wait to fill: each message wakes a judge and its answer the proxy's thread. */
const BATCH = 64;
const BATCH_WAIT_MS = 10;
const READY_TIMEOUT_MS = 120_000;

/** Run in each worker (eval: a script, in the checkout and in the package alike): TypeScript through tsx, else the compiled JS. */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
if (workerData.tsx) import(workerData.tsx).then((tsx) => tsx.tsImport(workerData.entry, workerData.entry));
else import(workerData.entry);
`;

/** The worker's module beside this one: judge-worker.ts in a checkout (and under vitest), judge-worker.js in the package. */
function workerEntry(): { entry: string; tsx?: string } {
  // Under tsx the module's URL carries a query (?tsx-namespace=...): the path says which it is.
  const ts = new URL(import.meta.url).pathname.endsWith('.ts');
  const entry = new URL(`./judge-worker.${ts ? 'ts' : 'js'}`, import.meta.url).href;
  return ts ? { entry, tsx: import.meta.resolve('tsx/esm/api') } : { entry };
}

/** An API exchange (the only ones `sample` leaves out): `/api/v4` in its path, after any root. */
const isApi = (target: string) => /\/api\/v4(?:\/|$)/.test(target.split('?', 1)[0]!);

interface Slot {
  worker: Worker;
  alive: boolean;
  inFlight: number;
  bytes: number;
  posted: number;
  batch: WireExchange[];
  transfer: ArrayBuffer[];
  checkpoint?: WorkerSnapshot;
  waiting: Map<number, (s: WorkerSnapshot) => void>;
}

export class JudgePool {
  private readonly slots: Slot[] = [];
  /** Checkpoints of workers that died: their judging until then counts. */
  private readonly dead: WorkerSnapshot[] = [];
  private readonly counts = noCounts();
  private readonly setup: WorkerSetup;
  private readonly queueLimit: number;
  private readonly queueBytes: number;
  private readonly sample: number;
  private credit = 0;

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
      lowPriority: o.lowPriority ?? true,
      pauseWhenWaiting: o.pauseWhenWaiting ?? 0.5,
      pauseBacklog: Math.floor((o.queueLimit ?? 2000) / Math.max(1, o.workers ?? 1) / 4),
      checkpointMs: 10_000,
    };
    this.queueLimit = o.queueLimit ?? 2000;
    this.queueBytes = o.queueBytes ?? 64 * 1024 * 1024;
    this.sample = o.sample ?? 1;
  }

  static async start(o: JudgePoolOptions): Promise<JudgePool> {
    const pool = new JudgePool(o);
    const n = Math.max(1, o.workers ?? 1);
    await Promise.all(Array.from({ length: n }, () => pool.spawn()));
    return pool;
  }

  private spawn(slot?: Slot): Promise<void> {
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { ...workerEntry(), setup: this.setup } });
    const s: Slot = slot ?? { worker, alive: true, inFlight: 0, bytes: 0, posted: 0, batch: [], transfer: [], waiting: new Map() };
    Object.assign(s, { worker, alive: true, inFlight: 0, bytes: 0, posted: 0, checkpoint: undefined });
    if (!slot) this.slots.push(s);
    const ready = new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`a judge worker did not start within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      worker.once('error', (e) => {
        clearTimeout(timer);
        fail(e);
      });
      worker.on('message', (m: FromWorker) => {
        if (m.type === 'ready') {
          clearTimeout(timer);
          done();
        }
      });
    });
    worker.on('message', (m: FromWorker) => this.heard(s, m));
    worker.on('error', (e) => process.emitWarning(`conformance observe: a judge worker failed: ${e.message}`));
    worker.on('exit', () => {
      if (s.worker === worker && s.alive) this.died(s);
    });
    return ready;
  }

  private heard(s: Slot, m: FromWorker): void {
    if (m.type === 'judged') {
      s.inFlight -= m.n;
      s.bytes -= m.bytes;
    } else if (m.type === 'checkpoint') s.checkpoint = m;
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
    if (this.sample < 1 && isApi(x.target)) {
      this.credit += this.sample;
      if (this.credit < 1) {
        this.counts.sampledOut++;
        return;
      }
      this.credit -= 1;
    }
    let best: Slot | undefined;
    for (const s of this.slots) if (s.alive && (!best || s.inFlight < best.inFlight)) best = s;
    const bytes = exchangeBytes(x);
    const behind =
      !best || best.inFlight >= this.queueLimit / this.slots.length || best.bytes + bytes > this.queueBytes / this.slots.length;
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

  private post(s: Slot): void {
    if (!s.batch.length) return;
    s.worker.postMessage({ type: 'exchanges', list: s.batch, posted: s.posted }, s.transfer);
    s.batch = [];
    s.transfer = [];
  }

  private flush(): void {
    this.flushing = false;
    for (const s of this.slots) if (s.alive) this.post(s);
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
            s.worker.postMessage({ type: 'snapshot', id });
          }),
      ),
    );
    const all = [...this.dead, ...answers];
    const shed: ObserveCounts = { ...this.counts, exchanges: this.counts.shed + this.counts.sampledOut + this.counts.judgeErrors };
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
      const last = await this.collect();
      for (const s of this.slots) s.alive = false;
      await Promise.all(this.slots.map((s) => s.worker.terminate()));
      return last;
    })();
    return this.closed;
  }
}
