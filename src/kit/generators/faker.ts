/**
 * faker inside fast-check: a value built by faker from a seed that fast-check draws, so one seed
 * (the property's, derived from CONFORMANCE_SEED) drives both, and a run replays exactly.
 *
 *   const fullName = fromFaker((f) => f.person.fullName());
 *   fc.sample(fullName, { seed: 1, numRuns: 2 })  // the same two names on every machine
 */
import type { Faker } from '@faker-js/faker';
import { faker as shared } from '@faker-js/faker/locale/en'; // [en, base]; the package index would load every locale
import fc from 'fast-check';

/** An arbitrary whose values `make` builds with a faker (the English one, or `faker` of another locale) seeded from the drawn integer (no shrinking: faker values have no smaller form). */
export function fromFaker<T>(make: (f: Faker) => T, faker: Faker = shared): fc.Arbitrary<T> {
  return fc.noShrink(fc.integer({ min: 0, max: 0x7fffffff })).map((seed) => {
    faker.seed(seed);
    return make(faker);
  });
}
