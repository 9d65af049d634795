/**
 * gitbeaker's retry logic against the reference's operational 429 fault: the client retries a
 * throttled request (it retries 429 and 502, up to 10 times) and gets its answer, and the server's
 * request log shows the throttled attempts followed by the one that went through.
 *
 *   npx vitest run src/ecosystem/gitbeaker/retries.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReference } from '../../reference/index.ts';
import { clientFor, type Client } from './harness.ts';

let ref: RunningReference;
let admin: Client;

beforeAll(async () => {
  // Half of GET /users/:id is throttled, drawn under a fixed seed: the same attempts fail every run.
  ref = await startReferenceServer({ opsFaults: '429@GET /users/:id:0.5,502@GET /user:0.5', opsFaultsSeed: 3, port: 0 });
  admin = clientFor(ref.url, ref.adminToken);
});
afterAll(() => ref?.close());

describe('gitbeaker retries through operational faults', () => {
  it('survives the 429 fault: every call answers, the log shows the retried requests', async () => {
    for (let i = 0; i < 6; i++) expect(await admin.Users.show(1)).toMatchObject({ id: 1, username: 'root' });
    const log = ref.requestLog().filter((e) => e.path === '/api/v4/users/1');
    const throttled = log.filter((e) => e.status === 429);
    expect(throttled.length).toBeGreaterThan(0);
    expect(throttled.every((e) => e.fault === '429')).toBe(true);
    expect(log.filter((e) => e.status === 200)).toHaveLength(6);
    // Each throttled attempt is followed, sooner or later, by the same request answered: a retry, not a new call.
    expect(log.at(-1)?.status).toBe(200);
    expect(log.length).toBe(6 + throttled.length);
  });

  it('survives a 502 the same way', async () => {
    for (let i = 0; i < 4; i++) expect(await admin.Users.showCurrentUser()).toMatchObject({ id: 1 });
    const log = ref.requestLog().filter((e) => e.path === '/api/v4/user');
    expect(log.filter((e) => e.status === 502 && e.fault === '502').length).toBeGreaterThan(0);
    expect(log.filter((e) => e.status === 200)).toHaveLength(4);
  });
});
