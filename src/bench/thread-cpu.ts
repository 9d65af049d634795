/**
 * CPU time of a running process by thread (Linux /proc/PID/task/TID/stat): its main thread (TID =
 * PID) apart from the rest, and the threads at a lowered priority (observe's judges run at nice 19)
 * apart. With it the bench tells what forwarding costs from what judging costs, a measure the other
 * processes on a busy machine hardly move (unlike a rate). Undefined where /proc is absent.
 *
 *   const before = threadCpu(child.pid); await load(); const after = threadCpu(child.pid);
 *   after.mainMs - before.mainMs    // ms of CPU of the forwarding thread during the load
 */
import { readdirSync, readFileSync } from 'node:fs';
import { clockTicks } from './process-cpu.ts';

export interface ThreadCpu {
  /** The main thread (the proxy's pipes). */
  mainMs: number;
  /** Threads at nice > 0 (observe's judges). */
  niceMs: number;
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
  const out: ThreadCpu = { mainMs: 0, niceMs: 0, allMs: 0 };
  const perTick = 1000 / clockTicks();
  for (const tid of tids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    // Fields after "(comm) ": utime is field 14, stime 15, nice 19 (state is field 3).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[14 - 3]) + Number(fields[15 - 3])) * perTick;
    out.allMs += ms;
    if (tid === String(pid)) out.mainMs += ms;
    else if (Number(fields[19 - 3]) > 0) out.niceMs += ms;
  }
  return out;
}
