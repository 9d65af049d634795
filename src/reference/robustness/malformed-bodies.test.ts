/**
 * The reference under malformed request bodies, over real HTTP: thousands of generated bodies
 * (bad JSON, wrong types, arrays and objects for scalars, 1 MB strings, unknown parameters, NUL
 * bytes, wrong or missing content types, bodies on GET) on every route of the route table. Each
 * answer is a 4xx (or a 2xx where the input is acceptable; see malformed-bodies.ts), never a 5xx,
 * and the server still answers afterwards. A failure prints the exact request.
 */
import { fuzzCategories } from './fuzz-categories.ts';
import { BODY_CATEGORIES } from './malformed-bodies.ts';

fuzzCategories('malformed bodies never break the reference', BODY_CATEGORIES);
