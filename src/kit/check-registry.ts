/**
 * Every check the kit makes on a response, in one registry (schemathesis's idea): each entry is a
 * small function that answers a finding (what the spec requires, expected, actual) or nothing, and
 * names the clauses it may cite. A test calls them through `check.*` (checks.ts), which throws the
 * finding; entries with `everyResponse` also run on every exchange of a test (response-checks.ts),
 * so a format fault anywhere fails the test that met it and lands on the clause the entry cites.
 *
 *   CHECKS.status.judge(res, 201)           // undefined, or { clause: CITED, requirement, expected, actual }
 *   CHECKS.datetime.everyResponse(res, '/broadcast_messages')
 *
 * CITED stands for the clause of the test that judged the response: a status or a header is what
 * that test's clause requires. A test holds every other cited id to the catalogue.
 */
import type { ApiResponse } from './exchange.ts';
import { firstBadField, type FieldRuleName } from './field-rules.ts';
import { VIEW_CLAUSES, viewOf } from '../spec/route-views.ts';
import { fieldPath, resourceOf } from './field-path.ts';
import { validateAgainst } from './schemas.ts';

/** The clause of the test that judged the response. */
export const CITED = '(the test’s own clause)';

export interface Finding {
  /** The clause whose rule the response breaks: a catalogue id, or CITED. */
  clause: string;
  requirement: string;
  expected?: unknown;
  actual?: unknown;
  /** The fields it is about, when every problem found names one (a baseline entry may excuse these fields only). */
  fields?: string[];
  /** The resource whose schema judged those fields ('epic' for the epic and epic.detail views): a baseline entry may excuse a field of a resource wherever it is judged. */
  resource?: string;
}

/** Statuses whose bodies the spec shows (JSON); others (405, 409, 412, 414, 422, 5xx) are left open. */
const SHOWN_BODIES = new Set([200, 201, 400, 401, 403, 404]);

const cited = (requirement: string, expected?: unknown, actual?: unknown): Finding => ({ clause: CITED, requirement, expected, actual });

/** A complete answer whose body is readable: a body labelled JSON must be JSON (else every later read of it fails obscurely). */
function answered(res: ApiResponse): Finding | undefined {
  if (res.status === 0 || res.error)
    return cited('The server MUST answer the request in full.', 'a complete HTTP response', res.error ?? 'no response');
  if (res.json === undefined && res.text.trim() !== '' && /\bjson\b/i.test(res.headers['content-type'] ?? '')) {
    return cited(
      'A body whose Content-Type is application/json MUST be JSON.',
      'JSON',
      `a body that is not JSON: ${res.text.slice(0, 120)}`,
    );
  }
  return undefined;
}

function jsonResponse(res: ApiResponse): Finding | undefined {
  const clause = 'conv.format.json_response';
  const ct = res.headers['content-type'] ?? '(none)';
  if (!/^application\/json\b/i.test(ct))
    return {
      clause,
      requirement: 'A response body MUST be JSON with Content-Type application/json.',
      expected: 'application/json',
      actual: ct,
    };
  if (res.json === undefined) {
    return {
      clause,
      requirement: 'A response body MUST be valid JSON.',
      expected: 'JSON',
      actual: res.text ? `a body that is not JSON: ${res.text.slice(0, 120)}` : '(empty body)',
    };
  }
  return undefined;
}

function schemaFinding(value: unknown, name: string, what: string, clause = CITED): Finding | undefined {
  const result = validateAgainst(name, value);
  if (result.valid) return undefined;
  const errs = result.errors
    .slice(0, 5)
    .map((e) => `${e.pointer || '/'} ${e.message}`)
    .join('; ');
  const found: Finding = { clause, requirement: `${what} MUST match the ${name} schema.`, expected: `a valid ${name}`, actual: errs };
  if (result.errors.every((e) => e.field)) {
    found.fields = [...new Set(result.errors.map((e) => e.field!))];
    found.resource = resourceOf(name);
  }
  return found;
}

/** A rule on fields anywhere in a 2xx JSON body: the first bad field found. */
function fieldFinding(
  res: ApiResponse,
  rule: FieldRuleName,
  clause: string,
  say: (at: string) => string,
  expected: string,
): Finding | undefined {
  const bad = firstBadField(res, rule);
  if (!bad) return undefined;
  const [at, value] = bad;
  const found: Finding = { clause, requirement: say(at), expected, actual: rule === 'integerIds' ? JSON.stringify(value) : String(value) };
  const field = fieldPath(at);
  if (field) found.fields = [field];
  return found;
}

const noServerError = (res: ApiResponse): Finding | undefined =>
  res.status >= 500
    ? cited('The server MUST NOT fail with a 5xx on a request of the kit.', 'a 2xx or 4xx status', String(res.status))
    : undefined;

const datetime = (res: ApiResponse): Finding | undefined =>
  fieldFinding(
    res,
    'datetime',
    'conv.types.datetime',
    (at) => `Datetime fields MUST be ISO 8601 with milliseconds and Z (at ${at}).`,
    '2020-01-01T12:00:00.000Z',
  );

const date = (res: ApiResponse): Finding | undefined =>
  fieldFinding(res, 'date', 'conv.types.date', (at) => `Date fields MUST be YYYY-MM-DD (at ${at}).`, '2020-01-01');

const integerIds = (res: ApiResponse, path: string): Finding | undefined =>
  fieldFinding(res, 'integerIds', viewOf(path)?.clause ?? CITED, (at) => `Ids MUST be integers (at ${at}).`, 'an integer');

