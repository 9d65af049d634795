/**
 * Limits: a very long query string is answered with 414.
 */
import { describe } from 'vitest';
import { check, clauseTest } from '../../src/kit/index.ts';

describe.concurrent('query string length', () => {
  clauseTest('limits.query_string.too_long_414', 'a 40 KiB query string is answered with 414', async ({ s }) => {
    check.status(await s.anon.get('/broadcast_messages', { query: { search: 'q'.repeat(40 * 1024) } }), 414);
  });
});
