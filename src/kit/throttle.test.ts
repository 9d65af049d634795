/**
 * Unit tests of the throttle: how long a 429 asks to wait (Retry-After in seconds or as an HTTP
 * date, RateLimit-Reset as seconds or a Unix time, neither), the bound on the total wait and on
 * the tries of one request (a KitError TARGET_THROTTLING noted for the run), another process's
 * give-up, the pacing under a rate cap, and the time added to suite tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readThrottleFile, throttleFileLog } from './channels.ts';
import { isKitError } from '../shared/errors.ts';
import { Throttle, throttleWaitMs, timeAllowanceMs } from './throttle.ts';

const NOW = Date.parse('2026-11-25T08:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'cfk-throttle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const freshFile = () => join(dir, `throttle-${++files}`);

/** A throttle whose waits are recorded, not slept. */
function throttle(o: Partial<ConstructorParameters<typeof Throttle>[0]> = {}) {
  const slept: number[] = [];
  const t = new Throttle({
    maxWaitMs: 10_000,
    now: () => NOW,
    sleep: async (ms) => {
      slept.push(ms);
    },
    ...o,
  });
  return { t, slept };
}

async function thrown(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('it did not throw');
}

describe('throttleWaitMs', () => {
  test.each([
    ['Retry-After in seconds', { 'retry-after': '3' }, 3000],
    ['Retry-After 0', { 'retry-after': '0' }, 0],
    ['Retry-After as an HTTP date', { 'retry-after': 'Wed, 25 Nov 2026 08:00:07 GMT' }, 7000],
    ['Retry-After as a past HTTP date', { 'retry-after': 'Wed, 25 Nov 2026 07:59:00 GMT' }, 0],
    ['Retry-After before RateLimit-Reset', { 'retry-after': '2', 'ratelimit-reset': '60' }, 2000],
    ['RateLimit-Reset in seconds (IETF draft)', { 'ratelimit-reset': '5' }, 5000],
    ['RateLimit-Reset as a Unix time (GitLab)', { 'ratelimit-reset': String(NOW / 1000 + 12) }, 12_000],
    ['RateLimit-Reset when Retry-After is nonsense', { 'retry-after': 'soon', 'ratelimit-reset': '4' }, 4000],
    ['neither: one second', {}, 1000],
    ['nonsense in both: one second', { 'retry-after': 'soon', 'ratelimit-reset': 'later' }, 1000],
  ])('%s', (_name, headers, ms) => {
    expect(throttleWaitMs(headers, NOW)).toBe(ms);
  });
});

