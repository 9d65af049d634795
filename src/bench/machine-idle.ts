/**
 * The machine's idle CPU over a run, in cores (Linux /proc/stat: the idle and iowait time of every
 * core). Bench line 13 says with it how much CPU the machine had left at half rate through the plain
 * proxy: what observe's judges could at best have used. Undefined where /proc is absent.
 *
 *   const before = idleMs(); await load(); const cores = idleCores(before, idleMs(), elapsedMs);
 */
import { readFileSync } from 'node:fs';
import { clockTicks } from './process-cpu.ts';

/** Milliseconds of idle CPU summed over the cores since boot. */
export function idleMs(): number | undefined {
  let stat: string;
  try {
    stat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return undefined;
  }
  // "cpu  user nice system idle iowait irq softirq ...": the first line sums every core.
  const fields = stat.slice(0, stat.indexOf('\n')).trim().split(/\s+/);
  return ((Number(fields[4]) + Number(fields[5])) * 1000) / clockTicks();
}

/** Idle cores on average between two readings `elapsedMs` apart. */
export function idleCores(before: number | undefined, after: number | undefined, elapsedMs: number): number | undefined {
  return before === undefined || after === undefined || elapsedMs <= 0 ? undefined : (after - before) / elapsedMs;
}
