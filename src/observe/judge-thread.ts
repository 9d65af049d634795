/**
 * One judge worker thread as the pool sees it (judge-pool.ts): started from judge-worker.ts beside
 * this module (the TypeScript through tsx in a checkout and under vitest, the compiled JS in the
 * package), with what is in flight to it, its current batch and its last checkpoint.
 *
 *   const slot = newSlot('spare');
 *   const ready = startThread(slot, setup, { heard, exited });   // resolves once the worker said 'ready'
 */
import { Worker } from 'node:worker_threads';
import type { FromWorker, WireExchange, WorkerSetup, WorkerSnapshot } from './judge-wire.ts';

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

/**
 * 'steady': at the process's priority, given a bounded rate of exchanges (light traffic is always
 * judged, even on a machine whose cores are all busy); 'spare': nice 19 and SCHED_IDLE, the rest
 * (judged with CPU nobody else wants, shed when there is none).
 */
export type JudgeKind = 'steady' | 'spare';

export interface Slot {
  kind: JudgeKind;
  worker?: Worker;
  alive: boolean;
  inFlight: number;
  bytes: number;
  posted: number;
  batch: WireExchange[];
  transfer: ArrayBuffer[];
  checkpoint?: WorkerSnapshot;
  waiting: Map<number, (s: WorkerSnapshot) => void>;
}

export const newSlot = (kind: JudgeKind): Slot => ({
  kind,
  alive: false,
  inFlight: 0,
  bytes: 0,
  posted: 0,
  batch: [],
  transfer: [],
  waiting: new Map(),
});

/** Starts (or starts again) the slot's worker; `exited` is told when it ends while the slot counts it alive. */
export function startThread(slot: Slot, setup: WorkerSetup, on: { heard(m: FromWorker): void; exited(): void }): Promise<void> {
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { ...workerEntry(), setup } });
  Object.assign(slot, { worker, alive: true, inFlight: 0, bytes: 0, posted: 0, checkpoint: undefined });
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
  worker.on('message', (m: FromWorker) => on.heard(m));
  worker.on('error', (e) => process.emitWarning(`conformance observe: a judge worker failed: ${e.message}`));
  worker.on('exit', () => {
    if (slot.worker === worker && slot.alive) on.exited();
  });
  return ready;
}
