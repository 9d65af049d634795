/**
 * The controlled clock: advance, set and rewind move what the base clock reads.
 *
 *   npx vitest run src/reference/control/controlled-clock.test.ts
 */
import { describe, expect, it } from 'vitest';
import { controlledClock } from './controlled-clock.ts';

describe('controlled clock', () => {
  const base = () => new Date('2024-05-01T12:00:00.000Z');
  it('advances, sets and rewinds', () => {
    const time = controlledClock(base);
    expect(time.clock().toISOString()).toBe('2024-05-01T12:00:00.000Z');
    expect(time.advance(86_400_000).toISOString()).toBe('2024-05-02T12:00:00.000Z');
    expect(time.advance(1_000).toISOString()).toBe('2024-05-02T12:00:01.000Z');
    expect(time.set(new Date('2030-01-01T00:00:00Z')).toISOString()).toBe('2030-01-01T00:00:00.000Z');
    time.rewind();
    expect(time.clock().toISOString()).toBe('2024-05-01T12:00:00.000Z');
  });
});
