/** Time-range bounds drawn for filter properties: on an item's own time or between two, resolved over shown times. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { rangeBounds, rangeDataArb, rangePickArb, withinBounds } from './list-filters.ts';

const T = ['2026-11-23T14:37:14.081Z', '2026-11-23T14:37:14.081Z', '2026-11-23T14:37:14.082Z', '2026-11-23T14:37:14.131Z'];

describe('rangeBounds', () => {
  test("an own-time bound is the shown text after, its last microsecond before; it keeps the item's own time", () => {
    const b = rangeBounds(T, { after: { kind: 'own', at: 0.5 }, before: { kind: 'own', at: 0.5 } });
    expect(b.after?.sent).toBe('2026-11-23T14:37:14.082Z');
    expect(b.before?.sent).toBe('2026-11-23T14:37:14.082999Z');
    expect(T.filter((t) => withinBounds(t, b))).toEqual(['2026-11-23T14:37:14.082Z']);
  });

  test('a between bound lies a whole grain from both neighbours; times under two grains apart offer none', () => {
    const b = rangeBounds(T, { after: { kind: 'between', at: 0 } });
    expect(b.after?.sent).toBe('2026-11-23T14:37:14.106Z');
    expect(T.filter((t) => withinBounds(t, b))).toEqual(['2026-11-23T14:37:14.131Z']);
    const close = rangeBounds(T.slice(0, 3), { before: { kind: 'between', at: 0 } });
    expect(close.before?.sent).toBe('2026-11-23T14:37:14.081999Z');
  });

  test('whole-second times: the upper own bound runs to the end of the second', () => {
    const b = rangeBounds(['2026-11-23T14:37:14.000Z'], { before: { kind: 'own', at: 1 } });
    expect(b.before?.sent).toBe('2026-11-23T14:37:14.999999Z');
  });

  test('every drawn pick resolves to at least one bound, within the data set', () => {
    fc.assert(
      fc.property(rangeDataArb, rangePickArb, (data, pick) => {
        expect(data.touched.every((i) => i < data.count)).toBe(true);
        const b = rangeBounds(T, pick);
        expect(b.after !== undefined || b.before !== undefined).toBe(true);
      }),
    );
  });
});
