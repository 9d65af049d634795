/**
 * The kit against hostile targets, end to end (`conformance certify` in a child process): a
 * target that hangs, resets connections, answers non-JSON under a JSON content type, answers
 * slower than CONFORMANCE_TIMEOUT_MS, or sends a body over CONFORMANCE_MAX_BODY_BYTES on one
 * route. Each run ends on its own, exits 1, the tests that met the route fail with a message
 * naming the cause, the child prints no unhandled error or kit stack trace, and no output holds
 * the admin token. A target that hangs from the first request exits 2 with one line.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { startHostileTarget, type Behaviour, type HostileOptions } from './hostile-servers.ts';
import { filesBelow, removeRunFolders, runCertification, type CertificationRun } from './run-fault.ts';

const TOKEN = 'hostile-test-admin-token-0123456789';
/** Short where the timeout is what is tested (hang, slow), so each run takes seconds. */
const TIMEOUT_MS = 800;
/** Generous elsewhere: on a loaded machine a healthy request must not time out and blur the cause. */
const EASY_TIMEOUT_MS = 15_000;
const MAX_BODY_BYTES = 1024 * 1024;
/** Far above what a run of one suite file needs (a few seconds), far below a hang. */
const BOUND_MS = 90_000;
const SUITE = 'suites/broadcast-messages/read.test.ts';
/** The single-message GET: provisioning never reads it, several tests of the suite do. */
const SINGLE_MESSAGE = (method: string, path: string) => method === 'GET' && /^\/api\/v4\/broadcast_messages\/\d+(\?|$)/.test(path);

afterAll(removeRunFolders);

async function certifyAgainst(
  o: Omit<HostileOptions, 'adminToken'>,
  timeoutMs = TIMEOUT_MS,
): Promise<CertificationRun & { hits: number; streamedBytes: number }> {
  const target = await startHostileTarget({ ...o, adminToken: TOKEN });
  try {
    const run = await runCertification({
      filters: [SUITE],
      args: ['--progress', 'lines'], // what a user sees by default
      killAfterMs: BOUND_MS,
      env: {
        CONFORMANCE_BASE_URL: target.url,
        CONFORMANCE_ADMIN_TOKEN: TOKEN,
        CONFORMANCE_TIMEOUT_MS: String(timeoutMs),
        CONFORMANCE_MAX_BODY_BYTES: String(MAX_BODY_BYTES),
      },
    });
    return { ...run, hits: target.hits, streamedBytes: target.streamedBytes };
  } finally {
    await target.close();
  }
}

/** What every hostile run must keep: ended on its own, no crash, no secret anywhere. */
function expectCleanEnd(run: CertificationRun, exitCode: 1 | 2): void {
  const output = `${run.stdout}\n${run.stderr}`;
  expect(run.killed, `the run did not end within ${BOUND_MS} ms; its output ended with: ${output.slice(-3000)}`).toBe(false);
  expect(run.exitCode, output.slice(-3000)).toBe(exitCode);
  const stderr = run.stderr.replace(/\x1b\[[0-9;]*m/g, '');
  expect(stderr, 'an unhandled error in stderr').not.toMatch(/Unhandled|uncaught/i);
  expect(stderr, 'an error of the kit in stderr').not.toMatch(/\b\w*Error\b:|src\/kit\//);
  expect(output).not.toContain(TOKEN);
  for (const f of filesBelow(run.reportsDir)) expect(readFileSync(f, 'utf8'), `${f} holds the admin token`).not.toContain(TOKEN);
}

/** The failures of the run, as the summary reports them. */
function failureMessages(run: CertificationRun): string[] {
  return (run.summary?.failures ?? []).map((f) => f.message);
}

const timeout = new RegExp(`no answer within ${TIMEOUT_MS} ms`);
const cases: { behaviour: Behaviour; extra?: Partial<HostileOptions>; cause: RegExp; timeoutMs: number }[] = [
  { behaviour: 'hang', cause: timeout, timeoutMs: TIMEOUT_MS },
  { behaviour: 'slow', extra: { delayMs: TIMEOUT_MS * 4 }, cause: timeout, timeoutMs: TIMEOUT_MS },
  { behaviour: 'reset', cause: /the target (reset|closed) the connection/, timeoutMs: EASY_TIMEOUT_MS },
  { behaviour: 'not-json', cause: /not JSON/, timeoutMs: EASY_TIMEOUT_MS },
  { behaviour: 'huge', cause: new RegExp(`body over ${MAX_BODY_BYTES} bytes`), timeoutMs: EASY_TIMEOUT_MS },
];

describe('the kit against a target that misbehaves on one route', () => {
  test.each(cases)(
    '$behaviour: the run ends on its own with exit 1, and the affected tests fail saying why',
    async ({ behaviour, extra, cause, timeoutMs }) => {
      const run = await certifyAgainst({ behaviour, match: SINGLE_MESSAGE, ...extra }, timeoutMs);
      expect(run.hits, 'the hostile route was never requested').toBeGreaterThan(0);
      expectCleanEnd(run, 1);
      expect(run.summary?.verdict).toBe('fail');
      const messages = failureMessages(run);
      expect(messages.length, run.stdout.slice(-2000)).toBeGreaterThan(0);
      for (const m of messages) expect(m, `every failure names the cause: ${messages.join(' | ')}`).toMatch(cause);
      // Only the tests that met the route fail: the list still passes (where a loaded machine cannot blur it with a timeout).
      if (timeoutMs === EASY_TIMEOUT_MS) expect(run.summary!.clauses.find((c) => c.id === 'broadcast.list.status')?.status).toBe('pass');
      if (behaviour === 'huge') expect(run.streamedBytes, 'the kit read on past its cap').toBeLessThan(64 * MAX_BODY_BYTES);
    },
  );
});

describe('the kit against a target that hangs before the tests start', () => {
  test('the preflight gives up after the timeout: exit 2 with one line saying so', async () => {
    const run = await certifyAgainst({ behaviour: 'hang' });
    expectCleanEnd(run, 2);
    expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
    expect(run.stderr).toMatch(new RegExp(`does not answer \\(no answer within ${TIMEOUT_MS} ms`));
  });

  test('a target that stops answering while the kit provisions (POST /users): exit 2 with one line saying so', async () => {
    const run = await certifyAgainst({ behaviour: 'hang', match: (method, path) => method === 'POST' && path === '/api/v4/users' });
    expect(run.hits).toBe(1);
    expectCleanEnd(run, 2);
    expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
    expect(run.stderr).toMatch(
      new RegExp(`Could not create the run's regular user: POST /users got no complete answer \\(no answer within ${TIMEOUT_MS} ms`),
    );
    expect(run.stdout, 'a report of a run that never started').not.toMatch(/Conformance: (PASS|FAIL)/);
  });
});
