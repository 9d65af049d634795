/**
 * Generated malformed request bodies, one arbitrary per category, for every route of the
 * reference. What each category's answer must be is decided here, next to the generator:
 *
 * - bad JSON (syntax errors) under application/json: exactly 400 (the body cannot be read);
 * - JSON that is valid but not an object (a string, a number, an array): 400 where the route
 *   reads parameters, 2xx where it reads none (the body is then ignored);
 * - wrong types, arrays and objects for scalars, NUL bytes, 1 MB strings: 2xx or 4xx (a
 *   coercible value such as 5 for a string is accepted, the platform does the same);
 * - unknown parameters: 2xx or 4xx (the API ignores them);
 * - content types without a parser (text/xml, application/octet-stream, ...): 415; missing or
 *   other content types: 2xx or 4xx;
 * - a body on GET: 2xx or 4xx.
 *
 * Every answer also keeps the general rules of fuzz-target.ts (never a 5xx, JSON error bodies).
 *
 *   const cases = BODY_CATEGORIES.flatMap((category) => casesFor(category, target));
 */
import fc from 'fast-check';
import { expectStatus, type Category, type FuzzTarget, type Route } from './fuzz-target.ts';

export const HUGE = 1024 * 1024;
const WRITES = new Set(['POST', 'PUT']);
const writes = (r: Route) => WRITES.has(r.method);

const exactly400 = expectStatus((s) => s === 400, '400');

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const BROKEN_JSON = [
  '{',
  '}',
  '{"a":}',
  '{"a":1,}',
  '{"a" 1}',
  '[1,2',
  '{"a":"unterminated',
  "{'a':1}",
  '{a:1}',
  'nul',
  'tru',
  'NaN',
  '{"a":01}',
  '{"a":1}}',
  '{"a":.5}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"a":undefined}',
  '<xml/>',
  '{"a":1} trailing',
];
/** JSON texts that parse but are no object. */
const NOT_OBJECTS = ['"a string"', '42', 'true', '[]', '[{"message":"x"}]', '-0', '1e400'];

/** A JSON value of a type other than the scalar a parameter wants, as JSON text (some beyond JSON.stringify). */
export const weirdJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'null',
    'true',
    'false',
    '0',
    '-1',
    '1.5',
    '1e400',
    '-1e-400',
    '123456789012345678901234567890',
    '""',
    '" "',
    '"\\u0000"',
    '[]',
    '{}',
    '[[[]]]',
    '{"a":{"b":{"c":[]}}}',
    '"\\ud800"',
  ),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.array(fc.string(), { maxLength: 3 }).map((v) => JSON.stringify(v)),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }).map((v) => JSON.stringify(v)),
);

