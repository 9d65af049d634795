/**
 * Waiting until the target's timestamps tell two writes apart, no longer than its clock needs.
 * The spec writes datetimes with milliseconds but leaves open how fine the server's clock is: a
 * server that keeps whole seconds writes .000 every time and needs a little over a second
 * between two writes; a timestamp read back with a non-zero millisecond part shows a finer clock,
 * and a short wait is enough (a few ticks of even a coarse 16 ms clock).
 *
 *   const a = await createThing();                           // then read a's time back from the server
 *   await waitPastTimestamp(readBack.created_at);            // 50 ms, or 1,100 ms for a whole-second clock
 *   const b = await createThing();                           // b.created_at > a.created_at
 */

/** The wait when the server's clock may keep whole seconds. */
export const SECOND_CLOCK_GAP_MS = 1100;
/** The wait when the server's timestamps show milliseconds. */
export const FINE_CLOCK_GAP_MS = 50;

/** How long to wait after a write whose timestamp (as the server reads it back) is `sample`. */
export function timestampGapMs(sample: unknown): number {
  const fraction = typeof sample === 'string' ? /T\d\d:\d\d:\d\d\.(\d+)/.exec(sample)?.[1] : undefined;
  return fraction && /[1-9]/.test(fraction) ? FINE_CLOCK_GAP_MS : SECOND_CLOCK_GAP_MS;
}

/** Waits until a write after now carries a later timestamp than `sample` on the target's clock. */
export function waitPastTimestamp(sample: unknown): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, timestampGapMs(sample)));
}
