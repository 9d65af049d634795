/**
 * Dates and datetimes for property runs, absolute (never the kit's clock), weighted toward the
 * days bugs live on: the last day of a month, Feb 29 of leap years, Feb 28 of common years,
 * Jan 1 and Dec 31; datetimes in several ISO 8601 forms (Z, milliseconds, offsets that move the
 * instant across a day or month boundary). Dates that must lie in the server's near future (an
 * impersonation token expires within a year) are drawn as a plan and resolved against the
 * server's today, so the same seed on the same day sends the same date.
 *
 *   fc.sample(calendarDate(), 3);              // ['2034-02-28', '2032-02-29', '2037-04-30']
 *   fc.sample(datetimeInput(), 1)[0];          // { text: '2091-01-31T23:30:00-02:00', instant: '2091-02-01T01:30:00.000Z' }
 *   resolveFutureDate({ kind: 'month-end', index: 0 }, '2025-06-14');  // '2025-06-30'
 *   isLastDayOfMonth('2032-02-29');            // true
 */
import fc from 'fast-check';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
export const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
export const formatDate = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** Year, month and day of a YYYY-MM-DD text. */
export function splitDate(date: string): { y: number; m: number; d: number } {
  const [y, m, d] = date.split('-').map(Number);
  return { y: y!, m: m!, d: d! };
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const { y, m, d } = splitDate(text);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

export function isLastDayOfMonth(date: string): boolean {
  const { y, m, d } = splitDate(date);
  return d === daysInMonth(y, m);
}

export function addDays(date: string, days: number): string {
  const { y, m, d } = splitDate(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export interface DateOptions {
  minYear?: number;
  maxYear?: number;
}

/** A calendar date between minYear and maxYear (default 2030..2040), month ends and leap days often. */
export function calendarDate(options: DateOptions = {}): fc.Arbitrary<string> {
  const { minYear = 2030, maxYear = 2040 } = options;
  const year = fc.integer({ min: minYear, max: maxYear });
  const month = fc.integer({ min: 1, max: 12 });
  const leapYears = Array.from({ length: maxYear - minYear + 1 }, (_, i) => minYear + i).filter(isLeapYear);
  const commonYears = Array.from({ length: maxYear - minYear + 1 }, (_, i) => minYear + i).filter((y) => !isLeapYear(y));
  const arbs: { weight: number; arbitrary: fc.Arbitrary<string> }[] = [
    {
      weight: 4,
      arbitrary: fc
        .tuple(year, month, fc.integer({ min: 1, max: 31 }))
        .map(([y, m, d]) => formatDate(y, m, Math.min(d, daysInMonth(y, m)))),
    },
    { weight: 4, arbitrary: fc.tuple(year, month).map(([y, m]) => formatDate(y, m, daysInMonth(y, m))) },
    { weight: 1, arbitrary: fc.tuple(year, fc.constantFrom([1, 1], [12, 31])).map(([y, [m, d]]) => formatDate(y, m!, d!)) },
  ];
  if (leapYears.length) arbs.push({ weight: 2, arbitrary: fc.constantFrom(...leapYears).map((y) => formatDate(y, 2, 29)) });
  if (commonYears.length) arbs.push({ weight: 1, arbitrary: fc.constantFrom(...commonYears).map((y) => formatDate(y, 2, 28)) });
  return fc.oneof(...arbs);
}

/** Two calendar dates, the first not after the second (an epic's start and due dates). */
export function dateSpan(options: DateOptions = {}): fc.Arbitrary<{ start: string; due: string }> {
  return fc.tuple(calendarDate(options), calendarDate(options)).map(([a, b]) => (a <= b ? { start: a, due: b } : { start: b, due: a }));
}

/** A datetime as sent (`text`) and the instant it names (`instant`, ISO with milliseconds and Z). */
export interface DatetimeInput {
  text: string;
  instant: string;
}

/**
 * A datetime between minYear and maxYear (default 2090..2099: far ahead of any server's clock),
 * written with Z, with milliseconds, or with an offset; times near midnight and month ends often.
 */
export function datetimeInput(options: DateOptions = {}): fc.Arbitrary<DatetimeInput> {
  const { minYear = 2090, maxYear = 2099 } = options;
  const time = fc.oneof(
    fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 })),
    fc.constantFrom<[number, number, number]>([0, 0, 0], [23, 59, 59], [23, 30, 0], [0, 30, 0]),
  );
  const form = fc.constantFrom('Z', 'ms', 'offset+', 'offset-');
  return fc
    .tuple(
      calendarDate({ minYear, maxYear }),
      time,
      fc.integer({ min: 0, max: 999 }),
      form,
      fc.integer({ min: 1, max: 14 }),
      fc.constantFrom(0, 30),
    )
    .map(([date, [h, mi, sec], ms, f, oh, om]) => {
      const local = `${date}T${pad(h)}:${pad(mi)}:${pad(sec)}`;
      if (f === 'Z') return { text: `${local}Z`, instant: `${local}.000Z` };
      if (f === 'ms') return { text: `${local}.${pad(ms, 3)}Z`, instant: `${local}.${pad(ms, 3)}Z` };
      const sign = f === 'offset+' ? 1 : -1;
      const offsetMs = sign * (oh * 60 + om) * 60_000;
      const instant = new Date(Date.parse(`${local}Z`) - offsetMs).toISOString();
      return { text: `${local}${sign > 0 ? '+' : '-'}${pad(oh)}:${pad(om)}`, instant };
    });
}