/** A JSON object text with the given members (values already JSON text). */
const objectText = (members: [string, string][]) => `{${members.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;

/** A bracketed name (h[k]) as the nested JSON members it stands for. */
function nested(name: string, valueText: string): [string, string] {
  const m = /^([^[]+)\[([^\]]+)\]$/.exec(name);
  return m ? [m[1]!, objectText([[m[2]!, valueText]])] : [name, valueText];
}

const json = (t: FuzzTarget, route: Route, body: fc.Arbitrary<string>, contentType = 'application/json') =>
  fc.record({ path: t.path(route), auth: t.anyAuth(), body }).map(({ path, auth, body }) => ({
    method: route.method,
    path,
    headers: [...auth, ['Content-Type', contentType]] as [string, string][],
    body,
  }));

const form = (s: string) => encodeURIComponent(s);

export const BODY_CATEGORIES: Category[] = [
  {
    name: 'bad JSON',
    perRoute: 6,
    applies: (r) => r.method !== 'GET',
    arb: (route, t) =>
      json(
        t,
        route,
        fc.oneof(
          fc.constantFrom(...BROKEN_JSON),
          // `{` and what follows: not JSON, but for the draws that close it into JSON (`{}`), which are filtered out.
          fc
            .string({ maxLength: 40 })
            .map((s) => `{${s}`)
            .filter((s) => !isJson(s)),
        ),
      ).map((req) => ({ category: 'bad JSON', req, expect: exactly400 })),
  },
  {
    name: 'JSON that is no object',
    perRoute: 3,
    applies: writes,
    arb: (route, t) => json(t, route, fc.constantFrom(...NOT_OBJECTS)).map((req) => ({ category: 'JSON that is no object', req })),
  },
  {
    name: 'wrong types',
    perRoute: 9,
    applies: writes,
    arb: (route, t) =>
      json(
        t,
        route,
        fc
          .uniqueArray(fc.tuple(fc.constantFrom(...t.paramNames), weirdJson), { minLength: 1, maxLength: 6, selector: ([k]) => k })
          .map((pairs) => objectText(pairs.map(([k, v]) => nested(k, v)))),
      ).map((req) => ({ category: 'wrong types', req })),
  },
  {
    name: 'arrays and objects for scalars (form)',
    perRoute: 6,
    applies: writes,
    arb: (route, t) =>
      json(
        t,
        route,
        fc
          .array(
            fc.tuple(
              fc.constantFrom(...t.paramNames),
              fc.constantFrom('[]', '[x]', '[][y]', '[a][b]', '[', ']', '[]]', '[[]'),
              fc.string({ maxLength: 8 }),
            ),
            { minLength: 1, maxLength: 6 },
          )
          .map((items) => items.map(([k, suffix, v]) => `${form(k)}${suffix}=${form(v)}`).join('&')),
        'application/x-www-form-urlencoded',
      ).map((req) => ({ category: 'arrays and objects for scalars (form)', req })),
  },
  {
    name: 'huge strings',
    perRoute: 1,
    applies: writes,
    arb: (route, t) =>
      json(
        t,
        route,
        fc
          .tuple(fc.constantFrom(...t.paramNames), fc.constantFrom('x', 'é', '\\u0000', ' '))
          .map(([k, ch]) => objectText([nested(k, `"${ch.repeat(Math.floor(HUGE / ch.length))}"`)])),
      ).map((req) => ({ category: 'huge strings', req })),
  },
  {
    name: 'unknown parameters',
    perRoute: 4,
    applies: writes,
    arb: (route, t) =>
      json(
        t,
        route,
        fc
          .uniqueArray(fc.tuple(fc.stringMatching(/^zz_[a-z_]{1,12}$/), weirdJson), { minLength: 1, maxLength: 5, selector: ([k]) => k })
          .map((pairs) => objectText(pairs)),
      ).map((req) => ({ category: 'unknown parameters', req })),
  },
  {
    name: 'NUL bytes in values',
    perRoute: 3,
    applies: writes,
    arb: (route, t) =>
      json(
        t,
        route,
        fc
          .uniqueArray(
            fc.tuple(
              fc.constantFrom(...t.paramNames),
              fc.string({ maxLength: 6 }).map((s) => `${s}\u0000${s}`),
            ),
            { minLength: 1, maxLength: 4, selector: ([k]) => k },
          )
          .map((pairs) => objectText(pairs.map(([k, v]) => nested(k, JSON.stringify(v))))),
      ).map((req) => ({ category: 'NUL bytes in values', req })),
  },
  {
    name: 'content types without a parser',
    perRoute: 3,
    applies: writes,
    arb: (route, t) =>
      json(t, route, fc.constantFrom('{"message":"x"}', 'a=b', '\u0000\u0001'), 'x').chain((req) =>
        fc.constantFrom('text/xml', 'application/octet-stream', 'image/png', 'application/xml', 'text/csv').map((ct) => ({
          category: 'content types without a parser',
          req: { ...req, headers: req.headers.map(([n, v]): [string, string] => (n === 'Content-Type' ? [n, ct] : [n, v])) },
          expect: expectStatus((s) => s === 415, '415'),
        })),
      ),
  },
  {
    name: 'missing or odd content types',
    perRoute: 5,
    applies: writes,
    arb: (route, t) =>
      fc
        .record({
          path: t.path(route),
          auth: t.anyAuth(),
          body: fc.constantFrom(
            '{"message":"x","title":"t"}',
            'message=x&title=t',
            '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--zz--\r\n',
            '',
          ),
          ct: fc.constantFrom<string | undefined>(
            undefined,
            '',
            ';',
            'application/json; charset=utf-16',
            'APPLICATION/JSON',
            'multipart/form-data',
            'multipart/form-data; boundary=zz',
            'multipart/form-data; boundary=',
            'text/plain',
            'application/x-www-form-urlencoded; charset=latin1',
            'application/json, text/plain',
          ),
        })
        .map(({ path, auth, body, ct }) => ({
          category: 'missing or odd content types',
          req: { method: route.method, path, headers: ct === undefined ? auth : [...auth, ['Content-Type', ct]], body },
        })),
  },
  {
    name: 'bodies on GET',
    perRoute: 4,
    applies: (r) => r.method === 'GET',
    arb: (route, t) =>
      fc
        .record({
          path: t.path(route),
          auth: t.anyAuth(),
          body: fc.constantFrom('{"per_page":5}', '{"page":"x"}', 'garbage', 'per_page=2', '{'),
          ct: fc.constantFrom<string | undefined>(undefined, 'application/json', 'application/x-www-form-urlencoded', 'text/plain'),
        })
        .map(({ path, auth, body, ct }) => ({
          category: 'bodies on GET',
          req: { method: 'GET', path, headers: ct === undefined ? auth : [...auth, ['Content-Type', ct]], body },
        })),
  },
];
