/**
 * A fault fails the test of the clause it breaks, not a sibling's (`conformance certify` in a
 * child process): with every test of a file running at once (a high CONFORMANCE_CONCURRENCY), a
 * server that lets a regular user delete broadcast messages fails broadcast.auth.user_403 alone.
 * A sibling that checks "a refused write changes nothing" on a message another test's write
 * could delete would blame a clause the server keeps (broadcast.auth.guest_401).
 *
 *   npx vitest run --project self src/mutation/blame.test.ts
 */
import { afterAll, expect, test } from 'vitest';
import { removeRunFolders, runCertification } from './run-fault.ts';

afterAll(removeRunFolders);

test('broadcast.delete-allows-user fails broadcast.auth.user_403 and no other clause, all tests of the file at once', async () => {
  const run = await runCertification({
    faults: ['broadcast.delete-allows-user'],
    filters: ['suites/broadcast-messages/access.test.ts'],
    // 24 over the bundled reference's workers: a share of at least 3, the file's 3 tests at once.
    env: { CONFORMANCE_CONCURRENCY: '24' },
  });
  expect(run.exitCode, `${run.stdout.slice(-2000)}\n${run.stderr.slice(-1000)}`).toBe(1);
  const failures = run.summary!.failures;
  expect(failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([expect.stringMatching(/^broadcast\.auth\.user_403: DELETE /)]);
  expect(run.summary?.totals).toMatchObject({ passed: 2, failed: 1 });
});
