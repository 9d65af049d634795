/**
 * The kit against a throttling target, end to end (`conformance certify` in a child process, the
 * reference behind a proxy answering 429 as GitLab's throttles do): throttling is never a
 * verdict. A target that answers 429 now and then certifies as if it did not (exit 0), and the
 * summary counts the 429s; a target that never stops throttling ends the run with exit 2 and one
 * line naming throttling, within seconds (a small CONFORMANCE_THROTTLE_MAX_WAIT_MS), whether it
 * throttles the tests (workers), the provisioning (globalSetup) or the preflight.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { startHostileTarget, type HostileOptions } from './hostile-servers.ts';
import { filesBelow, removeRunFolders, runCertification, type CertificationRun } from './run-fault.ts';

const TOKEN = 'throttling-test-admin-token-0123456789';
/** Far above what these runs need (seconds), far below a run that waits without end. */
const BOUND_MS = 120_000;
const MAX_WAIT_MS = 2500;
/**
 * The bound of a run that is throttled only now and then: each worker may wait this long in all. A
 * 429 in 100 over users and broadcast-messages (some 500 requests) is a handful of 1 s waits, which
 * 2.5 s would cut short on a worker that happens to meet three of them.
 */
const NOW_AND_THEN_MAX_WAIT_MS = 60_000;

afterAll(removeRunFolders);

async function certifyAgainst(
  o: Omit<HostileOptions, 'adminToken' | 'behaviour'>,
  filters: string[],
  maxWaitMs = MAX_WAIT_MS,
): Promise<
  CertificationRun & { hits: number; summary?: CertificationRun['summary'] & { throttled?: { responses: number; waitedMs: number } } }
> {
  const target = await startHostileTarget({ ...o, behaviour: 'throttle', adminToken: TOKEN });
  try {
    const run = await runCertification({
      filters,
      args: ['--progress', 'lines'],
      killAfterMs: BOUND_MS,
      env: {
        CONFORMANCE_BASE_URL: target.url,
        CONFORMANCE_ADMIN_TOKEN: TOKEN,
        CONFORMANCE_THROTTLE_MAX_WAIT_MS: String(maxWaitMs),
      },
    });
    return { ...run, hits: target.hits };
  } finally {
    await target.close();
  }
}

/** A run the target throttled out: ended on its own, exit 2, one line naming throttling, no verdict, no secret. */
function expectThrottledOut(run: CertificationRun): void {
  const output = `${run.stdout}\n${run.stderr}`;
  expect(run.killed, `the run did not end within ${BOUND_MS} ms`).toBe(false);
  expect(run.exitCode, output.slice(-3000)).toBe(2);
  // One line, after what cleanup could not remove (it tries within its own bound, and tells).
  const lines = run.stderr.trim().split('\n');
  expect(lines.at(-1), run.stderr).toMatch(/^conformance: The target kept throttling: .*429/);
  for (const line of lines.slice(0, -1)) expect(line, run.stderr).toMatch(/^Cleanup could not remove /);
  expect(run.stdout, 'a verdict of a run the kit could not judge').not.toMatch(/Conformance: (PASS|FAIL)/);
  expect(run.summary, 'a summary of a run the kit could not judge').toBeUndefined();
  expect(output).not.toContain(TOKEN);
  for (const f of filesBelow(run.reportsDir)) expect(readFileSync(f, 'utf8'), `${f} holds the admin token`).not.toContain(TOKEN);
}

describe('a target that throttles now and then', () => {
  test('429 with Retry-After: 1 to one request in 100: the run passes (exit 0) and the summary counts the 429s', async () => {
    let n = 0;
    const run = await certifyAgainst(
      { match: () => ++n % 100 === 0 },
      ['suites/broadcast-messages', 'suites/users'],
      NOW_AND_THEN_MAX_WAIT_MS,
    );
    const failures = JSON.stringify((run.summary as { failures?: unknown[] } | undefined)?.failures ?? [], null, 1).slice(0, 6000);
    expect(run.exitCode, `failures: ${failures}\n${run.stdout.slice(-2000)}`).toBe(0);
    expect(run.hits).toBeGreaterThan(0);
    expect(run.summary?.verdict).toBe('pass');
    expect(run.summary?.throttled?.responses).toBe(run.hits);
    expect(run.summary?.throttled?.waitedMs).toBe(run.hits * 1000);
    expect(readFileSync(join(run.reportsDir, 'summary.md'), 'utf8')).toMatch(/Throttled: \d+ responses? answered 429, \d+\.\d s waited/);
  });
});

describe('a target that never stops throttling', () => {
  test('the tests (a worker): the run ends with exit 2 and one line naming throttling', async () => {
    const run = await certifyAgainst({ match: (_m, path) => path.startsWith('/api/v4/broadcast_messages') }, [
      'suites/broadcast-messages/read.test.ts',
    ]);
    expect(run.hits).toBeGreaterThan(0);
    expectThrottledOut(run);
    expect(run.stderr).toMatch(/^conformance: .*\/api\/v4\/broadcast_messages/m);
  });

  test('the provisioning (POST /users in the globalSetup): exit 2 and one line naming throttling', async () => {
    const run = await certifyAgainst({ match: (m, path) => m === 'POST' && path === '/api/v4/users' }, [
      'suites/broadcast-messages/read.test.ts',
    ]);
    expectThrottledOut(run);
    expect(run.stderr.trim().split('\n'), 'nothing to clean up: one line').toHaveLength(1);
    expect(run.stderr).toMatch(/POST \/api\/v4\/users answered 429/);
  });

  test('from the first request (the preflight): exit 2 and one line naming throttling', async () => {
    const run = await certifyAgainst({}, ['suites/broadcast-messages/read.test.ts']);
    expectThrottledOut(run);
    expect(run.stderr.trim().split('\n'), 'nothing to clean up: one line').toHaveLength(1);
    expect(run.stderr).toMatch(/GET \/api\/v4\/user answered 429/);
  });
});
