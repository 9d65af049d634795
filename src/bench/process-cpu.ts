/**
 * CPU time of this process's finished children (and their own finished children): the cutime
 * and cstime of /proc/self/stat (Linux). A child's whole process tree is counted once it has
 * exited and been waited for, so the difference around a child's run is that run's CPU time.
 *
 *   const before = childrenCpuMs(); await runChild(); const used = childrenCpuMs()! - before!;
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

export function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Milliseconds of CPU (user + system) used by waited-for children; undefined where /proc is absent. */
export function childrenCpuMs(): number | undefined {
  let stat: string;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined;
  }
  // Fields after "(comm) ": state is field 3, cutime field 16, cstime field 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[16 - 3]) + Number(fields[17 - 3]);
  return (ticks * 1000) / clockTicks();
}