describe('Throttle.waitOut', () => {
  test('waits as asked and counts every 429 and its wait in the run file', async () => {
    const file = freshFile();
    const { t, slept } = throttle({ log: throttleFileLog(file) });
    await t.waitOut({ 'retry-after': '2' }, 'GET /api/v4/users', 1);
    await t.waitOut({}, 'GET /api/v4/users', 2);
    expect(slept).toEqual([2000, 1000]);
    expect([t.responses, t.waitedMs]).toEqual([2, 3000]);
    expect(readThrottleFile(file)).toEqual({ throttled: { responses: 2, waitedMs: 3000 } });
  });

  test('past the bound on the total wait: a KitError TARGET_THROTTLING naming the request and the setting, without waiting', async () => {
    const file = freshFile();
    const { t, slept } = throttle({ maxWaitMs: 2500, log: throttleFileLog(file) });
    await t.waitOut({ 'retry-after': '1' }, 'GET /api/v4/users/5', 1);
    await t.waitOut({ 'retry-after': '1' }, 'GET /api/v4/users/5', 1);
    const e = await thrown(t.waitOut({ 'retry-after': '1' }, 'GET /api/v4/users/5', 1));
    expect(isKitError(e) && e.code).toBe('TARGET_THROTTLING');
    expect((e as Error).message).toMatch(
      /^The target kept throttling: GET \/api\/v4\/users\/5 answered 429 .*CONFORMANCE_THROTTLE_MAX_WAIT_MS/,
    );
    expect((e as Error).message).not.toContain('\n');
    expect(slept).toEqual([1000, 1000]);
    // Counted, and noted for the run: certify() ends it with this message.
    expect(readThrottleFile(file)).toEqual({ throttled: { responses: 3, waitedMs: 2000 }, gaveUp: (e as Error).message });
    // Once given up, a 429 ends at once (even one asking for no wait).
    expect(isKitError(await thrown(t.waitOut({ 'retry-after': '0' }, 'GET /api/v4/users', 1)))).toBe(true);
    expect(slept).toHaveLength(2);
  });

  test('a wait longer than the whole bound gives up at once', async () => {
    const { t, slept } = throttle({ maxWaitMs: 60_000 });
    expect(isKitError(await thrown(t.waitOut({ 'retry-after': '3600' }, 'GET /api/v4/user', 1)))).toBe(true);
    expect(slept).toEqual([]);
  });

  test('maxWaitMs 0 gives up at the first 429', async () => {
    const { t } = throttle({ maxWaitMs: 0 });
    expect(isKitError(await thrown(t.waitOut({ 'retry-after': '1' }, 'GET /api/v4/user', 1)))).toBe(true);
  });

  test('past the tries of one request: gives up even within the wait bound', async () => {
    const { t, slept } = throttle({ maxTries: 3 });
    await t.waitOut({ 'retry-after': '0' }, 'POST /api/v4/users', 1);
    await t.waitOut({ 'retry-after': '0' }, 'POST /api/v4/users', 2);
    const e = await thrown(t.waitOut({ 'retry-after': '0' }, 'POST /api/v4/users', 3));
    expect((e as Error).message).toMatch(/POST \/api\/v4\/users answered 429 3 times in a row/);
    expect(slept).toEqual([]);
  });

  test("another process's give-up ends this one's next 429 with the same message", async () => {
    const file = freshFile();
    throttleFileLog(file)!.gaveUp('The target kept throttling: elsewhere.');
    const { t, slept } = throttle({ log: throttleFileLog(file) });
    const e = await thrown(t.waitOut({ 'retry-after': '1' }, 'GET /api/v4/user', 1));
    expect((e as Error).message).toBe('The target kept throttling: elsewhere.');
    expect(slept).toEqual([]);
    // The first message stands.
    throttleFileLog(file)!.gaveUp('a later one');
    expect(readThrottleFile(file).gaveUp).toBe('The target kept throttling: elsewhere.');
  });
});

describe('Throttle.slot', () => {
  test('without a cap: never waits', () => {
    const { t } = throttle();
    expect(t.interval).toBe(0);
  });

  test('under a cap: requests go 1/rate apart', async () => {
    const { t, slept } = throttle({ requestsPerSecond: 4 });
    expect(t.slot()).toBeUndefined();
    await t.slot();
    await t.slot();
    expect(slept).toHaveLength(2);
    expect(slept[0]).toBeGreaterThan(240);
    expect(slept[0]).toBeLessThanOrEqual(250);
    expect(slept[1]).toBeGreaterThan(490);
    expect(slept[1]).toBeLessThanOrEqual(500);
  });
});

describe('Throttle.enter and leave', () => {
  test('at most maxInFlight requests at once, the others in turn as places free up', async () => {
    const { t } = throttle({ maxInFlight: 2 });
    let inFlight = 0;
    let peak = 0;
    const request = async () => {
      const entering = t.enter();
      if (entering) await entering;
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      t.leave();
    };
    await Promise.all(Array.from({ length: 7 }, request));
    expect(peak).toBe(2);
    // Every place was given back: two go at once again.
    expect([t.enter(), t.enter()]).toEqual([undefined, undefined]);
    expect(t.enter()).toBeInstanceOf(Promise);
  });

  test('without a bound: never waits', () => {
    const { t } = throttle();
    for (let i = 0; i < 100; i++) expect(t.enter()).toBeUndefined();
  });
});

test('timeAllowanceMs: the wait bound on a deployed target, and a long test at the rate cap', () => {
  expect(timeAllowanceMs({ bundled: true, throttle: { maxWaitMs: 120_000 } })).toBe(0);
  expect(timeAllowanceMs({ bundled: false, throttle: { maxWaitMs: 120_000 } })).toBe(120_000);
  expect(timeAllowanceMs({ bundled: true, throttle: { maxWaitMs: 120_000, requestsPerSecond: 10 } })).toBe(30_000);
});
