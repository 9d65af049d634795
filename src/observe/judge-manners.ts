/**
 * A judge's manners on a busy machine (Linux): it judges with the CPU nobody else wants. Niced to
 * 19 it still gets slices when every core is busy; so, while judging, it reads how long its own
 * thread waited on a run queue (/proc/thread-self/schedstat: time on the CPU, time waiting for
 * it). When it waited more than `waitShare` of a window, the cores are wanted by others (the
 * proxy's pipes, the upstream, other processes): it stops judging for `pauseMs`, its queue fills,
 * and the pool sheds (counted) instead of the pipes slowing down. Elsewhere (no schedstat) it never pauses.
 *
 *   const manners = new CpuManners(0.5);
 *   manners.start();                 // before a run of judging
 *   if (manners.shouldPause()) ...   // after each batch: true when the CPU is contended
 */
import { readFileSync } from 'node:fs';

function waitedNs(): number | undefined {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]);
  } catch {
    return undefined;
  }
}

export class CpuManners {
  private since = 0;
  private waited = 0;
  private readonly works: boolean;
  /** waitShare: the share of a window spent waiting for the CPU above which the judge pauses (0: never). */
  constructor(
    private readonly waitShare: number,
    private readonly windowMs = 20,
    readonly pauseMs = 100,
  ) {
    this.works = waitShare > 0 && waitedNs() !== undefined;
  }

  /** Before a run of judging: a new window, unless the last one is still running (batches arrive one by one). */
  start(): void {
    if (!this.works) return;
    const now = performance.now();
    if (now - this.since < 4 * this.windowMs) return;
    this.since = now;
    this.waited = waitedNs() ?? 0;
  }

  /** After some judging: true when, over the last window, this thread waited for the CPU more than its share. */
  shouldPause(): boolean {
    if (!this.works) return false;
    const now = performance.now();
    if (now - this.since < this.windowMs) return false;
    const waited = waitedNs() ?? 0;
    const share = (waited - this.waited) / 1e6 / (now - this.since);
    this.since = now;
    this.waited = waited;
    return share > this.waitShare;
  }
}
