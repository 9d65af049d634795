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
import {
  countsOnly,
  noCounts,
  unpack,
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

const observation = new Observation(setup.replayBase, setup.secrets, { showValues: setup.showValues, urlRoot: setup.urlRoot });
let received = 0;
let failed = 0;
let checkpointed = 0;

function current(): WorkerSnapshot {
  const own = observation.snapshot();
  const errors = countsOnly({ ...noCounts(), judgeErrors: failed });
  return { snapshot: mergeSnapshots([own, errors]), secrets: observation.secrets.list(), received };
}

const send = (m: FromWorker) => port.postMessage(m);
const manners = new CpuManners(setup.pauseWhenWaiting);
/** Messages in their order: batches wait here while the judge pauses; a snapshot request judges all before it first. */
const pending: ToWorker[] = [];
let pausedUntil = 0;
/** The most exchanges the pool said it had handed over: minus those received, the backlog. */
let posted = 0;

function judge(list: WireExchange[]): void {
  let bytes = 0;
  for (const w of list) {
    received++;
    bytes += w.requestBody.byteLength + w.body.byteLength + 1024;
    try {
      observation.record(unpack(w));
    } catch {
      // Never stops the traffic nor this worker: the exchange is counted as not judged.
      failed++;
    }
  }
  send({ type: 'judged', n: list.length, bytes });
}

function drain(): void {
  const asked = pending.some((m) => m.type === 'snapshot');
  if (!asked && performance.now() < pausedUntil) return;
  manners.start();
  while (pending.length) {
    const m = pending.shift()!;
    if (m.type === 'snapshot') send({ type: 'snapshot', id: m.id, ...current() });
    else judge(m.list);
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
