/**
 * Arbitraries for pagination properties: collection sizes (small, to bound the requests), per_page
 * values that matter (1, small odd and even values, anything up to 100, exactly 100, and beyond the
 * maximum) and pages relative to a collection (in range, the last, just past the end, far past it).
 *
 *   fc.sample(perPageArb, { seed: 1, numRuns: 5 })   // e.g. [3, 1, 100, 17, 250]
 *   const [size, perPages] = fc.sample(fc.tuple(collectionSizeArb(45), perPageListArb), 1)[0]!;
 */
import fc from 'fast-check';
import { PER_PAGE_MAX } from '../../spec/limits.ts';

/** A collection size from 0 to max (both ends drawn often: empty and full collections matter). */
export function collectionSizeArb(max = 45): fc.Arbitrary<number> {
  return fc.oneof({ weight: 1, arbitrary: fc.constantFrom(0, 1, max) }, { weight: 5, arbitrary: fc.integer({ min: 0, max }) });
}

/** per_page: mostly small (many pages, odd and even), some mid values, 100 and values over 100. */
export const perPageArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 7 }) },
  { weight: 3, arbitrary: fc.integer({ min: 8, max: 99 }) },
  { weight: 1, arbitrary: fc.constantFrom(PER_PAGE_MAX, PER_PAGE_MAX + 1, 250) },
);

/** One to three distinct per_page values to check against one collection. */
export const perPageListArb: fc.Arbitrary<number[]> = fc.uniqueArray(perPageArb, { minLength: 1, maxLength: 3 });

/** The per_page a server applies under the spec (at most 100); clamping is the only allowed reading besides refusing. */
export const appliedPerPage = (perPage: number): number => Math.min(perPage, PER_PAGE_MAX);

/** The number of pages of a collection of `size` items (at least 1). */
export const pageCount = (size: number, perPage: number): number => Math.max(1, Math.ceil(size / appliedPerPage(perPage)));

/** A page relative to the collection's page count: 'in' (1..pages), 'past' (pages + 1..pages + 3), 'far' (pages + 10..). */
export const pageChoiceArb: fc.Arbitrary<{ where: 'in' | 'past' | 'far'; pick: number }> = fc.record({
  where: fc.constantFrom('in' as const, 'in' as const, 'past' as const, 'far' as const),
  pick: fc.nat({ max: 1000 }),
});

/** The page number a pageChoiceArb value means for a collection of `pages` pages. */
export function resolvePage(choice: { where: 'in' | 'past' | 'far'; pick: number }, pages: number): number {
  if (choice.where === 'in') return 1 + (choice.pick % pages);
  if (choice.where === 'past') return pages + 1 + (choice.pick % 3);
  return pages + 10 + (choice.pick % 20);
}
