/** Unit tests of the configuration: defaults, flags over env, one clear error per bad value. */
import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.ts';
import { defaultConcurrency, runPlan } from '../shared/concurrency.ts';
import { KitError } from '../shared/errors.ts';

describe('loadConfig', () => {
  test('defaults: bundled reference, random seed and prefix, 10 s timeout, reports/', () => {
    const c = loadConfig({ env: {} });
    expect(c.baseUrl).toBeUndefined();
    expect(c.timeoutMs).toBe(10000);
    expect(c.reportsDir).toBe('reports');
    expect(c.skip).toEqual([]);
    expect(c.seed).toBeGreaterThan(0);
    expect(c.runPrefix).toMatch(/^cfk-[0-9a-f]{8}$/);
  });

  test('a flag beats its variable, and /api/v4 or a trailing slash is stripped from the base URL', () => {
    const c = loadConfig({
      env: { CONFORMANCE_BASE_URL: 'http://a.example', CONFORMANCE_SEED: '7' },
      flags: { baseUrl: 'https://b.example/api/v4/' },
    });
    expect(c.baseUrl).toBe('https://b.example');
    expect(c.seed).toBe(7);
  });

  test.each([
    ['CONFORMANCE_BASE_URL', 'not-a-url'],
    ['CONFORMANCE_BASE_URL', 'ftp://x.example'],
    ['CONFORMANCE_TIMEOUT_MS', 'abc'],
    ['CONFORMANCE_TIMEOUT_MS', '0'],
    ['CONFORMANCE_NUM_RUNS', '-3'],
    ['CONFORMANCE_SEED', '1.5'],
    ['CONFORMANCE_SKIP', 'users,nonsense'],
    ['CONFORMANCE_REQUIRE', 'users'],
    ['CONFORMANCE_REQUIRE', 'clusters', { CONFORMANCE_SKIP: 'clusters' }],
    ['CONFORMANCE_RUN_PREFIX', 'Bad Prefix'],
    ['CONFORMANCE_HEAVY', 'maybe'],
    ['CONFORMANCE_MAX_RPS', '0'],
    ['CONFORMANCE_MAX_RPS', 'fast'],
    ['CONFORMANCE_MAX_RPS', '-2'],
    ['CONFORMANCE_THROTTLE_MAX_WAIT_MS', '1.5'],
    ['CONFORMANCE_THROTTLE_MAX_WAIT_MS', 'forever'],
    ['CONFORMANCE_THROTTLE_MAX_WAIT_MS', '99999999'],
  ])('%s=%s is a KitError naming the variable', (name, value, others: Record<string, string> = {}) => {
    let error: unknown;
    try {
      loadConfig({ env: { ...others, [name]: value } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(KitError);
    expect((error as KitError).code).toBe('CONFIG_INVALID');
    expect((error as KitError).message.startsWith(name)).toBe(true);
    expect((error as KitError).message).not.toContain('\n');
  });

  test('CONFORMANCE_REQUIRE lists capabilities (none by default)', () => {
    expect(loadConfig({ env: {} }).require).toEqual([]);
    expect(loadConfig({ env: { CONFORMANCE_REQUIRE: 'clusters, epics' } }).require).toEqual(['clusters', 'epics']);
    expect(loadConfig({ env: {}, flags: { require: 'deps' } }).require).toEqual(['deps']);
  });

  test('throttling: 120 s of waiting on 429s and no rate cap by default; --max-rps takes a decimal', () => {
    const c = loadConfig({ env: {} });
    expect(c.throttleMaxWaitMs).toBe(120_000);
    expect(c.maxRps).toBeUndefined();
    expect(loadConfig({ env: { CONFORMANCE_THROTTLE_MAX_WAIT_MS: '0' }, flags: { maxRps: '0.5' } })).toMatchObject({
      throttleMaxWaitMs: 0,
      maxRps: 0.5,
    });
    expect(() => loadConfig({ env: {}, flags: { maxRps: 'x' } })).toThrow(/^--max-rps must be a positive number/);
  });

  test('concurrency: CONFORMANCE_CONCURRENCY or --concurrency, else 12 against a deployed target and 4 against one on this machine; the plan of workers and tests side by side', () => {
    expect(loadConfig({ env: {} }).concurrency).toBeUndefined();
    expect(defaultConcurrency(loadConfig({ env: {} }))).toBe(4);
    expect(defaultConcurrency(loadConfig({ env: { CONFORMANCE_BASE_URL: 'http://gitlab.example.com' } }))).toBe(12);
    for (const local of ['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010']) {
      expect(defaultConcurrency(loadConfig({ env: { CONFORMANCE_BASE_URL: local } }))).toBe(4);
    }
    expect(loadConfig({ env: { CONFORMANCE_CONCURRENCY: '20' } }).concurrency).toBe(20);
    expect(defaultConcurrency(loadConfig({ env: { CONFORMANCE_CONCURRENCY: '5' }, flags: { concurrency: '2' } }))).toBe(2);
    expect(() => loadConfig({ env: { CONFORMANCE_CONCURRENCY: '0' } })).toThrow(
      /^CONFORMANCE_CONCURRENCY must be between 1 and 64 \(got "0"\)$/,
    );
    expect(() => loadConfig({ env: {}, flags: { concurrency: 'many' } })).toThrow(/^--concurrency must be a positive integer/);
    // The bundled reference shares the main process's CPU: two workers, two tests side by side in each.
    expect(runPlan(loadConfig({ env: {} }))).toEqual({ requests: 4, workers: 2, testsPerWorker: 2 });
    expect(runPlan(loadConfig({ env: { CONFORMANCE_BASE_URL: 'http://gitlab.example.com' } }))).toEqual({
      requests: 12,
      workers: 6,
      testsPerWorker: 2,
    });
    expect(runPlan(loadConfig({ env: { CONFORMANCE_BASE_URL: 'http://127.0.0.1:4010', CONFORMANCE_CONCURRENCY: '12' } }))).toEqual({
      requests: 12,
      workers: 6,
      testsPerWorker: 2,
    });
  });

  test('programmatic flags take their own types: numbers, switches and lists, checked as their variables are', () => {
    const c = loadConfig({
      env: { CONFORMANCE_NUM_RUNS: '50', CONFORMANCE_HEAVY: '1' },
      flags: { numRuns: 5, heavy: false, har: true, seed: 0, maxRps: 0.5, skip: ['epics', 'deps'] },
    });
    expect(c).toMatchObject({ numRuns: 5, heavy: false, har: true, seed: 0, maxRps: 0.5, skip: ['epics', 'deps'] });
    expect(loadConfig({ env: {}, flags: { heavy: true } }).heavy).toBe(true);
    expect(() => loadConfig({ env: {}, flags: { numRuns: 1.5 } })).toThrow('--num-runs must be a positive integer (got "1.5")');
    expect(() => loadConfig({ env: {}, flags: { timeoutMs: Number.NaN } })).toThrow('--timeout-ms must be a positive integer');
    // @ts-expect-error a switch is a boolean (or its variable's text), not a number
    expect(() => loadConfig({ env: {}, flags: { heavy: 2 } })).toThrow('--heavy must be 1 or 0');
  });

  test('quiet: off by default, CONFORMANCE_QUIET=1 or the quiet flag (--quiet) turns it on', () => {
    expect(loadConfig({ env: {} }).quiet).toBe(false);
    expect(loadConfig({ env: { CONFORMANCE_QUIET: '1' } }).quiet).toBe(true);
    expect(loadConfig({ env: { CONFORMANCE_QUIET: '1' }, flags: { quiet: false } }).quiet).toBe(false);
    expect(() => loadConfig({ env: { CONFORMANCE_QUIET: 'loud' } })).toThrow('CONFORMANCE_QUIET must be 1 or 0');
  });

  test('a bad flag is reported by its flag name', () => {
    expect(() => loadConfig({ env: {}, flags: { timeoutMs: 'x' } })).toThrow(/^--timeout-ms /);
  });

  test('the admin token is never echoed in a configuration error', () => {
    expect(() => loadConfig({ env: { CONFORMANCE_ADMIN_TOKEN: '   ' } })).not.toThrow(/\s{3}/);
  });
});
