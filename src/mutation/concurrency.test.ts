/**
 * The kit's concurrency and its request count, end to end (`conformance certify` in a child
 * process against a reference behind a proxy that answers every request 20 ms late and counts
 * them): with CONFORMANCE_CONCURRENCY=2 the target never holds more than 2 of the kit's requests
 * at once (1 worker of 2, MIN_SHARE, and the main process's probe, provisioning and cleanup within the same
 * bound) yet does hold 2; and summary.json's `requests` is every request the target received,
 * split by phase (the emails suites provision in beforeAll hooks: the tests count those too).
 *
 *   npx vitest run --project self src/mutation/concurrency.test.ts
 */
import { afterAll, expect, test } from 'vitest';
import { startHostileTarget } from './hostile-servers.ts';
import { removeRunFolders, runCertification } from './run-fault.ts';

const TOKEN = 'concurrency-test-admin-token-0123456789';

afterAll(removeRunFolders);

test('CONFORMANCE_CONCURRENCY bounds the requests in flight, and summary.json counts every request, by phase', async () => {
  const target = await startHostileTarget({ behaviour: 'slow', delayMs: 20, adminToken: TOKEN });
  try {
    const run = await runCertification({
      filters: ['emails'],
      killAfterMs: 120_000,
      env: { CONFORMANCE_BASE_URL: target.url, CONFORMANCE_ADMIN_TOKEN: TOKEN, CONFORMANCE_CONCURRENCY: '2' },
    });
    expect(run.exitCode, `${run.stdout.slice(-2000)}\n${run.stderr.slice(-1000)}`).toBe(0);
    expect(target.peakInFlight).toBe(2);
    const summary = run.summary!;
    expect(summary.requests).toBe(target.hits);
    const { probe, provisioning, tests, cleanup } = summary.requestsByPhase!;
    expect(probe).toBe(5);
    expect(provisioning).toBeGreaterThan(0);
    expect(tests).toBeGreaterThan(0);
    expect(cleanup).toBeGreaterThan(0);
    expect(probe + provisioning + tests + cleanup).toBe(summary.requests);
  } finally {
    await target.close();
  }
});
