/**
 * The self-test of issue 30's seed and reset: a small client suite (plain fetch, over HTTP) runs
 * against ONE seeded server, resetting between tests through POST /-/reference/reset; each test
 * changes state and finds none of the others' changes. The reset's cost is printed as a
 * benchmark line (a measurement, not a timed assertion). The control routes' guard is checked too.
 *
 *   npx vitest run src/reference/control/reset-self-test.test.ts
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReference } from '../index.ts';
import { parseSeedData } from './seed-data.ts';
import { SAMPLE } from './seed-data.sample.ts';

let ref: RunningReference;
const resetCosts: number[] = [];

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(path.startsWith('/-/') ? `${ref.url}${path}` : `${ref.apiUrl}${path}`, {
    method,
    headers: { 'private-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, data: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  ref = await startReferenceServer({ data: parseSeedData(SAMPLE), clock: () => new Date('2024-05-01T12:00:00.000Z') });
});
afterAll(async () => {
  const sorted = [...resetCosts].sort((a, b) => a - b);
  console.log(
    `bench: reference reset (in process) median ${sorted[sorted.length >> 1]!.toFixed(3)} ms, max ${sorted.at(-1)!.toFixed(3)} ms over ${sorted.length} resets (target < 5 ms)`,
  );
  await ref.close();
});
beforeEach(async () => {
  expect((await call('POST', '/-/reference/reset', ref.adminToken)).status).toBe(200);
  for (let i = 0; i < 20; i += 1) {
    const start = performance.now();
    ref.reset();
    resetCosts.push(performance.now() - start);
  }
});

describe('one seeded server, reset between tests', () => {
  for (const round of [1, 2]) {
    it(`a project created, a user deleted, an epic added, the clock moved (round ${round})`, async () => {
      expect((await call('GET', '/projects?per_page=100', ref.adminToken)).data).toHaveLength(2);
      expect((await call('POST', '/projects', 'amy-token-1234', { name: `extra-${round}` })).data.id).toBe(3);
      expect((await call('POST', '/groups/acme/epics', 'amy-token-1234', { title: 'Next' })).data.iid).toBe(2);
      const bob = (await call('GET', '/users?username=bob', ref.adminToken)).data[0];
      expect((await call('DELETE', `/users/${bob.id}`, ref.adminToken)).status).toBe(204);
      const moved = await call('POST', '/-/reference/clock', ref.adminToken, { advance_ms: 86_400_000 });
      expect(moved.data.now).toBe('2024-05-02T12:00:00.000Z');
    });
    it(`finds the seeded state only (round ${round})`, async () => {
      expect((await call('GET', '/projects?per_page=100', ref.adminToken)).data.map((p: { path: string }) => p.path).sort()).toEqual([
        'cli',
        'dotfiles',
      ]);
      expect((await call('GET', '/user', 'bob-token-1234')).data.username).toBe('bob');
      expect((await call('GET', '/groups/acme/epics', 'amy-token-1234')).data.map((e: { iid: number }) => e.iid)).toEqual([1]);
      expect(ref.now().toISOString()).toBe('2024-05-01T12:00:00.000Z');
      expect((await call('POST', '/projects', 'amy-token-1234', { name: 'again' })).data.id).toBe(3);
    });
  }
});

describe('the control routes', () => {
  it('need an administrator token: 401 without a valid one, 403 for another user', async () => {
    expect((await call('POST', '/-/reference/reset', 'not-a-token')).status).toBe(401);
    expect((await call('POST', '/-/reference/reset', 'amy-token-1234')).status).toBe(403);
    expect((await call('POST', '/-/reference/clock', 'amy-token-1234', { advance_ms: 1 })).status).toBe(403);
  });
  it('set the clock to an instant and refuse a body of another shape', async () => {
    expect((await call('POST', '/-/reference/clock', ref.adminToken, { now: '2030-01-01T00:00:00Z' })).data).toEqual({
      now: '2030-01-01T00:00:00.000Z',
    });
    expect((await call('POST', '/-/reference/clock', ref.adminToken, { later: 1 })).status).toBe(400);
  });
});
