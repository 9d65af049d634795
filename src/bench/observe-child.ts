/**
 * Child-process entry of `conformance observe` under load (bench lines 10 to 14): startObserve in
 * front of OBSERVE_UPSTREAM, as an operator runs it, in a process of its own like the plain proxy it
 * is measured against. Protocol of children.ts: ready -> { url }; 'stats' -> its counts (asked of the
 * judges: every exchange handed over is judged before the answer) with CPU and memory; 'stop' writes
 * the report into a temporary folder. OBSERVE_JUDGES, OBSERVE_LOW_PRIORITY=0, OBSERVE_QUEUE,
 * OBSERVE_SAMPLE, OBSERVE_PAUSE, OBSERVE_STEADY, OBSERVE_BUSY and OBSERVE_COPY_ALL=1 vary it (to tell the forwarding's cost from the judges').
 *
 *   const observe = await startChild('observe-child.ts', { OBSERVE_UPSTREAM: 'http://127.0.0.1:4010' });
 *   (await observe.ask('stats')).counts   // { exchanges, judged, shed, ... }
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startObserve } from '../observe/index.ts';
import { serveParent } from './children.ts';
import { processStats } from './observe-child-stats.ts';

const env = process.env;
const reportsDir = mkdtempSync(join(tmpdir(), 'cfk-bench-observe-'));
const observe = await startObserve({
  upstream: env.OBSERVE_UPSTREAM ?? '',
  reportsDir,
  judges: env.OBSERVE_JUDGES ? Number(env.OBSERVE_JUDGES) : undefined,
  queueLimit: env.OBSERVE_QUEUE ? Number(env.OBSERVE_QUEUE) : undefined,
  lowPriorityJudges: env.OBSERVE_LOW_PRIORITY !== '0',
  sample: env.OBSERVE_SAMPLE ? Number(env.OBSERVE_SAMPLE) : undefined,
  pauseJudgesWhenWaiting: env.OBSERVE_PAUSE ? Number(env.OBSERVE_PAUSE) : undefined,
  steadyRate: env.OBSERVE_STEADY ? Number(env.OBSERVE_STEADY) : undefined,
  spareJudgesBelowBusy: env.OBSERVE_BUSY ? Number(env.OBSERVE_BUSY) : undefined,
  copyAll: env.OBSERVE_COPY_ALL === '1',
});

async function stats() {
  const snapshot = await observe.snapshot();
  return { ...processStats(), counts: snapshot.counts, findings: snapshot.server.length + snapshot.client.length };
}

serveParent({ stats }, async () => {
  await observe.stop();
  rmSync(reportsDir, { recursive: true, force: true });
});
process.send?.({ type: 'ready', url: observe.url });
