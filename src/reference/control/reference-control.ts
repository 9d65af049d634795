/**
 * The control surface of a running reference, from code: reset to the seeded state and move the
 * clock. Made once per app (app.ts), after seeding; the HTTP routes (control-routes.ts) and the
 * handle of startReferenceServer call the same functions.
 *
 *   const control = createReferenceControl(ctx, time);  // after seed + data applied
 *   control.reset();                                   // seeded rows, ids, clock; no queued jobs
 *   control.advanceClock(3_600_000);                   // an hour later, for every request
 *   control.setClock('2030-01-01T00:00:00Z');
 *   control.onReset(() => log.clear());                // what else a reset empties (the request log)
 */
import { BackgroundJobs } from '../background-jobs.ts';
import type { RefContext } from '../context.ts';
import { resumeEpicIids } from '../domain/epics.ts';
import type { ControlledClock } from './controlled-clock.ts';
import { restoreStore, snapshotStore } from './snapshot.ts';

export interface ReferenceControl {
  /** Back to the state right after seeding: the store, the id sequences, the clock (offset zero), no queued jobs. */
  reset(): void;
  /** The server's clock moves by `ms` milliseconds; returns the new now. */
  advanceClock(ms: number): Date;
  /** The server's clock moves to `instant` (an ISO 8601 text or a Date) and runs on from there. */
  setClock(instant: string | Date): Date;
  /** The server's now. */
  now(): Date;
}

/** The control as the app holds it: also told what else a reset empties. */
export interface AppControl extends ReferenceControl {
  /** `listener` runs after every reset, from code or over HTTP (the request log is cleared this way). */
  onReset(listener: () => void): void;
}

export function createReferenceControl(ctx: RefContext, time: ControlledClock): AppControl {
  const seeded = snapshotStore(ctx.store);
  const listeners: (() => void)[] = [];
  return {
    reset() {
      restoreStore(ctx.store, seeded);
      resumeEpicIids(ctx.store);
      ctx.jobs = new BackgroundJobs();
      time.rewind();
      for (const listener of listeners) listener();
    },
    onReset: (listener) => void listeners.push(listener),
    advanceClock: (ms) => time.advance(ms),
    setClock(instant) {
      const at = typeof instant === 'string' ? new Date(instant) : instant;
      if (Number.isNaN(at.getTime())) throw new RangeError(`not an instant: ${String(instant)}`);
      return time.set(at);
    },
    now: () => time.clock(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Reset and clock of this reference (control/reference-control.ts). */
    refControl: ReferenceControl;
  }
}
