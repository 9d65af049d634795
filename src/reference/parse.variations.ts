/**
 * The declared variations of how requests are read (parse.ts, multipart.ts): each fault once,
 * with the clause it breaks and the suites that catch it. Behaviour a declaration carries is
 * applied at the shared variation points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=query.plus-literal npm run serve
 */
import type { Variation } from './variation/declaration.ts';

export const PARSE_VARIATIONS = [
  {
    id: 'query.plus-literal',
    kind: 'fault',
    description: 'a + in the query string stays a plus instead of a space',
    clause: 'conv.query.plus_is_space',
    suites: ['suites/users/filters.test.ts'],
    // decodeURIComponent without the form rule
    wire: (p) => ({ ...p, rawQuery: (text) => text.replace(/\+/g, '%2B') }),
  },
  {
    id: 'parse.no-multipart',
    kind: 'fault',
    description: 'multipart/form-data bodies are refused (415): no file uploads',
    clause: 'users.create.avatar',
    suites: ['suites/users/create.test.ts'],
    wire: (p) => ({ ...p, multipart: false }),
  },
  // Asked for with ctx.has() in parse.ts queryParams(), where a write's query string is read.
  {
    id: 'parse.write-query-ignored',
    kind: 'fault',
    description: 'POST and PUT read their attributes from the body alone: an attribute sent in the query string is ignored',
    clause: 'conv.params.query_string',
    suites: ['suites/transport/query-string-writes.test.ts'],
  },
  {
    id: 'parse.status-query-ignored',
    kind: 'fault',
    description:
      'PUT /user/status reads emoji and message from the body alone: sent in the query string, they are ignored (200, status unchanged)',
    clause: 'conv.params.query_string',
    suites: ['suites/transport/query-string-writes.test.ts'],
  },
] as const satisfies readonly Variation[];
