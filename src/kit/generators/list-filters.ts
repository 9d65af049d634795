/**
 * Arbitraries for filter properties: small data sets of epics and users with random states,
 * labels, words and flags, and random combinations of the list filters the spec defines. Words
 * come from a fixed pool of distinct whole words (none is part of another or of a run name), so a
 * search for one never depends on search semantics the spec leaves open.
 *
 *   fc.sample(epicDataArb, 1)[0]   // [{ titleWords: ['amber'], labels: [0, 2], closed: true, byOther: false, ... }]
 */
import fc from 'fast-check';

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
