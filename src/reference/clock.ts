/**
 * The injectable clock: every "now" of the reference server comes from here, so tests can
 * pin time and move it.
 *
 *   const clock = fixedClock('2024-05-01T12:00:00.000Z');
 *   today(clock); // '2024-05-01'
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock that always answers the same instant (tests). */
export function fixedClock(iso: string): Clock {
  const at = new Date(iso).getTime();
  return () => new Date(at);
}

/** Today's date (UTC) as YYYY-MM-DD. */
export function today(clock: Clock): string {
  return clock().toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
