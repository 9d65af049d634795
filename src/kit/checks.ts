/**
 * Response checks: small reusable functions (status, content type, schema, error bodies,
 * pagination headers) that throw a ConformanceFailure saying what the spec requires,
 * what was expected and what arrived.
 *
 *   check.status(res, 201);
 *   check.schema(res.json, 'broadcast-message');
 *   check.errorBody(res, 'error.route');
 */
import { validateAgainst } from './schemas.ts';
import type { ApiResponse } from './client.ts';

export class ConformanceFailure extends Error {
  readonly requirement: string;
  readonly expected?: string;
  readonly actual?: string;
  constructor(requirement: string, expected?: unknown, actual?: unknown) {
    super(expected === undefined ? requirement : `${requirement}\nExpected: ${show(expected)}   Actual: ${show(actual)}`);
    this.name = 'ConformanceFailure';
    this.requirement = requirement;
    this.expected = expected === undefined ? undefined : show(expected);
    this.actual = actual === undefined && expected === undefined ? undefined : show(actual);
  }
}

export function show(v: unknown): string {
  if (typeof v === 'string') return v;
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

/** Fails with the requirement when `ok` is false. */
export function requireThat(ok: boolean, requirement: string, expected?: unknown, actual?: unknown): void {
  if (!ok) throw new ConformanceFailure(requirement, expected, actual);
}

/** A complete answer whose body is readable: a body labelled JSON must be JSON (else every later read of it fails obscurely). */
function answered(res: ApiResponse): void {
  if (res.status === 0 || res.error) {
    throw new ConformanceFailure('The server MUST answer the request in full.', 'a complete HTTP response', res.error ?? 'no response');
  }
  if (res.json === undefined && res.text.trim() !== '' && /\bjson\b/i.test(res.headers['content-type'] ?? '')) {
    throw new ConformanceFailure('A body whose Content-Type is application/json MUST be JSON.', 'JSON', `a body that is not JSON: ${res.text.slice(0, 120)}`);
  }
}

export const check = {
  /** The status is the one (or one of those) the spec names. */
  status(res: ApiResponse, expected: number | number[], requirement?: string): void {
    answered(res);
    const list = Array.isArray(expected) ? expected : [expected];
    if (!list.includes(res.status)) {
      throw new ConformanceFailure(requirement ?? `The server MUST answer ${list.join(' or ')}.`, list.join(' or '), res.status);
    }
  },

  /** A body is JSON with Content-Type application/json. */
  jsonContentType(res: ApiResponse): void {
    answered(res);
    const ct = res.headers['content-type'] ?? '(none)';
    requireThat(/^application\/json\b/i.test(ct), 'A response body MUST be JSON with Content-Type application/json.', 'application/json', ct);
    requireThat(res.json !== undefined, 'A response body MUST be valid JSON.', 'JSON', res.text ? `a body that is not JSON: ${res.text.slice(0, 120)}` : '(empty body)');
  },

  /** A JSON value matches the named schema (schemas/<name>.json). */
  schema(value: unknown, name: string, what = 'The body'): void {
    const result = validateAgainst(name, value);
    if (!result.valid) {
      const errs = result.errors.slice(0, 5).map((e) => `${e.pointer || '/'} ${e.message}`).join('; ');
      throw new ConformanceFailure(`${what} MUST match the ${name} schema.`, `a valid ${name}`, errs);
    }
  },

  /** A JSON array whose every item matches the named schema. */
  arrayOf(res: ApiResponse, name: string): unknown[] {
    check.jsonContentType(res);
    requireThat(Array.isArray(res.json), 'The body MUST be a JSON array.', 'an array', typeof res.json);
    (res.json as unknown[]).forEach((item, i) => check.schema(item, name, `Item ${i} of the array`));
    return res.json as unknown[];
  },

  /** An error body of the named shape (error.message, error.validation, error.route, ...). */
  errorBody(res: ApiResponse, name: string): void {
    check.jsonContentType(res);
    check.schema(res.json, name, 'The error body');
  },

  /** An empty body (204). */
  emptyBody(res: ApiResponse): void {
    requireThat(res.text.length === 0, 'A 204 response MUST have an empty body.', '(empty)', res.text.slice(0, 120));
  },

  /** A header holds exactly this value. */
  header(res: ApiResponse, name: string, expected: string, requirement?: string): void {
    const actual = res.headers[name.toLowerCase()];
    requireThat(actual === expected, requirement ?? `The ${name} header MUST be ${expected}.`, expected, actual ?? '(absent)');
  },

  /** A header is present and holds an integer; returns it. */
  intHeader(res: ApiResponse, name: string, requirement?: string): number {
    const actual = res.headers[name.toLowerCase()];
    requireThat(actual !== undefined && /^\d+$/.test(actual), requirement ?? `The ${name} header MUST hold an integer.`, 'an integer', actual ?? '(absent)');
    return Number(actual);
  },
};
