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
] as const satisfies readonly Variation[];
