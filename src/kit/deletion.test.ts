/**
 * Unit tests of the kit's waits for background deletions (deletion.ts) and of the missing-user
 * fixture that replaced deleting a user (fixtures.ts missingUserId), against fake admin clients.
 *
 *   npx vitest run src/kit/deletion.test.ts
 */
import { describe, expect, test } from 'vitest';
import type { ApiResponse } from './client.ts';
import { pollUntil, removal } from './deletion.ts';
import { missingUserId } from './fixtures.ts';
import type { Session } from './session.ts';

const answer = (status: number, json?: unknown) => ({ status, json, text: '', headers: {} }) as unknown as ApiResponse;

/** A session whose admin GETs answer from `reply`, recording the paths asked; no other method exists. */
function fakeSession(reply: (path: string, query?: Record<string, unknown>) => ApiResponse, deletionTimeoutMs = 2_000) {
  const calls: string[] = [];
  const admin = {
    get: async (path: string, o: { query?: Record<string, unknown> } = {}) => {
      calls.push(path);
      return reply(path, o.query);
    },
  };
  return { s: { admin, target: { deletionTimeoutMs } } as unknown as Session, calls };
}

describe('pollUntil', () => {
  test('polls until the condition holds and returns that observation', async () => {
    let n = 0;
    const got = await pollUntil(
      async () => ++n,
      (v) => v === 3,
      { timeoutMs: 5_000, intervalMs: 1 },
    );
    expect(got).toBe(3);
  });

  test('gives up at the bound with the last observation', async () => {
    const started = Date.now();
    const got = await pollUntil(
      async () => 'still there',
      () => false,
      { timeoutMs: 300, intervalMs: 20, maxIntervalMs: 40 },
    );
    expect(got).toBe('still there');
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('removal', () => {
  test('waits while the resource answers (a background job) and returns its 404', async () => {
    let polls = 0;
    const { s } = fakeSession(() => answer(++polls < 4 ? 200 : 404));
    expect((await removal(s, '/groups/5')).status).toBe(404);
    expect(polls).toBe(4);
  });

  test('stops early, after a grace, once the end of the job is seen while the resource still answers', async () => {
    const { s, calls } = fakeSession((path) => answer(path === '/users/7' ? 404 : 200), 60_000);
    const started = Date.now();
    const last = await removal(s, '/groups/5', { endOfJob: '/users/7', graceMs: 1_000 });
    expect(last.status).toBe(200);
    expect(calls).toContain('/users/7');
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 20_000);
});

describe('missingUserId', () => {
  test('is an id beyond the highest user id, checked to answer 404, with no user made or deleted', async () => {
    const { s, calls } = fakeSession((path) => (path === '/users' ? answer(200, [{ id: 1_234_567_890 }]) : answer(404)));
    const id = await missingUserId(s);
    expect(id).toBe(1_235_567_890);
    expect(calls).toEqual(['/users', `/users/${id}`]);
    expect(await missingUserId(s)).toBe(id);
    expect(calls).toHaveLength(2);
  });

  test('is at least 999,999,999 on a small server', async () => {
    const { s } = fakeSession((path) => (path === '/users' ? answer(200, [{ id: 12 }]) : answer(404)));
    expect(await missingUserId(s)).toBe(999_999_999);
  });

  test('fails at set-up when that id answers anything but 404', async () => {
    const { s } = fakeSession((path) => (path === '/users' ? answer(200, [{ id: 3 }]) : answer(200, { id: 999_999_999 })));
    await expect(missingUserId(s)).rejects.toThrow(/answered 200, not 404/);
  });
});
