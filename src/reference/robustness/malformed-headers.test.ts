/**
 * The reference under malformed headers, over real HTTP: generated headers
 * (NUL and control bytes, broken framing, odd credentials and sudo values, odd ordinary headers)
 * on every route of the route table. Each
 * answer is a 4xx (or a 2xx where the input is acceptable; see malformed-headers.ts), never a 5xx,
 * and the server still answers afterwards. A failure prints the exact request.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { casesFor, startFuzzTarget, type FuzzTarget } from './fuzz-target.ts';
import { HEADER_CATEGORIES } from './malformed-headers.ts';

// A fresh server per category: the resources one category deletes are there for the next.
let t: FuzzTarget;
beforeEach(async () => { t = await startFuzzTarget(); });
afterEach(async () => { await t?.close(); });

describe('malformed headers never break the reference', () => {
  test.each(HEADER_CATEGORIES.map((c) => [c.name, c] as const))('%s', async (_name, category) => {
    const cases = casesFor(category, t);
    expect(cases.length).toBeGreaterThan(0);
    const failures = await t.run(cases);
    expect(failures.length, `${failures.length} of ${cases.length} answers broke the rules:\n\n${failures.slice(0, 8).join('\n\n')}`).toBe(0);
    expect(await t.healthy()).toBeUndefined();
  });
});
