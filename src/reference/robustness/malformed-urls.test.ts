/**
 * The reference under malformed paths and query strings, over real HTTP: thousands of generated URLs
 * (bad percent-encoding, NUL bytes, duplicate names, arrays and hashes for scalars, unknown
 * parameters, over-long queries, raw bytes and odd slashes) on every route of the route table. Each
 * answer is a 4xx (or a 2xx where the input is acceptable; see malformed-urls.ts), never a 5xx,
 * and the server still answers afterwards. A failure prints the exact request.
 */
import { fuzzCategories } from './fuzz-categories.ts';
import { URL_CATEGORIES } from './malformed-urls.ts';

fuzzCategories('malformed URLs never break the reference', URL_CATEGORIES);
