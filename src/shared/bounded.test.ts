/**
 * mapBounded: every item is handled, results come back in the items' order, and never more than
 * the bound are in flight at once (yet more than one when the bound allows).
 *
 *   npx vitest run src/shared/bounded.test.ts
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { mapBounded } from './bounded.ts';

async function peakInFlight(items: number, limit: number): Promise<{ peak: number; results: number[] }> {
  let inFlight = 0;
  let peak = 0;
  const results = await mapBounded(
    Array.from({ length: items }, (_, i) => i),
    limit,
    async (i) => {
      peak = Math.max(peak, ++inFlight);
      await sleep(5 + ((i * 7) % 5)); // finishing out of order
      inFlight -= 1;
      return i * 10;
    },
  );
  return { peak, results };
}

test('at most `limit` calls in flight, all of them used, results in the items order', async () => {
  const { peak, results } = await peakInFlight(20, 4);
  expect(peak).toBe(4);
  expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i * 10));
});

test('a bound of 1 goes one after the other; an empty list answers at once', async () => {
  expect((await peakInFlight(5, 1)).peak).toBe(1);
  expect(await mapBounded([], 3, async () => 1)).toEqual([]);
});
