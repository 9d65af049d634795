/**
 * Generated malformed paths and query strings for every route of the reference, with what each
 * category's answer must be (beyond fuzz-target.ts's general rules: never a 5xx, JSON errors):
 *
 * - bad percent-encoding in a path segment: 400 or 404 (the path cannot be read, or matches no route);
 * - bad percent-encoding, NUL bytes (%00), duplicate names, arrays or hashes where a scalar is
 *   expected, raw non-ASCII bytes and odd slashes: 2xx or 4xx;
 * - a raw NUL or control byte on the request line: 400 with the API's bad-request body (Node's
 *   HTTP parser refuses it; the reference answers it as its own error);
 * - unknown query parameters on a GET: the same status as the same GET without them (ignored);
 * - a query string over 8 KiB: 414.
 *
 *   const cases = URL_CATEGORIES.flatMap((category) => casesFor(category, target));
 */
import fc from 'fast-check';
import { expectBadRequest, expectStatus, type Case, type Category, type FuzzTarget, type Route } from './fuzz-target.ts';

const BAD_ENCODINGS = ['%', '%z', '%zz', '%E0%A4%A', '%C0%AF', '%ff', '%%', '%u0041', '%2', 'a%', '%D8%00', '%ED%A0%80'];
const ODD_QUERY_NAMES = ['[]', '[', ']', '[a]', 'a]', '[]=', '=', '&&', '%5B%5D'];

const enc = encodeURIComponent;

/** A query string of 1..n pairs built from `pair`. */
const queryOf = (pair: fc.Arbitrary<string>, max = 5) => fc.array(pair, { minLength: 1, maxLength: max }).map((p) => p.join('&'));

/** One request for the route: generated path and query, the caller's headers, no body. */
function request(
  t: FuzzTarget,
  route: Route,
  category: string,
  o: { path?: fc.Arbitrary<string>; query?: fc.Arbitrary<string> },
): fc.Arbitrary<Case> {
  return fc
    .record({ path: o.path ?? t.path(route), query: o.query ?? fc.constant(''), auth: t.anyAuth() })
    .map(({ path, query, auth }) => ({
      category,
      req: { method: route.method, path: query === '' ? path : `${path}?${query}`, headers: auth },
    }));
}

/** The route's path with one parameter (or, without any, one static segment) replaced by `value`. */
function spoiled(t: FuzzTarget, route: Route, value: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const names = t.pathParams(route);
  if (names.length === 0) {
    const segments = route.url.split('/');
    return fc
      .tuple(fc.integer({ min: 3, max: segments.length - 1 }), value, fc.boolean())
      .map(([i, v, append]) => segments.map((s, j) => (j === i ? (append ? s + v : v) : s)).join('/'));
  }
  return fc.tuple(t.path(route), fc.constantFrom(...names), value).map(([path, name, v]) => {
    // Rebuild from the route so that exactly the chosen parameter is spoiled.
    const filled = path.split('/');
    const template = route.url.split('/');
    return template.map((seg, i) => (seg === `:${name}` ? v : filled[i])).join('/');
  });
}

