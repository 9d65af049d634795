/**
 * Versioning: the API lives under /api/v4; /api/v3 is not served.
 */
import { describe } from 'vitest';
import { check, clauseTest, requireThat } from '../../src/kit/index.ts';

describe.concurrent('API version prefix', () => {
  clauseTest('versioning.prefix.v4', 'GET /api/v4/broadcast_messages answers 200', async ({ s }) => {
    check.status(await s.anon.get(`${s.target.baseUrl}/api/v4/broadcast_messages`), 200);
  });

  clauseTest('versioning.v3.removed', 'GET /api/v3/broadcast_messages is a 4xx error, never a 2xx', async ({ s }) => {
    const res = await s.anon.get(`${s.target.baseUrl}/api/v3/broadcast_messages`);
    requireThat(res.status >= 400 && res.status < 500, 'Requests under /api/v3 MUST get a 4xx error.', '4xx', res.status || res.error);
  });
});
