/**
 * CPU time of a running process by thread (Linux /proc/PID/task/TID/stat): its main thread (TID =
 * PID) apart from the rest (observe's judges, the runtime's GC and I/O threads). With it the bench
 * tells what forwarding costs from what judging costs, a measure the other processes on a busy
 * machine move far less than a rate. Undefined where /proc is absent.
 *
 *   const before = threadCpu(child.pid); await load(); const after = threadCpu(child.pid);
 *   after.mainMs - before.mainMs    // ms of CPU of the forwarding thread during the load
 */
import { readdirSync, readFileSync } from 'node:fs';
import { clockTicks } from './process-cpu.ts';

export interface ThreadCpu {
  /** The main thread (the proxy's pipes). */
  mainMs: number;
  /** Every thread. */
  allMs: number;
}

export function threadCpu(pid: number): ThreadCpu | undefined {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  const out: ThreadCpu = { mainMs: 0, allMs: 0 };
  const perTick = 1000 / clockTicks();
  for (const tid of tids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    // Fields after "(comm) ": utime is field 14, stime 15 (state is field 3).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[14 - 3]) + Number(fields[15 - 3])) * perTick;
    out.allMs += ms;
    if (tid === String(pid)) out.mainMs += ms;
  }
  return out;
}
