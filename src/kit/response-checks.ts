/**
 * Response checks applied to every exchange the kit makes, not only in dedicated tests: a format
 * fault anywhere fails the test that met it. Each check is a small function in a registry, citing
 * the clause whose rule it applies; it returns a violation or nothing.
 *
 *   const v = runResponseChecks(res, apiUrl);  // [{ check: 'conv.types.datetime', requirement, expected, actual }]
 */
import type { ApiResponse } from './client.ts';
import { viewOf } from './route-views.ts';
import { validateAgainst } from './schemas.ts';

export interface Violation {
  /** The clause whose rule the response breaks. */
  clause: string;
  requirement: string;
  expected: string;
  actual: string;
}

type ResponseCheck = (res: ApiResponse, path: string) => Violation | undefined;

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Keys the spec types as dates (last_activity_on, due_date, start_date_fixed, *_from_milestones...). */
const DATE_KEY = /(_on|_date|_date_fixed|_from_milestones|_from_inherited_source)$/;
/** Statuses whose bodies the spec shows (JSON); others (405, 409, 412, 414, 422, 5xx) are left open. */
const SHOWN_BODIES = new Set([200, 201, 400, 401, 403, 404]);
/** Keys the spec types as integer ids. */
const INTEGER_IDS = new Set(['id', 'iid', 'group_id', 'source_id', 'project_id', 'user_id', 'namespace_id']);
const NULLABLE_IDS = new Set(['parent_id']);

/**
 * Whether a key and value below `value` is bad, depth first (an object's key before what it
 * holds); `keys` ends as the path to the first bad one. Every response goes through here several
 * times: no generator, and the path is only joined for a bad value.
 */
function findBad(value: unknown, bad: (key: string, value: unknown) => boolean, keys: (string | number)[]): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      keys.push(i);
      if (findBad(value[i], bad, keys)) return true;
      keys.pop();
    }
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const k of Object.keys(record)) {
      keys.push(k);
      if (bad(k, record[k]) || findBad(record[k], bad, keys)) return true;
      keys.pop();
    }
  }
  return false;
}

function firstBad(res: ApiResponse, bad: (key: string, value: unknown) => boolean): [string, unknown] | undefined {
  if (res.json === undefined || res.status < 200 || res.status >= 300) return undefined;
  const keys: (string | number)[] = [];
  if (!findBad(res.json, bad, keys)) return undefined;
  let value: unknown = res.json;
  for (const k of keys) value = (value as Record<string | number, unknown>)[k];
  return [`/${keys.join('/')}`, value];
}

export const RESPONSE_CHECKS: Record<string, ResponseCheck> = {
  /** No request the kit makes may break the server. */
  'no-server-error': (res) => (res.status >= 500
    ? { clause: 'errors', requirement: 'The server MUST NOT fail with a 5xx on a request of the kit.', expected: 'a 2xx or 4xx status', actual: String(res.status) }
    : undefined),

  /** conv.format.json_response: bodies are JSON with Content-Type application/json. */
  'json-content-type': (res) => {
    if (!SHOWN_BODIES.has(res.status) || res.text.length === 0) return undefined;
    const ct = res.headers['content-type'] ?? '(none)';
    if (!/^application\/json\b/i.test(ct)) {
      return { clause: 'conv.format.json_response', requirement: 'A response body MUST be JSON with Content-Type application/json.', expected: 'application/json', actual: ct };
    }
    if (res.json === undefined) {
      return { clause: 'conv.format.json_response', requirement: 'A response body MUST be valid JSON.', expected: 'JSON', actual: `a body that is not JSON: ${res.text.slice(0, 80)}` };
    }
    return undefined;
  },

  /** conv.types.datetime: a datetime (a *_at value with a time) has milliseconds and Z. */
  datetime: (res) => {
    const bad = firstBad(res, (k, v) => k.endsWith('_at') && typeof v === 'string' && v.includes('T') && !DATETIME.test(v));
    return bad && { clause: 'conv.types.datetime', requirement: `Datetime fields MUST be ISO 8601 with milliseconds and Z (at ${bad[0]}).`, expected: '2020-01-01T12:00:00.000Z', actual: String(bad[1]) };
  },

  /** conv.types.date: a date (*_on, *_date) is YYYY-MM-DD. */
  date: (res) => {
    const bad = firstBad(res, (k, v) => DATE_KEY.test(k) && typeof v === 'string' && !DATE.test(v));
    return bad && { clause: 'conv.types.date', requirement: `Date fields MUST be YYYY-MM-DD (at ${bad[0]}).`, expected: '2020-01-01', actual: String(bad[1]) };
  },

  /** The body of a known GET is the view the spec names (schemas/<view>.json). */
  'named-view': (res, path) => {
    if (res.method !== 'GET' || res.status !== 200 || res.json === undefined) return undefined;
    const view = viewOf(path);
    if (!view) return undefined;
    const items = view.array ? (Array.isArray(res.json) ? res.json : [res.json]) : [res.json];
    if (view.array && !Array.isArray(res.json)) {
      return { clause: view.schema, requirement: `GET ${path} MUST answer an array of ${view.schema}.`, expected: 'an array', actual: typeof res.json };
    }
    for (const [i, item] of items.entries()) {
      const result = validateAgainst(view.schema, item);
      if (!result.valid) {
        const where = view.array ? `item ${i}` : 'the body';
        return { clause: view.schema, requirement: `GET ${path}: ${where} MUST match the ${view.schema} schema.`, expected: `a valid ${view.schema}`, actual: result.errors.slice(0, 3).map((e) => `${e.pointer} ${e.message}`).join('; ') };
      }
    }
    return undefined;
  },

  /** Ids are integers. */
  'integer-ids': (res) => {
    const bad = firstBad(res, (k, v) => (INTEGER_IDS.has(k) && !Number.isInteger(v)) || (NULLABLE_IDS.has(k) && v !== null && !Number.isInteger(v)));
    return bad && { clause: 'conv.types', requirement: `Ids MUST be integers (at ${bad[0]}).`, expected: 'an integer', actual: JSON.stringify(bad[1]) };
  },
};

/** Runs every check on a response of the API (other URLs, e.g. uploaded files, are left alone). */
export function runResponseChecks(res: ApiResponse, apiUrl: string): Violation[] {
  if (res.status === 0 || res.error || !res.url.startsWith(apiUrl)) return [];
  const path = res.url.slice(apiUrl.length).split('?')[0] ?? '';
  const out: Violation[] = [];
  for (const check of Object.values(RESPONSE_CHECKS)) {
    const v = check(res, path);
    if (v) out.push(v);
  }
  return out;
}