export const URL_CATEGORIES: Category[] = [
  {
    name: 'bad percent-encoding in the path',
    perRoute: 3,
    applies: () => true,
    arb: (route, t) =>
      request(t, route, 'bad percent-encoding in the path', { path: spoiled(t, route, fc.constantFrom(...BAD_ENCODINGS)) }).map((c) => ({
        ...c,
        expect: expectStatus((s) => s === 400 || s === 404, '400 or 404'),
      })),
  },
  {
    name: 'bad percent-encoding in the query',
    perRoute: 4,
    applies: () => true,
    arb: (route, t) =>
      request(t, route, 'bad percent-encoding in the query', {
        query: queryOf(
          fc
            .tuple(fc.constantFrom(...t.paramNames, ...BAD_ENCODINGS), fc.constantFrom(...BAD_ENCODINGS, '1', 'x'))
            .map(([k, v]) => `${k}=${v}`),
        ),
      }),
  },
  {
    name: 'NUL bytes in path and query (%00)',
    perRoute: 3,
    applies: () => true,
    arb: (route, t) =>
      fc.oneof(
        request(t, route, 'NUL bytes in path and query (%00)', {
          path: spoiled(t, route, fc.constantFrom('%00', '1%00', '%001', 'a%00b')),
        }),
        request(t, route, 'NUL bytes in path and query (%00)', {
          query: queryOf(
            fc.tuple(fc.constantFrom(...t.paramNames, '%00'), fc.constantFrom('%00', 'x%00y', '1%00')).map(([k, v]) => `${enc(k)}=${v}`),
          ),
        }),
      ),
  },
  {
    name: 'a raw NUL or control byte on the request line',
    perRoute: 1,
    applies: () => true,
    arb: (route, t) =>
      request(t, route, 'a raw NUL or control byte on the request line', {
        path: spoiled(t, route, fc.constantFrom('\u0000', 'a\u0000', '\u0001', '\u007f', 'a b')),
      }).map((c) => ({ ...c, expect: expectBadRequest })),
  },
  {
    name: 'duplicate parameters',
    perRoute: 3,
    applies: () => true,
    arb: (route, t) =>
      request(t, route, 'duplicate parameters', {
        query: fc
          .array(
            fc
              .tuple(
                fc.constantFrom(...t.paramNames),
                fc.constantFrom('', '[]', '[k]', '[][k]'),
                fc.constantFrom('', '[]', '[k]', '[][k]'),
                fc.constantFrom('1', 'x', '', 'true'),
                fc.constantFrom('2', 'abc', '-1'),
              )
              .map(([k, a, b, v1, v2]) => `${enc(k)}${a}=${v1}&${enc(k)}${b}=${v2}`),
            { minLength: 1, maxLength: 3 },
          )
          .map((p) => p.join('&')),
      }),
  },
  {
    name: 'arrays and hashes for scalars in the query',
    perRoute: 3,
    applies: () => true,
    arb: (route, t) =>
      request(t, route, 'arrays and hashes for scalars in the query', {
        query: queryOf(
          fc
            .tuple(
              fc.constantFrom(...t.paramNames),
              fc.constantFrom('[]', '[x]', '[][y]', '[a][b]', ...ODD_QUERY_NAMES),
              fc.string({ maxLength: 6 }),
            )
            .map(([k, s, v]) => `${enc(k)}${s}=${enc(v)}`),
        ),
      }),
  },
  {
    name: 'unknown query parameters on GET',
    perRoute: 3,
    applies: (r) => r.method === 'GET',
    arb: (route, t) =>
      fc
        .record({
          path: t.path(route),
          auth: t.anyAuth(),
          query: queryOf(fc.tuple(fc.stringMatching(/^zz_[a-z_]{1,10}$/), fc.string({ maxLength: 8 })).map(([k, v]) => `${k}=${enc(v)}`)),
        })
        .map(({ path, auth, query }): Case => ({
          category: 'unknown query parameters on GET',
          req: { method: 'GET', path: `${path}?${query}`, headers: auth },
          baseline: { method: 'GET', path, headers: auth },
        })),
  },
  {
    name: 'a query string over 8 KiB',
    perRoute: 1,
    applies: () => true,
    arb: (route, t) =>
      request(t, route, 'a query string over 8 KiB', {
        query: fc.constantFrom('search', 'zz_pad').map((k) => `${k}=${'a'.repeat(9000)}`),
      }).map((c) => ({ ...c, expect: expectStatus((s) => s === 414, '414') })),
  },
  {
    name: 'raw non-ASCII bytes and odd slashes',
    perRoute: 2,
    applies: () => true,
    arb: (route, t) =>
      fc.oneof(
        request(t, route, 'raw non-ASCII bytes and odd slashes', {
          path: spoiled(t, route, fc.constantFrom('é', '\u00ff', 'ü1', '..', '.', '%2e%2e', '%2F', 'a;b', '1,2')),
        }),
        request(t, route, 'raw non-ASCII bytes and odd slashes', {
          path: t
            .path(route)
            .chain((p) =>
              fc.constantFrom(`/${p}`, p.replace('/api/v4/', '/api/v4//'), `${p}/`, `${p}//`, `${p}/..`, `${p}#frag`, `${p}?`, `${p}?&&`),
            ),
        }),
      ),
  },
];
