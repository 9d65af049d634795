/**
 * The checks a test calls: each applies one entry of the check registry (check-registry.ts) and
 * throws a ConformanceFailure saying what the spec requires, what was expected and what arrived.
 * The failure carries what it judged, so its reproducer replays exactly that request.
 *
 *   check.status(res, 201);
 *   check.schema(res.json, 'broadcast-message');
 *   check.errorBody(res, 'error.route');
 */
import { CHECKS, CITED, type Finding } from './check-registry.ts';
import type { ApiResponse } from './exchange.ts';

export interface FailureContext {
  /** The response (or a value read from it) the failing check judged. */
  judged?: object;
  /** The clause whose rule was broken, when it is not the test's own (a format rule, a view's shape). */
  violates?: string;
  /** The fields the failure is about, when the check could name them all. */
  fields?: string[];
  /** The resource those fields belong to ('epic'), when the check knows it. */
  resource?: string;
  /** A check of requests sent together (at-once.ts, race-rounds.ts): a baseline entry narrowed to races excuses it. */
  race?: true;
}

/**
 * What each failure judged, kept off the error: vitest serializes an error's own properties
 * (enumerable or not) into the results, junit.xml among them, and a response holds its token.
 */
const judgedBy = new WeakMap<ConformanceFailure, object>();

/** The response (or value) a failed check judged, if it said. */
export function judgedOf(failure: ConformanceFailure): object | undefined {
  return judgedBy.get(failure);
}

export class ConformanceFailure extends Error {
  readonly requirement: string;
  readonly expected?: string;
  readonly actual?: string;
  readonly violates?: string;
  readonly fields?: string[];
  readonly resource?: string;
  readonly race?: true;
  constructor(requirement: string, expected?: unknown, actual?: unknown, context: FailureContext = {}) {
    super(expected === undefined ? requirement : `${requirement}\nExpected: ${show(expected)}   Actual: ${show(actual)}`);
    this.name = 'ConformanceFailure';
    this.requirement = requirement;
    this.expected = expected === undefined ? undefined : show(expected);
    this.actual = actual === undefined && expected === undefined ? undefined : show(actual);
    if (context.judged) judgedBy.set(this, context.judged);
    if (context.violates) this.violates = context.violates;
    if (context.fields) this.fields = context.fields;
    if (context.fields && context.resource) this.resource = context.resource;
    if (context.race) this.race = true;
  }
}

export function show(v: unknown): string {
  if (typeof v === 'string') return v;
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

/** The failure of a finding about `judged` (nothing when there is no finding). */
export function failureOf(found: Finding, judged?: object): ConformanceFailure {
  return new ConformanceFailure(found.requirement, found.expected, found.actual, {
    judged,
    violates: found.clause === CITED ? undefined : found.clause,
    fields: found.fields,
    resource: found.resource,
  });
}

function enforce(found: Finding | undefined, judged: unknown): void {
  if (found) throw failureOf(found, typeof judged === 'object' && judged !== null ? judged : undefined);
}

/** What a failure is about, when the test knows: its fields, and the resource they belong to. */
export type FailureScope = string[] | { fields: string[]; resource?: string };

/** Fails with the requirement when `ok` is false; `scope` names the fields it is about (and their resource), when the test knows them all. */
export function requireThat(ok: boolean, requirement: string, expected?: unknown, actual?: unknown, scope?: FailureScope): void {
  if (!ok) throw new ConformanceFailure(requirement, expected, actual, Array.isArray(scope) ? { fields: scope } : (scope ?? {}));
}

export const check = {
  /** The status is the one (or one of those) the spec names. */
  status(res: ApiResponse, expected: number | number[], requirement?: string): void {
    enforce(CHECKS.status.judge(res, expected, requirement), res);
  },

  /** A body is JSON with Content-Type application/json. */
  jsonContentType(res: ApiResponse): void {
    enforce(CHECKS.jsonResponse.judge(res), res);
  },

  /** A JSON value matches the named schema (schemas/<name>.json). */
  schema(value: unknown, name: string, what = 'The body'): void {
    enforce(CHECKS.schema.judge(value, name, what), value);
  },

  /** A JSON array whose every item matches the named schema. */
  arrayOf(res: ApiResponse, name: string): unknown[] {
    check.jsonContentType(res);
    if (!Array.isArray(res.json))
      throw new ConformanceFailure('The body MUST be a JSON array.', 'an array', typeof res.json, { judged: res });
    (res.json as unknown[]).forEach((item, i) => enforce(CHECKS.schema.judge(item, name, `Item ${i} of the array`), res));
    return res.json as unknown[];
  },

  /** An error body of the named shape (error.message, error.validation, error.route, ...). */
  errorBody(res: ApiResponse, name: string): void {
    check.jsonContentType(res);
    enforce(CHECKS.schema.judge(res.json, name, 'The error body'), res);
  },

  /** The missing-attribute 400 body: message a string naming the attribute (cites errors.missing_attr.message_string). */
  missingAttributeBody(res: ApiResponse, ...names: string[]): void {
    check.jsonContentType(res);
    enforce(CHECKS.missingAttributeBody.judge(res, names), res);
  },

  /** An empty body (204). */
  emptyBody(res: ApiResponse): void {
    enforce(CHECKS.emptyBody.judge(res), res);
  },

  /** A header holds exactly this value. */
  header(res: ApiResponse, name: string, expected: string, requirement?: string): void {
    enforce(CHECKS.header.judge(res, name, expected, requirement), res);
  },

  /** A header is present and holds an integer; returns it. */
  intHeader(res: ApiResponse, name: string, requirement?: string): number {
    enforce(CHECKS.intHeader.judge(res, name, requirement), res);
    return Number(res.headers[name.toLowerCase()]);
  },
};
