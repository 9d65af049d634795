/**
 * A judge worker (a worker thread started by judge-pool.ts): one Observation of its own, fed the
 * exchanges the proxy's thread hands over in batches; acknowledges each batch (the pool's bounded
 * queue counts what is in flight), answers snapshot requests in order (so a snapshot includes every
 * exchange handed over before it), and sends a checkpoint snapshot now and then (what the pool keeps
 * if this worker dies). A judge that throws costs one exchange (counted), never the worker. On Linux
 * it can lower its own thread's priority (nice 19): under saturation the pipes keep the CPU.
 *
 *   new Worker(bootstrap, { eval: true, workerData: { entry: '.../judge-worker.ts', setup } })
 */
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { Observation } from './observation.ts';
import { CpuManners } from './judge-manners.ts';
import type { ObservedExchange } from './proxy.ts';
import {
  countsOnly,
  noCounts,
  unpack,
  type CallerEntries,
  type FromWorker,
  type ToWorker,
  type WireExchange,
  type WorkerSetup,
  type WorkerSnapshot,
} from './judge-wire.ts';
import { mergeSnapshots } from './merge-snapshots.ts';

const setup = (workerData as { setup: WorkerSetup }).setup;
const port = parentPort!;

if (setup.lowPriority) {
  // setpriority(PRIO_PROCESS, 0) on Linux changes the calling thread only: this worker, not the pipes.
  try {
    setPriority(0, 19);
  } catch {
    // Not allowed here (another system): the judge runs at the process's priority.
  }
  // And SCHED_IDLE where util-linux's chrt is there: the thread runs only on a CPU nothing else wants,
  // and any thread that wakes takes the CPU from it at once (nice 19 still gets slices, and holds a
  // CPU until its slice ends). Lowering one's own policy needs no privilege.
  try {
    const tid = readlinkSync('/proc/thread-self').split('/').pop()!;
    execFileSync('chrt', ['--idle', '-p', '0', tid], { stdio: 'ignore', timeout: 5000 });
  } catch {
    // No /proc/thread-self or no chrt: nice 19 alone.
  }
}

const observation = new Observation(setup.replayBase, setup.secrets, {
  showValues: setup.showValues,
  urlRoot: setup.urlRoot,
  callerKey: setup.callerKey,
  identifyCallers: setup.identifyCallers,
});
/** Exchanges waiting for their caller's identification, by credential key; at most HOLD_LIMIT in all. */
const held = new Map<string, ObservedExchange[]>();
let heldCount = 0;
const HOLD_LIMIT = 1000;
/** Callers learnt from the traffic since the last batch, for the other judges. */
let learned: CallerEntries = [];
observation.callers.onLearn = (key, caller) => learned.push([key, caller]);
let received = 0;
let failed = 0;
let checkpointed = 0;

function current(): WorkerSnapshot {
  const own = observation.snapshot();
  const errors = countsOnly({ ...noCounts(), judgeErrors: failed });
  // Exchanges held for their caller are not yet accounted for: if this worker dies, the pool counts them as judge errors.
  return { snapshot: mergeSnapshots([own, errors]), secrets: observation.secrets.list(), received: received - heldCount };
}

const send = (m: FromWorker) => port.postMessage(m);
const manners = new CpuManners(setup.pauseWhenWaiting);
/** Messages in their order: batches wait here while the judge pauses; a snapshot request judges all before it first. */
const pending: ToWorker[] = [];
let pausedUntil = 0;
/** The most exchanges the pool said it had handed over: minus those received, the backlog. */
let posted = 0;

/** Judges one exchange, or holds it until its caller is identified (the first of a credential asks the pool). */
function judgeOne(x: ObservedExchange, force = false): void {
  try {
    const r = observation.record(x, force || heldCount >= HOLD_LIMIT);
    if (!r.held) return;
    const list = held.get(r.key) ?? [];
    list.push(x);
    held.set(r.key, list);
    heldCount++;
    if (r.credential) send({ type: 'identify', key: r.key, credential: r.credential });
  } catch {
    // Never stops the traffic nor this worker: the exchange is counted as not judged.
    failed++;
  }
}

/** The exchanges held for these credentials, judged now (with their caller, or without when `force`). */
function release(keys: Iterable<string>, force = false): void {
  for (const key of [...keys]) {
    const list = held.get(key);
    if (!list) continue;
    held.delete(key);
    heldCount -= list.length;
    for (const x of list) judgeOne(x, force);
  }
}

function judge(list: WireExchange[]): void {
  let bytes = 0;
  for (const w of list) {
    received++;
    bytes += w.requestBody.byteLength + w.body.byteLength + 1024;
    judgeOne(unpack(w));
  }
  send({ type: 'judged', n: list.length, bytes });
  if (learned.length) {
    send({ type: 'learned', entries: learned });
    learned = [];
  }
}

function drain(): void {
  const asked = pending.some((m) => m.type === 'snapshot');
  if (!asked && performance.now() < pausedUntil) return;
  manners.start();
  while (pending.length) {
    const m = pending.shift()!;
    if (m.type === 'snapshot') {
      // A snapshot holds every exchange handed over before it: those still waiting for a caller are judged without.
      release(held.keys(), true);
      send({ type: 'snapshot', id: m.id, ...current() });
    } else if (m.type === 'callers') {
      for (const [key, caller] of m.entries) observation.callers.settle(key, caller);
      release(m.entries.map(([key]) => key));
    } else judge(m.list);
    // Pause only when behind (a backlog) and the CPU is wanted by others: a judge that keeps up costs little.
    if (posted - received > setup.pauseBacklog && !pending.some((p) => p.type === 'snapshot') && manners.shouldPause()) {
      pausedUntil = performance.now() + manners.pauseMs;
      setTimeout(drain, manners.pauseMs);
      return;
    }
  }
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'exchanges') posted = Math.max(posted, m.posted);
  pending.push(m);
  drain();
});

setInterval(() => {
  if (received === checkpointed) return;
  checkpointed = received;
  send({ type: 'checkpoint', ...current() });
}, setup.checkpointMs).unref();

send({ type: 'ready' });
