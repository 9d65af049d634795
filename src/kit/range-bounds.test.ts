/** Range-filter bounds on an item's own timestamp and between two items, at the grain the server shows. */
import { describe, expect, test } from 'vitest';
import { between, onOrAfter, onOrBefore, timestampGrainMs } from './range-bounds.ts';

describe('timestampGrainMs', () => {
  test('one millisecond when any timestamp shows milliseconds, one second when all show whole seconds', () => {
    expect(timestampGrainMs(['2026-11-23T14:37:14.000Z', '2026-11-23T14:37:15.081Z'])).toBe(1);
    expect(timestampGrainMs(['2026-11-23T14:37:14.000Z', '2026-11-23T14:37:15Z'])).toBe(1000);
    expect(timestampGrainMs([])).toBe(1000);
  });
});

describe('bounds on an item’s own timestamp', () => {
  test('on or after: the shown text as it is', () => {
    expect(onOrAfter('2026-11-23T14:37:14.081Z')).toBe('2026-11-23T14:37:14.081Z');
  });

  test('on or before: the last microsecond the shown millisecond or second stands for', () => {
    expect(onOrBefore('2026-11-23T14:37:14.081Z', 1)).toBe('2026-11-23T14:37:14.081999Z');
    expect(onOrBefore('2026-11-23T14:37:14.000Z', 1000)).toBe('2026-11-23T14:37:14.999999Z');
    expect(onOrBefore('2026-11-23T15:37:14.081+01:00', 1)).toBe('2026-11-23T14:37:14.081999Z');
  });

  test('to a server that reads milliseconds, the upper bound is the item’s own millisecond', () => {
    const shown = '2026-11-23T14:37:14.081Z';
    expect(Math.floor(Date.parse(onOrBefore(shown, 1)))).toBe(Date.parse(shown));
  });

  test('a value that is no datetime is an error naming it', () => {
    expect(() => onOrBefore('yesterday', 1)).toThrow('not a datetime: "yesterday"');
  });
});

describe('between', () => {
  test('a whole grain after the earlier item and before the later one', () => {
    expect(between('2026-11-23T14:37:14.081Z', '2026-11-23T14:37:14.131Z', 1)).toBe('2026-11-23T14:37:14.106Z');
    expect(between('2026-11-23T14:37:14.000Z', '2026-11-23T14:37:16.000Z', 1000)).toBe('2026-11-23T14:37:15.000Z');
    expect(between('2026-11-23T14:37:14.000Z', '2026-11-23T14:37:14.002Z', 1)).toBe('2026-11-23T14:37:14.001Z');
  });

  test('undefined when the items are less than two grains apart', () => {
    expect(between('2026-11-23T14:37:14.081Z', '2026-11-23T14:37:14.082Z', 1)).toBeUndefined();
    expect(between('2026-11-23T14:37:14.000Z', '2026-11-23T14:37:15.000Z', 1000)).toBeUndefined();
  });
});
