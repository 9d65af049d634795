/**
 * Each test's own log: tests running side by side (describe.concurrent) record, count and name
 * their exchanges apart, and what is sent outside any test (a file's beforeAll) is counted once,
 * by the next test to start.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import type { ApiResponse } from './client.ts';
import {
  inTestLog,
  lastExchange,
  recordExchange,
  recordViolations,
  startCapture,
  stopCapture,
  takeRequestsOutsideTests,
  takeViolations,
  testRequests,
} from './recorder.ts';
import type { Violation } from './response-checks.ts';
import { SecretSet } from '../shared/redact.ts';

const secrets = new SecretSet();
const answer = (path: string): ApiResponse => ({
  method: 'GET',
  url: `http://h/api/v4${path}`,
  requestHeaders: {},
  status: 200,
  headers: {},
  text: '{}',
  json: {},
  durationMs: 1,
});

/** A test body sending `paths` one by one, yielding between them so that side-by-side bodies interleave. */
async function sends(paths: string[]): Promise<{ requests: number; last: string | undefined; captured: string[] }> {
  startCapture();
  for (const p of paths) {
    await sleep(1);
    recordExchange(answer(p), secrets);
  }
  return { requests: testRequests(), last: lastExchange()?.url, captured: stopCapture().map((x) => x.url) };
}

describe('inTestLog', () => {
  test('side-by-side tests each see their own exchanges, count and capture', async () => {
    const [a, b] = await Promise.all([inTestLog('a', () => sends(['/a1', '/a2', '/a3'])), inTestLog('b', () => sends(['/b1', '/b2']))]);
    expect(a).toEqual({ requests: 3, last: 'http://h/api/v4/a3', captured: ['/a1', '/a2', '/a3'].map((p) => `http://h/api/v4${p}`) });
    expect(b).toEqual({ requests: 2, last: 'http://h/api/v4/b2', captured: ['/b1', '/b2'].map((p) => `http://h/api/v4${p}`) });
  });

  test('requests outside any test are counted once, by the first test to take them', () => {
    takeRequestsOutsideTests();
    recordExchange(answer('/hook1'), secrets);
    recordExchange(answer('/hook2'), secrets);
    inTestLog('inside', () => recordExchange(answer('/in'), secrets));
    expect(takeRequestsOutsideTests()).toBe(2);
    expect(takeRequestsOutsideTests()).toBe(0);
  });

  test("response-check violations met outside any test are let go when a test takes the hooks' count", () => {
    takeRequestsOutsideTests();
    const res = answer('/hook');
    recordExchange(res, secrets);
    recordViolations(res, [{ check: 'content_type' } as unknown as Violation]);
    takeRequestsOutsideTests();
    expect(takeViolations()).toEqual([]);
  });
});