const namedView = (res: ApiResponse, path: string): Finding | undefined => {
  const view = viewOf(path);
  if (!view || res.method !== 'GET' || res.status !== 200 || res.json === undefined) return undefined;
  if (view.array && !Array.isArray(res.json)) {
    return {
      clause: view.clause ?? CITED,
      requirement: `GET ${path} MUST answer an array of ${view.schema}.`,
      expected: 'an array',
      actual: typeof res.json,
    };
  }
  const items: unknown[] = view.array ? res.json : [res.json];
  for (const [i, item] of items.entries()) {
    const found = schemaFinding(item, view.schema, `GET ${path}: ${view.array ? `item ${i}` : 'the body'}`, view.clause);
    if (found) return found;
  }
  return undefined;
};

interface CheckEntry<A extends unknown[]> {
  /** The clauses its findings may cite (catalogue ids, or CITED). */
  cites: readonly string[];
  judge: (...args: A) => Finding | undefined;
  /** Set when it also runs on every exchange of a test; `path` is the request's path under /api/v4. */
  everyResponse?: (res: ApiResponse, path: string) => Finding | undefined;
}

const entry = <A extends unknown[]>(e: CheckEntry<A>): CheckEntry<A> => e;

export const CHECKS = {
  /** The status is the one (or one of those) the spec names. */
  status: entry({
    cites: [CITED],
    judge: (res: ApiResponse, expected: number | number[], requirement?: string) => {
      const list = Array.isArray(expected) ? expected : [expected];
      return (
        answered(res) ??
        (list.includes(res.status)
          ? undefined
          : cited(requirement ?? `The server MUST answer ${list.join(' or ')}.`, list.join(' or '), res.status))
      );
    },
  }),

  /** A body is JSON with Content-Type application/json (on every response whose status has a shown body). */
  jsonResponse: entry({
    cites: ['conv.format.json_response', CITED],
    judge: (res: ApiResponse) => answered(res) ?? jsonResponse(res),
    everyResponse: (res) => (SHOWN_BODIES.has(res.status) && res.text.length > 0 ? jsonResponse(res) : undefined),
  }),

  /** A JSON value matches the named schema (schemas/<name>.json). */
  schema: entry({ cites: [CITED], judge: (value: unknown, name: string, what: string = 'The body') => schemaFinding(value, name, what) }),

  /**
   * The body of a missing-attribute 400 (Errors > Body shapes #1): message a string that names the
   * attribute (any of `names`). It cites its own clause whichever test met it, so a server that
   * words the body otherwise fails that clause, not the status clause of the endpoint.
   */
  missingAttributeBody: entry({
    cites: ['errors.missing_attr.message_string'],
    judge: (res: ApiResponse, names: readonly string[]) => {
      const clause = 'errors.missing_attr.message_string';
      const shape = schemaFinding(res.json, 'error.message', 'The missing-attribute error body', clause);
      if (shape) return shape;
      const message = String((res.json as { message: string }).message);
      return names.some((n) => new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(message))
        ? undefined
        : {
            clause,
            requirement: `The 400 message MUST name the missing attribute (${names.join(' or ')}).`,
            expected: `a text naming ${names[0]}`,
            actual: message,
          };
    },
  }),

  /** An empty body (204). */
  emptyBody: entry({
    cites: [CITED],
    judge: (res: ApiResponse) =>
      res.text.length === 0 ? undefined : cited('A 204 response MUST have an empty body.', '(empty)', res.text.slice(0, 120)),
  }),

  /** A header holds exactly this value. */
  header: entry({
    cites: [CITED],
    judge: (res: ApiResponse, name: string, expected: string, requirement?: string) => {
      const actual = res.headers[name.toLowerCase()];
      return actual === expected
        ? undefined
        : cited(requirement ?? `The ${name} header MUST be ${expected}.`, expected, actual ?? '(absent)');
    },
  }),

  /** A header is present and holds an integer. */
  intHeader: entry({
    cites: [CITED],
    judge: (res: ApiResponse, name: string, requirement?: string) => {
      const actual = res.headers[name.toLowerCase()];
      return actual !== undefined && /^\d+$/.test(actual)
        ? undefined
        : cited(requirement ?? `The ${name} header MUST hold an integer.`, 'an integer', actual ?? '(absent)');
    },
  }),

  /** No request of the kit may break the server: a 5xx fails the test that sent it. */
  noServerError: entry({
    cites: [CITED],
    judge: noServerError,
    everyResponse: noServerError,
  }),

  /** Datetime fields are ISO 8601 with milliseconds and Z. */
  datetime: entry({
    cites: ['conv.types.datetime'],
    judge: datetime,
    everyResponse: datetime,
  }),

  /** Date fields are YYYY-MM-DD. */
  date: entry({
    cites: ['conv.types.date'],
    judge: date,
    everyResponse: date,
  }),

  /** The body of a known GET is the view the spec names (schemas/<view>.json), citing that view's shape clause. */
  namedView: entry({
    cites: [...VIEW_CLAUSES, CITED],
    judge: namedView,
    everyResponse: namedView,
  }),

  /** Ids are integers: the shape clause of the route's view, else the test's own clause. */
  integerIds: entry({
    cites: [...VIEW_CLAUSES, CITED],
    judge: integerIds,
    everyResponse: integerIds,
  }),
};

export type CheckName = keyof typeof CHECKS;
