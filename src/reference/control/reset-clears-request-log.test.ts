/**
 * A reset empties the request log (kept under opsFaults): a client's test that reads
 * ref.requestLog() after a reset in beforeEach sees its own requests only, not those of the tests
 * before it. Over HTTP the reset request itself is the log's first entry (answered after the reset).
 * A reset also starts the fault draws again from their seed: the same requests after a reset meet
 * the same faults, whatever the tests before it sent.
 *
 *   npx vitest run src/reference/control/reset-clears-request-log.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReference } from '../index.ts';

let ref: RunningReference;
const get = (path: string) => fetch(`${ref.apiUrl}${path}`, { headers: { 'private-token': ref.adminToken } });

beforeAll(async () => {
  ref = await startReferenceServer({ opsFaults: '500@GET /users/:id:0.5', opsFaultsSeed: 3 });
});
afterAll(() => ref?.close());

describe('reset and the request log', () => {
  it('ref.reset() empties the log; the next requests are logged as before', async () => {
    await get('/user');
    await get('/users/1');
    expect(ref.requestLog().length).toBeGreaterThanOrEqual(2);
    ref.reset();
    expect(ref.requestLog()).toEqual([]);
    await get('/user');
    expect(ref.requestLog()).toEqual([{ method: 'GET', path: '/api/v4/user', status: 200 }]);
  });

  it('POST /-/reference/reset empties it too, leaving only that request', async () => {
    await get('/user');
    const reset = await fetch(`${ref.url}/-/reference/reset`, { method: 'POST', headers: { 'private-token': ref.adminToken } });
    expect(reset.status).toBe(200);
    expect(ref.requestLog()).toEqual([{ method: 'POST', path: '/-/reference/reset', status: 200 }]);
  });

  it('after a reset the same requests meet the same faults, whatever ran before', async () => {
    const statuses = async () => {
      for (let i = 0; i < 8; i++) await get('/users/1');
      return ref.requestLog().map((e) => e.status);
    };
    ref.reset();
    const first = await statuses();
    expect(first).toContain(500);
    expect(first).toContain(200);
    await get('/users/1'); // one more draw, which a reset must forget
    ref.reset();
    expect(await statuses()).toEqual(first);
  });
});
