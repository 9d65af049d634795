/**
 * Bounds of datetime range filters ("on or after" / "on or before") built from the timestamps the
 * server showed, at the grain it shows them. The spec writes datetimes with milliseconds; a server
 * may keep a finer clock (microseconds) and still show milliseconds, cut. So an item shown as
 * 12:00:00.123Z may be stored as 12:00:00.123456: its own value as a lower bound is the shown text,
 * and as an upper bound the last instant the shown text can stand for, 12:00:00.123999Z (the same
 * millisecond to a server that reads milliseconds). A server whose timestamps show whole seconds
 * only has a grain of one second: 12:00:00.999999Z. A bound between two items lies a whole grain
 * away from both, so no stored value of either can reach it.
 *
 *   const grain = timestampGrainMs([a.created_at, b.created_at]);      // 1, or 1000 for whole seconds
 *   { created_after: onOrAfter(b.created_at) }                         // lists b: on its own value
 *   { created_before: onOrBefore(b.created_at, grain) }                // lists b: '...:01.123999Z'
 *   { created_before: between(a.created_at, b.created_at, grain) }     // lists a, not b (or undefined)
 */
import { FINE_CLOCK_GAP_MS, timestampGapMs } from './timestamp-gap.ts';

/** One millisecond when any sample shows a non-zero millisecond part, else one second. */
export function timestampGrainMs(samples: readonly unknown[]): number {
  return samples.some((s) => timestampGapMs(s) === FINE_CLOCK_GAP_MS) ? 1 : 1000;
}

/** An "on or after" bound equal to an item's own timestamp: the text the server showed, as it is. */
export function onOrAfter(shown: string): string {
  return shown;
}

/** An "on or before" bound equal to an item's own timestamp: the last microsecond of its grain. */
export function onOrBefore(shown: string, grainMs: number): string {
  const last = new Date(instant(shown) + grainMs - 1).toISOString();
  return last.replace(/Z$/, '999Z');
}

/**
 * A bound strictly between two items' timestamps, a whole grain from each (the earlier one's grain
 * ends before it, the later one starts after it); undefined when they are less than two grains apart.
 */
export function between(earlier: string, later: string, grainMs: number): string | undefined {
  const [a, b] = [instant(earlier), instant(later)];
  if (b - a < 2 * grainMs) return undefined;
  const mid = Math.floor((a + b) / 2 / grainMs) * grainMs;
  return new Date(Math.max(mid, a + grainMs)).toISOString();
}

function instant(shown: string): number {
  const t = Date.parse(shown);
  if (Number.isNaN(t)) throw new Error(`not a datetime: ${JSON.stringify(shown)}`);
  return t;
}
