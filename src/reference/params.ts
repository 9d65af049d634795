/**
 * Parameter coercion and checks, declared per route, run before any resource lookup. Errors
 * read as the platform's: "name is missing", "per_page is invalid",
 * "broadcast_type does not have a valid value"; all problems of a request in one message.
 *
 *   const q = readParams(input(request), {
 *     message: p.string().required(),
 *     starts_at: p.datetime(),
 *     broadcast_type: p.oneOf(['banner', 'notification'] as const),
 *   });
 *   q.message;  // string
 *   q.starts_at // Date | undefined
 */
import type { FastifyRequest } from 'fastify';
import { fail } from './errors.ts';
import { isUploadedFile, type UploadedFile } from './multipart.ts';
import { queryParams } from './parse.ts';

const INVALID = Symbol('invalid');
const BAD_VALUE = Symbol('bad value');
type Outcome<T> = T | typeof INVALID | typeof BAD_VALUE | undefined;
type Coerce<T> = (raw: unknown) => Outcome<T>;

export class Param<T, R extends boolean = false> {
  constructor(
    readonly coerce: Coerce<T>,
    readonly isRequired: R,
  ) {}
  required(): Param<T, true> {
    return new Param(this.coerce, true);
  }
  /** Keeps only the given values; others are "does not have a valid value". */
  in(values: readonly T[]): Param<T, R> {
    const inner = this.coerce;
    return new Param((raw) => {
      const v = inner(raw);
      if (v === undefined || v === INVALID || v === BAD_VALUE) return v;
      return values.includes(v) ? v : BAD_VALUE;
    }, this.isRequired);
  }
}

type AnyParam = Param<unknown, boolean>;
export type ParamSpec = Record<string, AnyParam>;
export type Values<S extends ParamSpec> = {
  [K in keyof S]: S[K] extends Param<infer T, infer R> ? (R extends true ? T : T | undefined) : never;
};

