/**
 * Response checks applied to every exchange the kit makes, not only in dedicated tests: a format
 * fault anywhere fails the test that met it. Each check is a small function in a registry, citing
 * the clause whose rule it applies; it returns a violation or nothing. Rules on fields anywhere in
 * a body (datetimes, dates, ids) share one walk of it.
 *
 *   const v = runResponseChecks(res, apiUrl);  // [{ check: 'conv.types.datetime', requirement, expected, actual }]
 */
import type { ApiResponse } from './client.ts';
import { viewOf } from '../spec/route-views.ts';
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
 * A rule on the fields of a body, wherever they stand: `key` says whether a field name falls
 * under it, `bad` whether the value breaks it, `violation` what the first one found says.
 */
interface FieldCheck {
  key: (key: string) => boolean;
  bad: (value: unknown, key: string) => boolean;
  violation: (pointer: string, value: unknown) => Violation;
}

/** Which field checks look at a key (bit i: FIELD_CHECK_LIST[i]); field names repeat, so each is classified once. */
const keyClasses = new Map<string, number>();
const KEY_CLASSES_KEPT = 10_000;

function classOf(key: string): number {
  let mask = keyClasses.get(key);
  if (mask === undefined) {
    mask = 0;
    FIELD_CHECK_LIST.forEach((check, i) => { if (check.key(key)) mask! |= 1 << i; });
    if (keyClasses.size >= KEY_CLASSES_KEPT) keyClasses.clear();
    keyClasses.set(key, mask);
  }
  return mask;
}

/**
 * The first bad field of each field check, depth first (an object's key before what it holds):
 * one walk of the body for all of them (every response goes through here; the pointer is only
 * joined for a bad value).
 */
function firstBadFields(json: unknown): (readonly [string, unknown] | undefined)[] {
  const found: (readonly [string, unknown] | undefined)[] = FIELD_CHECK_LIST.map(() => undefined);
  let open = (1 << FIELD_CHECK_LIST.length) - 1; // the checks still looking
  const keys: (string | number)[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length && open; i++) {
        keys.push(i);
        walk(value[i]);
        keys.pop();
      }
    } else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const k of Object.keys(record)) {
        if (!open) return;
        keys.push(k);
        const v = record[k];
        const hits = classOf(k) & open;
        if (hits) {
          for (let i = 0; i < FIELD_CHECK_LIST.length; i++) {
            if (hits & (1 << i) && FIELD_CHECK_LIST[i]!.bad(v, k)) {
              found[i] = [`/${keys.join('/')}`, v];
              open &= ~(1 << i);
            }
          }
        }
        walk(v);
        keys.pop();
      }
    }
  };
  walk(json);
  return found;
}

/** Rules on fields anywhere in a 2xx JSON body (RESPONSE_CHECKS lists where each runs). */
const FIELD_CHECKS = {
  /** conv.types.datetime: a datetime (a *_at value with a time) has milliseconds and Z. */
  datetime: {
    key: (k) => k.endsWith('_at'),
    bad: (v) => typeof v === 'string' && v.includes('T') && !DATETIME.test(v),
    violation: (at, v) => ({ clause: 'conv.types.datetime', requirement: `Datetime fields MUST be ISO 8601 with milliseconds and Z (at ${at}).`, expected: '2020-01-01T12:00:00.000Z', actual: String(v) }),
  },
  /** conv.types.date: a date (*_on, *_date) is YYYY-MM-DD. */
  date: {
    key: (k) => DATE_KEY.test(k),
    bad: (v) => typeof v === 'string' && !DATE.test(v),
    violation: (at, v) => ({ clause: 'conv.types.date', requirement: `Date fields MUST be YYYY-MM-DD (at ${at}).`, expected: '2020-01-01', actual: String(v) }),
  },
  /** Ids are integers (parent_id may be null). */
  'integer-ids': {
    key: (k) => INTEGER_IDS.has(k) || NULLABLE_IDS.has(k),
    bad: (v, k) => !Number.isInteger(v) && !(v === null && NULLABLE_IDS.has(k)),
    violation: (at, v) => ({ clause: 'conv.types', requirement: `Ids MUST be integers (at ${at}).`, expected: 'an integer', actual: JSON.stringify(v) }),
  },
} satisfies Record<string, FieldCheck>;

type FieldCheckName = keyof typeof FIELD_CHECKS;
const FIELD_CHECK_LIST: FieldCheck[] = Object.values(FIELD_CHECKS);
const FIELD_CHECK_INDEX = new Map(Object.keys(FIELD_CHECKS).map((name, i) => [name, i]));

/** The walk of each response's body, made once for all its field checks. */
const walked = new WeakMap<ApiResponse, (readonly [string, unknown] | undefined)[]>();

function fieldViolation(res: ApiResponse, name: FieldCheckName): Violation | undefined {
  if (res.json === undefined || res.status < 200 || res.status >= 300) return undefined;
  let found = walked.get(res);
  if (!found) walked.set(res, (found = firstBadFields(res.json)));
  const bad = found[FIELD_CHECK_INDEX.get(name)!];
  return bad && FIELD_CHECKS[name].violation(bad[0], bad[1]);
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

  datetime: (res) => fieldViolation(res, 'datetime'),
  date: (res) => fieldViolation(res, 'date'),

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

  'integer-ids': (res) => fieldViolation(res, 'integer-ids'),
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
