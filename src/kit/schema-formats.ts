/**
 * The formats the schemas name: `api-datetime` (2020-01-01T12:00:00.000Z exactly: milliseconds
 * and Z) and `api-date` (YYYY-MM-DD), both real calendar dates, beside ajv-formats' own. The
 * compiler and the precompiled validators (schema-code.ts) get the same definitions.
 *
 *   isApiDatetime('2020-02-30T00:00:00.000Z')  // false: no such day
 *   schemaFormats()['api-date']                // { type: 'string', validate: isApiDate }
 */
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{3}Z$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function realDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= MONTH_DAYS[m - 1]! + (leap ? 1 : 0);
}

/** ISO 8601 with milliseconds and Z, e.g. 2020-01-01T12:00:00.000Z, and a real calendar time. */
export function isApiDatetime(s: string): boolean {
  const m = DATETIME_RE.exec(s);
  if (!m) return false;
  return realDate(+m[1]!, +m[2]!, +m[3]!) && +m[4]! <= 23 && +m[5]! <= 59 && +m[6]! <= 59;
}

/** YYYY-MM-DD and a real calendar date. */
export function isApiDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  return realDate(+m[1]!, +m[2]!, +m[3]!);
}

/** The formats schemas may name: ajv-formats' and the API's own; the compiler and precompiled code get the same. */
export function schemaFormats(): Record<string, unknown> {
  const { fullFormats } = requireHere('ajv-formats/dist/formats') as { fullFormats: Record<string, unknown> };
  return {
    ...fullFormats,
    'api-datetime': { type: 'string', validate: isApiDatetime },
    'api-date': { type: 'string', validate: isApiDate },
  };
}
