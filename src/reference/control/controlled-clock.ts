/**
 * A clock the test moves: the base clock (the system's, or the one given) plus an offset, or a
 * pinned instant when the base is itself pinned. advance() and set() move what every "now" of
 * the server reads (token expiry, deactivation windows, broadcast windows, delayed deletion);
 * rewind() puts the offset back to zero (the reset between tests).
 *
 *   const time = controlledClock(systemClock);
 *   time.advance(86_400_000);              // tomorrow, for every request from now on
 *   time.set('2030-01-01T00:00:00.000Z');  // that instant (the clock then runs on from it)
 *   time.clock();                          // the Clock to give the app
 */
import type { Clock } from '../clock.ts';

export interface ControlledClock {
  clock: Clock;
  /** Moves the clock forward (or back, with a negative number) by `ms` milliseconds. */
  advance(ms: number): Date;
  /** Moves the clock to `instant`; it runs on from there as the base clock does. */
  set(instant: Date): Date;
  /** Back to the base clock (offset zero). */
  rewind(): void;
}

export function controlledClock(base: Clock): ControlledClock {
  let offset = 0;
  const clock: Clock = () => (offset === 0 ? base() : new Date(base().getTime() + offset));
  return {
    clock,
    advance(ms) {
      offset += ms;
      return clock();
    },
    set(instant) {
      offset = instant.getTime() - base().getTime();
      return clock();
    },
    rewind() {
      offset = 0;
    },
  };
}