/** Two datetimes, the first before the second (a broadcast message's window). */
export function datetimeWindow(options: DateOptions = {}): fc.Arbitrary<{ starts: DatetimeInput; ends: DatetimeInput }> {
  return fc
    .tuple(datetimeInput(options), datetimeInput(options))
    .filter(([a, b]) => a.instant !== b.instant)
    .map(([a, b]) => (a.instant < b.instant ? { starts: a, ends: b } : { starts: b, ends: a }));
}

/** Where in the server's next year a date falls: the end of the month `index` months on, the next Feb 29, or a day offset. */
export type FutureDatePlan = { kind: 'month-end'; index: number } | { kind: 'leap-day' } | { kind: 'offset'; days: number };

/** Plans for dates within `days` (default 360) after the server's today. */
export function futureDatePlan(days = 360): fc.Arbitrary<FutureDatePlan> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 10 }).map((index) => ({ kind: 'month-end' as const, index })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'leap-day' as const }) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: days }).map((d) => ({ kind: 'offset' as const, days: d })) },
  );
}

/** The plan's date after `today` (YYYY-MM-DD), at most `days` ahead; a leap day out of reach becomes the next end of February (or the last month end in reach). */
export function resolveFutureDate(plan: FutureDatePlan, today: string, days = 360): string {
  const latest = addDays(today, days);
  const { y, m } = splitDate(today);
  const monthEnd = (k: number) => {
    const first = new Date(Date.UTC(y, m - 1 + k, 1));
    return formatDate(first.getUTCFullYear(), first.getUTCMonth() + 1, daysInMonth(first.getUTCFullYear(), first.getUTCMonth() + 1));
  };
  let date: string;
  if (plan.kind === 'offset') date = addDays(today, plan.days);
  else if (plan.kind === 'month-end') date = monthEnd(plan.index) > today ? monthEnd(plan.index) : monthEnd(plan.index + 1);
  else {
    const year = [y, y + 1].find((yr) => isLeapYear(yr) && formatDate(yr, 2, 29) > today && formatDate(yr, 2, 29) <= latest);
    const februaryEnd = Array.from({ length: 13 }, (_, k) => monthEnd(k)).find((d) => d.slice(5, 7) === '02' && d > today);
    const lastMonthEnd = Array.from({ length: 13 }, (_, k) => monthEnd(k))
      .filter((d) => d > today && d <= latest)
      .pop();
    date = year ? formatDate(year, 2, 29) : februaryEnd && februaryEnd <= latest ? februaryEnd : (lastMonthEnd ?? monthEnd(0));
  }
  if (date <= today) date = addDays(today, 1);
  return date > latest ? latest : date;
}

/** Texts that are no calendar date in YYYY-MM-DD form, each with the rule it breaks. */
export const INVALID_DATES: readonly { text: string; rule: string }[] = [
  { text: '2031-02-29', rule: 'Feb 29 of a common year is no date' },
  { text: '2032-02-30', rule: 'Feb 30 is no date' },
  { text: '2031-04-31', rule: 'April has 30 days' },
  { text: '2031-13-01', rule: 'there is no month 13' },
  { text: '2031-00-10', rule: 'there is no month 0' },
  { text: '2031-01-00', rule: 'there is no day 0' },
  { text: '31/01/2031', rule: 'not in YYYY-MM-DD form' },
  { text: 'next tuesday', rule: 'not a date at all' },
];

/** Texts that are no ISO 8601 datetime. */
export const INVALID_DATETIMES: readonly { text: string; rule: string }[] = [
  { text: '2091-02-30T10:00:00Z', rule: 'Feb 30 is no date' },
  { text: '2091-01-01T25:00:00Z', rule: 'there is no hour 25' },
  { text: '2091-01-01T10:61:00Z', rule: 'there is no minute 61' },
  { text: 'not a datetime', rule: 'not a datetime at all' },
];
