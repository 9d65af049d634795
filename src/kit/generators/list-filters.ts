/**
 * Arbitraries for filter properties: small data sets of epics and users with random states,
 * labels, words and flags, and random combinations of the list filters the spec defines. Words
 * come from a fixed pool of distinct whole words (none is part of another or of a run name), so a
 * search for one never depends on search semantics the spec leaves open. Time-range bounds are
 * drawn as a choice (an item's own time, or a point between two items' times) and resolved
 * against the times the server showed (rangeBounds, src/kit/range-bounds.ts).
 *
 *   fc.sample(epicDataArb, 1)[0]   // [{ titleWords: ['amber'], labels: [0, 2], closed: true, byOther: false, ... }]
 *   rangeBounds(shownTimes, { after: { kind: 'own', at: 0.5 } })   // { after: { sent: '...', at: 1764... } }
 */
import fc from 'fast-check';
import { between, onOrAfter, onOrBefore, timestampGrainMs } from '../range-bounds.ts';

export const SEARCH_WORDS = ['amber', 'birch', 'cobalt', 'dune'] as const;
export const LABEL_COUNT = 3;

const words = fc.subarray([...SEARCH_WORDS]);
const labelIndexes = fc.subarray([...Array(LABEL_COUNT).keys()]);

export interface EpicSpec {
  titleWords: string[];
  descriptionWords: string[];
  labels: number[];
  closed: boolean;
  byOther: boolean;
}

/** One to six epics: title and description words, labels (indexes into the run's label names), closed or not, author. */
export const epicDataArb: fc.Arbitrary<EpicSpec[]> = fc.array(
  fc.record({ titleWords: words, descriptionWords: words, labels: labelIndexes, closed: fc.boolean(), byOther: fc.boolean() }),
  { minLength: 1, maxLength: 6 },
);

export interface EpicFilter {
  state?: 'opened' | 'closed' | 'all';
  labels?: number[];
  author?: 'admin' | 'other';
  search?: string;
}

/** A random combination of the epic list filters (any of them may be absent). */
export const epicFilterArb: fc.Arbitrary<EpicFilter> = fc.record(
  {
    state: fc.constantFrom('opened' as const, 'closed' as const, 'all' as const),
    labels: fc.subarray([...Array(LABEL_COUNT).keys()], { minLength: 1, maxLength: 2 }),
    author: fc.constantFrom('admin' as const, 'other' as const),
    search: fc.constantFrom(...SEARCH_WORDS),
  },
  { requiredKeys: [] },
);

export interface UserSpec {
  blocked: boolean;
  external: boolean;
  nameWord: string;
}

/** One to five users: blocked or not, external or not, a word in the name. */
export const userDataArb: fc.Arbitrary<UserSpec[]> = fc.array(
  fc.record({ blocked: fc.boolean(), external: fc.boolean(), nameWord: fc.constantFrom(...SEARCH_WORDS) }),
  { minLength: 1, maxLength: 5 },
);

export interface UserFilter {
  active?: true;
  blocked?: true;
  external?: true;
  username?: { index: number; upper: boolean };
}

/** A random combination of GET /users filters beside search (only `true` is supported for active and blocked). */
export const userFilterArb: fc.Arbitrary<UserFilter> = fc.record(
  {
    active: fc.constant(true as const),
    blocked: fc.constant(true as const),
    external: fc.constant(true as const),
    username: fc.record({ index: fc.nat(4), upper: fc.boolean() }),
  },
  { requiredKeys: [] },
);

/** A time-range data set: `count` epics made one after another, then those in `touched` updated in that order. */
export interface RangeDataSpec {
  count: number;
  touched: number[];
}

/** One to five epics, some updated afterwards in a random order (so updated times differ from created ones). */
export const rangeDataArb: fc.Arbitrary<RangeDataSpec> = fc
  .integer({ min: 1, max: 5 })
  .chain((count) => fc.record({ count: fc.constant(count), touched: fc.shuffledSubarray([...Array(count).keys()]) }));

/** Where a bound goes: on an item's own time, or between two items' times; `at` picks which (0 first, 1 last). */
export interface BoundPick {
  kind: 'own' | 'between';
  at: number;
}

export interface RangePick {
  after?: BoundPick;
  before?: BoundPick;
}

const boundPickArb: fc.Arbitrary<BoundPick> = fc.record({
  kind: fc.constantFrom('own' as const, 'between' as const),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
});

/** A lower bound, an upper bound, or both. */
export const rangePickArb: fc.Arbitrary<RangePick> = fc
  .record({ after: boundPickArb, before: boundPickArb }, { requiredKeys: [] })
  .filter((r) => r.after !== undefined || r.before !== undefined);

/** A bound as sent (`sent`) and the shown instant an item's shown time is compared with (`at`, ms). */
export interface Bound {
  sent: string;
  at: number;
}

/**
 * The drawn bounds over the times the server showed. An own-time bound is sent as range-bounds.ts
 * writes it (the shown text after, its last microsecond before) and keeps an item whose shown time
 * is on or after / on or before it; a between bound lies a whole grain from both neighbours. Where
 * no two times are two grains apart, a between pick falls back to an own time.
 *
 *   const { after } = rangeBounds(times, pick);
 *   const keep = (shown: string) => !after || Date.parse(shown) >= after.at;
 */
export function rangeBounds(shown: readonly string[], pick: RangePick): { after?: Bound; before?: Bound } {
  const grain = timestampGrainMs(shown);
  const times = [...new Map(shown.map((t) => [Date.parse(t), t])).entries()].sort((a, b) => a[0] - b[0]);
  const gaps = times.slice(1).flatMap(([, later], i) => {
    const mid = between(times[i]![1], later, grain);
    return mid === undefined ? [] : [mid];
  });
  const choose = <T>(list: readonly T[], at: number): T => list[Math.min(list.length - 1, Math.floor(at * list.length))]!;
  const resolve = (p: BoundPick, side: 'after' | 'before'): Bound => {
    if (p.kind === 'between' && gaps.length > 0) {
      const mid = choose(gaps, p.at);
      return { sent: mid, at: Date.parse(mid) };
    }
    const [at, text] = choose(times, p.at);
    return { sent: side === 'after' ? onOrAfter(text) : onOrBefore(text, grain), at };
  };
  return {
    ...(pick.after ? { after: resolve(pick.after, 'after') } : {}),
    ...(pick.before ? { before: resolve(pick.before, 'before') } : {}),
  };
}

/** Whether an item shown at `shown` is within the bounds (on or after `after`, on or before `before`). */
export function withinBounds(shown: string, bounds: { after?: Bound; before?: Bound }): boolean {
  const t = Date.parse(shown);
  return (!bounds.after || t >= bounds.after.at) && (!bounds.before || t <= bounds.before.at);
}
