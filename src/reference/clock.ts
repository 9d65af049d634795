/**
 * The injectable clock: every "now" of the reference server comes from here, so tests can
 * pin time and move it.
 *
 *   const clock: Clock = () => new Date('2024-05-01T12:00:00.000Z');
 *   today(clock); // '2024-05-01'
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The system clock cut to whole seconds: a conforming server whose timestamps all end in .000. */
export const wholeSecondClock: Clock = () => new Date(Math.floor(Date.now() / 1000) * 1000);

const DAY_MS = 86_400_000;
/** The last day formatted, and its bounds: every authenticated request asks, mostly on the same day. */
let known = { day: '', start: 0, end: 0 };

/** Today's date (UTC) as YYYY-MM-DD. */
export function today(clock: Clock): string {
  const ms = clock().getTime();
  if (ms < known.start || ms >= known.end) {
    const start = Math.floor(ms / DAY_MS) * DAY_MS;
    known = { day: new Date(start).toISOString().slice(0, 10), start, end: start + DAY_MS };
  }
  return known.day;
}

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
