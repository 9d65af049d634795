/**
 * One vitest test per category of malformed requests, each against a fresh reference (the
 * resources one category deletes are there for the next): every generated case must get an
 * answer that keeps the rules, and the server must still answer afterwards. A failure lists the
 * exact requests that broke them.
 *
 *   fuzzCategories('malformed URLs never break the reference', URL_CATEGORIES);
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { casesFor, startFuzzTarget, type Category, type FuzzTarget } from './fuzz-target.ts';

export function fuzzCategories(title: string, categories: readonly Category[]): void {
  let t: FuzzTarget;
  beforeEach(async () => {
    t = await startFuzzTarget();
  });
  afterEach(async () => {
    await t?.close();
  });

  describe(title, () => {
    test.each(categories.map((c) => [c.name, c] as const))('%s', async (_name, category) => {
      const cases = casesFor(category, t);
      expect(cases.length).toBeGreaterThan(0);
      const failures = await t.run(cases);
      expect(
        failures.length,
        `${failures.length} of ${cases.length} answers broke the rules:\n\n${failures.slice(0, 8).join('\n\n')}`,
      ).toBe(0);
      expect(await t.healthy()).toBeUndefined();
    });
  });
}