const TRUE = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE = new Set(['0', 'off', 'f', 'false', 'n', 'no']);
const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function blank(raw: unknown): boolean {
  return raw === undefined || raw === null || raw === '';
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** ISO 8601 datetime with Z, an offset or no zone (UTC); a bare date is midnight UTC. */
export function parseDatetime(text: string): Date | undefined {
  const m = ISO_DATETIME.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m;
  const year = Number(y),
    month = Number(mo),
    day = Number(d);
  const hour = Number(h),
    minute = Number(mi),
    second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  const ms = Number((frac + '000').slice(0, 3));
  let offset = 0;
  if (zone.toUpperCase() !== 'Z') {
    const z = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
    if (!z) return undefined;
    const minutes = Number(z[2]) * 60 + Number(z[3] ?? '0');
    if (Number(z[2]) > 23 || Number(z[3] ?? '0') > 59) return undefined;
    offset = (z[1] === '-' ? -1 : 1) * minutes;
  }
  const at = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset * 60_000;
  return new Date(at);
}

/**
 * A calendar date, as the platform reads a `type: Date` parameter (and a date column casts a
 * DateTime): YYYY-MM-DD as given, or a full ISO 8601 datetime that keeps the calendar date it was
 * written with, whatever its zone ('2026-12-26T23:30:00-05:00' is '2026-12-26'). Undefined when
 * not a real date or datetime ('31/01/2031', '2031-02-29', '2031-01-01T25:00:00Z').
 */
export function parseDate(text: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(.*)$/s.exec(text);
  if (!m) return undefined;
  const year = Number(m[1]),
    month = Number(m[2]),
    day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (m[4] !== '' && parseDatetime(text) === undefined) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

const asString: Coerce<string> = (raw) => {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  return INVALID;
};

const asInteger: Coerce<number> = (raw) => {
  if (blank(raw)) return undefined;
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : INVALID;
  if (typeof raw !== 'string' || !/^\s*[+-]?\d+\s*$/.test(raw)) return INVALID;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) ? n : INVALID;
};

const asBoolean: Coerce<boolean> = (raw) => {
  if (blank(raw)) return undefined;
  if (typeof raw === 'boolean') return raw;
  if (raw === 1 || raw === 0) return raw === 1;
  if (typeof raw !== 'string') return INVALID;
  const s = raw.toLowerCase();
  if (TRUE.has(s)) return true;
  if (FALSE.has(s)) return false;
  return INVALID;
};

const asDatetime: Coerce<Date> = (raw) => {
  if (blank(raw)) return undefined;
  if (typeof raw !== 'string') return INVALID;
  return parseDatetime(raw) ?? INVALID;
};

const asDate: Coerce<string> = (raw) => {
  if (blank(raw)) return undefined;
  if (typeof raw !== 'string') return INVALID;
  return parseDate(raw.trim()) ?? INVALID;
};

function asArray<T>(item: Param<T, boolean>, commaSeparated: boolean): Coerce<T[]> {
  return (raw) => {
    if (raw === undefined || raw === null) return undefined;
    let list: unknown[];
    if (Array.isArray(raw)) list = raw;
    else if (commaSeparated && typeof raw === 'string') list = raw === '' ? [] : raw.split(',');
    else return INVALID;
    const out: T[] = [];
    for (const element of list) {
      const v = item.coerce(element);
      if (v === INVALID) return INVALID;
      if (v === BAD_VALUE) return BAD_VALUE;
      if (v !== undefined) out.push(v);
    }
    return out;
  };
}

export const p = {
  string: () => new Param(asString, false),
  integer: () => new Param(asInteger, false),
  boolean: () => new Param(asBoolean, false),
  datetime: () => new Param(asDatetime, false),
  date: () => new Param(asDate, false),
  /** A string limited to `values` ("x does not have a valid value" otherwise). */
  oneOf: <V extends string>(values: readonly V[]) =>
    new Param<V>((raw) => {
      const s = asString(raw);
      if (s === undefined || s === INVALID) return s;
      return (values as readonly string[]).includes(s as string) ? (s as V) : BAD_VALUE;
    }, false),
  /** A file of a multipart/form-data body; anything else is "x is invalid". */
  file: () => new Param<UploadedFile>((raw) => (blank(raw) ? undefined : isUploadedFile(raw) ? raw : INVALID), false),
  /** An array (name[]=a&name[]=b, or a JSON array); commaSeparated also takes "a,b". */
  array: <T>(item: Param<T, boolean>, options: { commaSeparated?: boolean } = {}) =>
    new Param(asArray(item, options.commaSeparated ?? false), false),
};

/** Query and body parameters merged (the body wins), as the platform's params. */
export function input(request: FastifyRequest): Record<string, unknown> {
  const query = queryParams(request);
  const body = request.body;
  if (body === undefined || body === null || typeof body === 'string') return { ...query };
  if (typeof body !== 'object' || Array.isArray(body)) {
    fail('bad_request', 'the JSON body must be an object');
  }
  return { ...query, ...(body as Record<string, unknown>) };
}

export interface ParamRules<S> {
  /** Groups of names of which at least one must be given. */
  atLeastOneOf?: ReadonlyArray<ReadonlyArray<keyof S & string>>;
}

/** Each spec's [name, param] pairs, listed once (specs are module constants, read on every request). */
const specEntries = new WeakMap<ParamSpec, ReadonlyArray<[string, AnyParam]>>();

function entriesOf(spec: ParamSpec): ReadonlyArray<[string, AnyParam]> {
  let entries = specEntries.get(spec);
  if (!entries) specEntries.set(spec, (entries = Object.entries(spec)));
  return entries;
}

/** Coerces and checks `source` against `spec`; throws one 400 naming every problem. */
export function readParams<S extends ParamSpec>(source: Record<string, unknown>, spec: S, rules: ParamRules<S> = {}): Values<S> {
  const out: Record<string, unknown> = {};
  const missing: string[] = [];
  const invalid: string[] = [];
  for (const [name, param] of entriesOf(spec)) {
    const raw = Object.prototype.hasOwnProperty.call(source, name) ? source[name] : undefined;
    const v = param.coerce(raw);
    if (v === INVALID) invalid.push(`${name} is invalid`);
    else if (v === BAD_VALUE) invalid.push(`${name} does not have a valid value`);
    else if (v === undefined && param.isRequired) missing.push(`${name} is missing`);
    else out[name] = v;
  }
  for (const group of rules.atLeastOneOf ?? []) {
    if (group.every((name) => out[name] === undefined || out[name] === false)) {
      missing.push(`${group.join(', ')} are missing, at least one parameter must be provided`);
    }
  }
  if (missing.length > 0) {
    fail('missing_attribute', [...missing, ...invalid].join(', '));
  }
  if (invalid.length > 0) fail('invalid_parameter', invalid.join(', '));
  return out as Values<S>;
}
