/**
 * The reference under malformed headers, over real HTTP: generated headers
 * (NUL and control bytes, broken framing, odd credentials and sudo values, odd ordinary headers)
 * on every route of the route table. Each
 * answer is a 4xx (or a 2xx where the input is acceptable; see malformed-headers.ts), never a 5xx,
 * and the server still answers afterwards. A failure prints the exact request.
 */
import { fuzzCategories } from './fuzz-categories.ts';
import { HEADER_CATEGORIES } from './malformed-headers.ts';

fuzzCategories('malformed headers never break the reference', HEADER_CATEGORIES);
