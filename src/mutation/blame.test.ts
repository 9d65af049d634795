/**
 * A fault fails the test of the clause it breaks, not a sibling's (`conformance certify` in a
 * child process): with the authorization matrix's cells running at once (a high
 * CONFORMANCE_CONCURRENCY), a server that lets a regular user delete broadcast messages fails the
 * cells of that DELETE the fault opens (the regular user's, broadcast.auth.user_403, and the
 * admin's with Sudo as that user, auth.admin_only.403) and nothing else. A sibling that checks "a
 * refused write changes nothing" on a message another cell's write could delete would blame a
 * clause the server keeps (broadcast.auth.guest_401).
 *
 *   npx vitest run --project self src/mutation/blame.test.ts
 */
import { afterAll, expect, test } from 'vitest';
import { removeRunFolders, runCertification } from './run-fault.ts';

afterAll(removeRunFolders);

test('broadcast.delete-allows-user fails the two cells of that DELETE it opens and no other, all cells at once', async () => {
  const run = await runCertification({
    faults: ['broadcast.delete-allows-user'],
    filters: ['suites/auth/matrix.test.ts'],
    // 24 over the bundled reference's workers: a share of 12 each, the cells side by side.
    env: { CONFORMANCE_CONCURRENCY: '24' },
  });
  expect(run.exitCode, `${run.stdout.slice(-2000)}\n${run.stderr.slice(-1000)}`).toBe(1);
  const failures = run.summary!.failures;
  expect(failures.map((f) => `${f.clause}: ${f.message}`).sort()).toEqual([
    expect.stringMatching(/^auth\.admin_only\.403: DELETE \/broadcast_messages\/:id by an administrator with Sudo as a regular user /),
    expect.stringMatching(/^broadcast\.auth\.user_403: DELETE \/broadcast_messages\/:id by a regular user /),
  ]);
  expect(run.summary?.totals.failed).toBe(2);
});
