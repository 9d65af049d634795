/** The wait between two writes follows the grain of the server's clock, as its timestamps show it. */
import { describe, expect, test } from 'vitest';
import { FINE_CLOCK_GAP_MS, SECOND_CLOCK_GAP_MS, timestampGapMs } from './timestamp-gap.ts';

describe('timestampGapMs', () => {
  test('a timestamp with a non-zero millisecond part shows a fine clock: a short wait', () => {
    expect(timestampGapMs('2026-11-23T14:37:14.081Z')).toBe(FINE_CLOCK_GAP_MS);
    expect(timestampGapMs('2026-11-23T14:37:14.100+01:00')).toBe(FINE_CLOCK_GAP_MS);
    expect(timestampGapMs('2026-11-23T14:37:14.000123Z')).toBe(FINE_CLOCK_GAP_MS);
  });

  test('whole seconds, no fraction, or no timestamp at all: wait past the next second', () => {
    for (const sample of ['2026-11-23T14:37:14.000Z', '2026-11-23T14:37:14Z', '', undefined, null, 42, 'not a date .123']) {
      expect(timestampGapMs(sample), String(sample)).toBe(SECOND_CLOCK_GAP_MS);
    }
    expect(SECOND_CLOCK_GAP_MS).toBeGreaterThan(1000);
  });
});
