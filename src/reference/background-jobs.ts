/**
 * Background jobs of the reference server: work the platform leaves to its job queue (a user's
 * removal after DELETE /users/:id answered 204, a project or group removed when its deletion
 * delay ends). Each job is due at a time of the server's clock and runs before the first request
 * that arrives at or after that time: a pinned clock pins the jobs too, and nothing runs while the
 * server is idle or after it closed (no timers to clear).
 *
 *   jobs.schedule('user:7', new Date(clock().getTime() + 60_000), () => deleteUser(store, user, o));
 *   jobs.runDue(clock);   // the onRequest hook, before every request
 */
import type { Clock } from './clock.ts';

interface Job {
  due: number;
  run: () => void;
}

export class BackgroundJobs {
  private readonly jobs = new Map<string, Job>();
  /** The earliest due time of the jobs waiting (Infinity when none): most requests stop at this one comparison. */
  private earliest = Infinity;

  /**
   * Schedules `run` under `key`. A job already waiting under that key is replaced, but keeps the
   * earlier due time (asking again never postpones what the queue already holds).
   */
  schedule(key: string, due: Date, run: () => void): void {
    const waiting = this.jobs.get(key);
    const at = waiting ? Math.min(waiting.due, due.getTime()) : due.getTime();
    this.jobs.set(key, { due: at, run });
    this.earliest = Math.min(this.earliest, at);
  }

  has(key: string): boolean {
    return this.jobs.has(key);
  }

  /** Drops the job under `key` (the earliest due time may stay behind: one needless look, no harm). */
  cancel(key: string): void {
    this.jobs.delete(key);
  }

  /** Runs every job due by now, earliest first (a job may schedule or cancel others). */
  runDue(clock: Clock): void {
    if (this.earliest === Infinity) return;
    const now = clock().getTime();
    if (now < this.earliest) return;
    for (;;) {
      let next: [string, Job] | undefined;
      for (const entry of this.jobs) if (entry[1].due <= now && (!next || entry[1].due < next[1].due)) next = entry;
      if (!next) break;
      this.jobs.delete(next[0]);
      next[1].run();
    }
    this.earliest = Infinity;
    for (const job of this.jobs.values()) this.earliest = Math.min(this.earliest, job.due);
  }
}
