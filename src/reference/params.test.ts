/**
 * Parameter coercion and the 400 messages (missing, invalid, not a valid value).
 *
 *   npx vitest run src/reference/params.test.ts
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { p, parseDate, parseDatetime, readParams } from './params.ts';

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('parseDatetime', () => {
  it('reads Z, offsets with or without a colon, milliseconds and bare dates', () => {
    expect(parseDatetime('2024-05-01T12:00:00Z')?.toISOString()).toBe('2024-05-01T12:00:00.000Z');
    expect(parseDatetime('2024-05-01T12:00:00.123+02:00')?.toISOString()).toBe('2024-05-01T10:00:00.123Z');
    expect(parseDatetime('2024-05-01T12:00:00-0130')?.toISOString()).toBe('2024-05-01T13:30:00.000Z');
    expect(parseDatetime('2024-05-01')?.toISOString()).toBe('2024-05-01T00:00:00.000Z');
  });
  it('refuses impossible or malformed values', () => {
    for (const bad of ['2024-02-30T00:00:00Z', '2024-13-01', 'yesterday', '2024-05-01T25:00:00Z', '']) {
      expect(parseDatetime(bad)).toBeUndefined();
    }
  });
});

describe('parseDate', () => {
  it('accepts real calendar dates only', () => {
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDate('2023-02-29')).toBeUndefined();
    expect(parseDate('2024-5-1')).toBeUndefined();
  });

  it('reads a full ISO datetime as the calendar date it was written with, whatever its zone', () => {
    expect(parseDate('2026-12-26T00:00:00Z')).toBe('2026-12-26');
    expect(parseDate('2026-12-26T10:00:00+02:00')).toBe('2026-12-26');
    expect(parseDate('2026-12-26T23:30:00.5-05:00')).toBe('2026-12-26');
    expect(parseDate('2026-12-26T00:30:00+14:00')).toBe('2026-12-26');
    expect(parseDate('2026-12-26 08:15')).toBe('2026-12-26');
  });

  it('refuses garbage, impossible dates and impossible times in the long form', () => {
    for (const bad of [
      '31/01/2031',
      'next tuesday',
      '2031-02-29T10:00:00Z',
      '2031-01-01T25:00:00Z',
      '2031-01-01T10:61:00Z',
      '2031-01-01T',
      '2031-01-01x',
    ]) {
      expect(parseDate(bad), bad).toBeUndefined();
    }
  });

  it('p.date() answers "<name> is invalid" to a bad value and keeps the date part of a good one', () => {
    expect(readParams({ expires_at: '2026-12-26T10:00:00+02:00' }, { expires_at: p.date() })).toEqual({ expires_at: '2026-12-26' });
    expect(errorOf(() => readParams({ expires_at: 'soon' }, { expires_at: p.date() })).body).toEqual({ message: 'expires_at is invalid' });
  });
});

describe('readParams', () => {
  const spec = {
    name: p.string().required(),
    username: p.string().required(),
    count: p.integer(),
    flag: p.boolean(),
    kind: p.oneOf(['a', 'b'] as const),
    list: p.array(p.string(), { commaSeparated: true }),
  };

  it('coerces strings from forms and values from JSON', () => {
    const v = readParams({ name: 'n', username: 'u', count: '12', flag: 'true', kind: 'a', list: 'x,y' }, spec);
    expect(v).toEqual({ name: 'n', username: 'u', count: 12, flag: true, kind: 'a', list: ['x', 'y'] });
    const j = readParams({ name: 'n', username: 'u', count: 3, flag: false, list: ['z'] }, spec);
    expect(j).toMatchObject({ count: 3, flag: false, list: ['z'] });
  });

  it('names every missing attribute in one message string', () => {
    const e = errorOf(() => readParams({}, spec));
    expect(e.status).toBe(400);
    expect(e.body).toEqual({ message: 'name is missing, username is missing' });
  });

  it('says which parameter is invalid or outside its values', () => {
    const e = errorOf(() => readParams({ name: 'n', username: 'u', count: '1.5', kind: 'c' }, spec));
    expect(e.body).toEqual({ message: 'count is invalid, kind does not have a valid value' });
    expect(errorOf(() => readParams({ name: 'n', username: 'u', flag: 'maybe' }, spec)).body).toEqual({ message: 'flag is invalid' });
  });

  it('treats null as not given and names the at-least-one-of group', () => {
    const e = errorOf(() => readParams({ a: null }, { a: p.string(), b: p.boolean() }, { atLeastOneOf: [['a', 'b']] }));
    expect(e.body).toEqual({ message: 'a, b are missing, at least one parameter must be provided' });
  });
});
