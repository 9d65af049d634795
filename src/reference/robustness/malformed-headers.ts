/**
 * Generated malformed headers for every route of the reference, with what each category's
 * answer must be (beyond fuzz-target.ts's general rules: never a 5xx, JSON errors):
 *
 * - a NUL or control byte in a header value, broken chunked framing, both Content-Length and
 *   Transfer-Encoding, a Content-Length that is no number: 400 with the API's bad-request body
 *   (Node's HTTP parser refuses them; the reference answers them as its own errors);
 * - odd credentials (duplicate token headers, empty, huge or garbled tokens, arrays of tokens in
 *   the query, unknown Authorization schemes) and odd Sudo values: 2xx or 4xx;
 * - odd Accept, If-Unmodified-Since and other ordinary headers: 2xx or 4xx.
 *
 *   const cases = HEADER_CATEGORIES.flatMap((category) => casesFor(category, target));
 */
import fc from 'fast-check';
import { expectBadRequest, type Case, type Category, type FuzzTarget, type Route } from './fuzz-target.ts';

function withHeaders(
  t: FuzzTarget,
  route: Route,
  category: string,
  headers: fc.Arbitrary<[string, string][]>,
  query: fc.Arbitrary<string> = fc.constant(''),
): fc.Arbitrary<Case> {
  return fc.record({ path: t.path(route), headers, query }).map(({ path, headers, query }) => ({
    category,
    req: { method: route.method, path: query ? `${path}?${query}` : path, headers },
  }));
}

export const HEADER_CATEGORIES: Category[] = [
  {
    name: 'NUL and control bytes in header values',
    perRoute: 2,
    applies: () => true,
    arb: (route, t) =>
      withHeaders(
        t,
        route,
        'NUL and control bytes in header values',
        fc
          .tuple(
            fc.constantFrom('Private-Token', 'Sudo', 'Content-Type', 'Accept', 'X-Anything'),
            fc.constantFrom('a\u0000b', '\u0000', 'x\u0001', 'x\u001f', 'a\u007fb', 'a\rb'),
          )
          .map(([name, value]) => [...t.auth('admin'), [name, value]]),
      ).map((c) => ({ ...c, expect: expectBadRequest })),
  },
  {
    name: 'broken message framing',
    perRoute: 1,
    applies: () => true,
    arb: (route, t) =>
      fc
        .record({
          path: t.path(route),
          framing: fc.constantFrom<[[string, string][], string]>(
            [[['Transfer-Encoding', 'chunked']], 'zz\r\n{}\r\n0\r\n\r\n'],
            [
              [
                ['Transfer-Encoding', 'chunked'],
                ['Content-Length', '2'],
              ],
              '2\r\n{}\r\n0\r\n\r\n',
            ],
            [[['Content-Length', 'abc']], '{}'],
            [[['Content-Length', '-1']], '{}'],
            [
              [
                ['Content-Length', '2'],
                ['Content-Length', '3'],
              ],
              '{}',
            ],
            [[['Transfer-Encoding', 'gzip, chunked, identity']], '2\r\n{}\r\n0\r\n\r\n'],
          ),
        })
        .map(({ path, framing: [headers, body] }) => ({
          category: 'broken message framing',
          req: { method: route.method, path, headers: [...t.auth('admin'), ['Content-Type', 'application/json'], ...headers], body },
          expect: expectBadRequest,
        })),
  },
  {
    name: 'odd credentials',
    perRoute: 4,
    applies: () => true,
    arb: (route, t) =>
      fc.oneof(
        withHeaders(
          t,
          route,
          'odd credentials',
          fc
            .array(
              fc.tuple(
                fc.constantFrom('Private-Token', 'private-token', 'Authorization', 'Cookie'),
                fc.constantFrom(
                  '',
                  ' ',
                  'Bearer',
                  'Bearer ',
                  'Bearer a b',
                  'Basic cm9vdDpwYXNzd29yZA==',
                  'x'.repeat(10_000),
                  '%zz',
                  'é',
                  'robustness-admin-token ',
                  '_gitlab_session=zz',
                ),
              ),
              { minLength: 1, maxLength: 3 },
            )
            .map((odd) => [...t.auth('admin'), ...odd]),
        ),
        withHeaders(
          t,
          route,
          'odd credentials',
          fc.constant([]),
          fc.constantFrom(
            'private_token[]=robustness-admin-token',
            'private_token[k]=x',
            'access_token=',
            'access_token[]=a&access_token[]=b',
            'private_token=robustness-admin-token&private_token=x',
            'private_token=%zz',
            'private_token=%00',
          ),
        ),
      ),
  },
  {
    name: 'odd sudo values',
    perRoute: 3,
    applies: () => true,
    arb: (route, t) =>
      fc.oneof(
        withHeaders(
          t,
          route,
          'odd sudo values',
          fc
            .constantFrom('', '0', '-1', '99999999999999999999', '1e3', 'ROOT', 'fz-bob ', '%zz', 'é', 'x'.repeat(5000), 'a,b')
            .map((v) => [...t.auth('admin'), ['Sudo', v]]),
        ),
        withHeaders(
          t,
          route,
          'odd sudo values',
          fc.constant(t.auth('admin')),
          fc.constantFrom('sudo[]=1', 'sudo[k]=1', 'sudo=%00', 'sudo=1&sudo=x', 'sudo='),
        ),
      ),
  },
  {
    name: 'odd ordinary headers',
    perRoute: 3,
    applies: () => true,
    arb: (route, t) =>
      withHeaders(
        t,
        route,
        'odd ordinary headers',
        fc
          .array(
            fc.tuple(
              fc.constantFrom(
                'Accept',
                'Accept-Encoding',
                'If-Unmodified-Since',
                'If-None-Match',
                'If-Modified-Since',
                'Range',
                'Expect',
                'X-Forwarded-For',
                'Origin',
                'Content-Encoding',
              ),
              fc.constantFrom(
                '',
                'text/html',
                '*/*;q=zz',
                'garbage',
                'Thu, 01 Jan 1970 00:00:00 GMT',
                'Fri, 31 Dec 9999 23:59:59 GMT',
                'bytes=0-1',
                'gzip',
                'é',
              ),
            ),
            { minLength: 1, maxLength: 4 },
          )
          .map((odd) => [...t.auth('admin'), ...odd]),
      ),
  },
];
