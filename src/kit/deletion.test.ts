/**
 * Unit tests of the kit's waits for background deletions (deletion.ts) and of the missing-user
 * fixture that replaced deleting a user (fixtures.ts missingUserId), against fake admin clients.
 *
 *   npx vitest run src/kit/deletion.test.ts
 */
import { describe, expect, test } from 'vitest';
import type { ApiResponse } from './client.ts';
import { ConformanceFailure, judgedOf } from './checks.ts';
import { deletionSign, deletionTestTimeout, pollUntil, removal } from './deletion.ts';
import { missingUserId } from './fixtures.ts';
import type { Session } from './session.ts';

const answer = (status: number, json?: unknown, error?: string) =>
  ({ status, json, text: '', headers: {}, error }) as unknown as ApiResponse;

/** A session whose admin GETs answer from `reply`, recording the paths asked; no other method exists. */
function fakeSession(reply: (path: string, query?: Record<string, unknown>) => ApiResponse, deletionTimeoutMs = 2_000, timeoutMs = 10_000) {
  const calls: string[] = [];
  const admin = {
    get: async (path: string, o: { query?: Record<string, unknown> } = {}) => {
      calls.push(path);
      return reply(path, o.query);
    },
  };
  return { s: { admin, target: { deletionTimeoutMs, timeoutMs } } as unknown as Session, calls };
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

  test('ends at once, with that observation, when halted', async () => {
    let n = 0;
    const started = Date.now();
    const got = await pollUntil(
      async () => ++n,
      () => false,
      { timeoutMs: 60_000, intervalMs: 1, halted: () => n >= 2 },
    );
    expect(got).toBe(2);
    expect(Date.now() - started).toBeLessThan(1_000);
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
    const last = await removal(s, '/groups/5', { hardDeletedUser: 7, graceMs: 1_000 });
    expect(last.status).toBe(200);
    expect(calls).toContain('/users/7');
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 20_000);

  test('waits on while the hard-deleted user answers blocked (the job under way)', async () => {
    let polls = 0;
    const { s } = fakeSession((path) => (path === '/users/7' ? answer(200, { state: 'blocked' }) : answer(++polls < 3 ? 200 : 404)));
    expect((await removal(s, '/groups/5', { hardDeletedUser: 7 })).status).toBe(404);
  });

  /** The failure removal throws, ended long before its 5-minute bound. */
  async function haltedFailure(reply: (path: string) => ApiResponse, o: { hardDeletedUser?: number } = {}) {
    const { s, calls } = fakeSession(reply, 300_000);
    const started = Date.now();
    const failure = await removal(s, '/groups/5', o).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(failure).toBeInstanceOf(ConformanceFailure);
    return { failure: failure as ConformanceFailure, calls };
  }

  test('ends at once, failing, when the resource answers 500: neither the resource nor 404', async () => {
    const { failure, calls } = await haltedFailure(() => answer(500, { message: '500 Internal Server Error' }));
    expect(calls).toEqual(['/groups/5']);
    expect(failure.message).toMatch(/GET \/groups\/5 answered 500, which is neither the resource \(2xx\) nor its absence \(404\)/);
    expect(failure.message).toMatch(/ended at once \(it would have polled for up to 300000 ms, CONFORMANCE_DELETION_TIMEOUT_MS\)/);
    expect(failure.actual).toBe('500');
    expect((judgedOf(failure) as ApiResponse).status).toBe(500);
  });

  test.each([403, 401, 302, 502])('ends at once on %i from the resource', async (status) => {
    const { failure } = await haltedFailure(() => answer(status));
    expect(failure.actual).toBe(String(status));
  });

  test('ends at once on no answer, saying why none came', async () => {
    const { failure } = await haltedFailure(() => answer(0, undefined, 'no answer within 10000 ms'));
    expect(failure.actual).toBe('no answer (no answer within 10000 ms)');
  });

  test('ends at once when the hard-deleted user is still active (the platform blocks it on accepting the DELETE)', async () => {
    const { failure, calls } = await haltedFailure((path) => answer(200, path === '/users/7' ? { id: 7, state: 'active' } : { id: 5 }), {
      hardDeletedUser: 7,
    });
    expect(calls).toEqual(['/groups/5', '/users/7']);
    expect(failure.message).toMatch(
      /GET \/users\/7 answered 200 with state "active", yet the platform blocks a user the moment it accepts/,
    );
    expect(failure.actual).toBe('200 with state "active"');
    expect((judgedOf(failure) as ApiResponse).json.state).toBe('active');
  });

  test('ends at once when the hard-deleted user answers 500', async () => {
    const { failure } = await haltedFailure((path) => answer(path === '/users/7' ? 500 : 200), { hardDeletedUser: 7 });
    expect(failure.message).toMatch(/GET \/users\/7 answered 500/);
  });
});

describe('deletionSign', () => {
  test('404 is gone; 2xx is under way, but for a hard-deleted user only when it is not active', () => {
    expect(deletionSign(answer(404)).is).toBe('gone');
    expect(deletionSign(answer(200, { state: 'active' })).is).toBe('under way');
    expect(deletionSign(answer(200, { state: 'blocked' }), { hardDeletedUser: true }).is).toBe('under way');
    expect(deletionSign(answer(200, { state: 'deleting' }), { hardDeletedUser: true }).is).toBe('under way');
    expect(deletionSign(answer(200, { state: 'active' }), { hardDeletedUser: true }).is).toBe('not under way');
    expect(deletionSign(answer(204)).is).toBe('under way');
    expect(deletionSign(answer(503)).is).toBe('not under way');
  });
});

describe('deletionTestTimeout', () => {
  test('outlasts the wait, its last pause and the requests around it, so the wait fails first with its own message', () => {
    const { s } = fakeSession(() => answer(404), 300_000, 10_000);
    expect(deletionTestTimeout(s)).toBe(300_000 + 5_000 + 8 * 10_000 + 10_000);
  });
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
