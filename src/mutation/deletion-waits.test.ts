/**
 * Waits for a deletion end when nothing is being deleted (issue 27, item 6), end to end: a child
 * `conformance certify` of the suite file that waits on a user's background deletion, with the
 * default CONFORMANCE_DELETION_TIMEOUT_MS (5 minutes), against
 * (a) a target that answers 500 where the reference answers 404 to a GET (hostile-servers.ts
 *     `missing-500`): before, the hard_delete check polled the deleted group for the full 5 minutes;
 * (b) the reference with users.delete-does-nothing (DELETE /users/:id answers 204, the user stays
 *     active): before, the check polled the group, and the active user, for the full 5 minutes.
 * Each run must end with exit 1 within 3 minutes, blaming users.delete.hard_delete_groups with a
 * message that says what was seen and that the wait ended at once: the early end makes it fast.
 *
 *   npx vitest run --project self src/mutation/deletion-waits.test.ts
 */
import { afterAll, describe, expect, test } from 'vitest';
import { startHostileTarget } from './hostile-servers.ts';
import { removeRunFolders, runCertification, type CertificationRun } from './run-fault.ts';

const TOKEN = 'deletion-waits-admin-token-0123456789';
const SUITE = 'suites/users/update-delete.test.ts';
/** The bound on each run. */
const BOUND_MS = 180_000;
/** The default deletion bound, set so that a parent's own setting cannot shorten it. */
const DEFAULT_DELETION_TIMEOUT_MS = '300000';
const CLAUSE = 'users.delete.hard_delete_groups';

afterAll(removeRunFolders);

function certify(o: Parameters<typeof runCertification>[0] = {}): Promise<CertificationRun> {
  // Killed a little after the bound: a run that outlives it fails below with its output, not as a test timeout.
  return runCertification({
    ...o,
    filters: [SUITE],
    killAfterMs: BOUND_MS + 20_000,
    env: { ...o.env, CONFORMANCE_DELETION_TIMEOUT_MS: DEFAULT_DELETION_TIMEOUT_MS },
  });
}

/** The run ended on its own, within the bound, failing, and the deletion check failed at once saying why. */
function expectFastFailure(run: CertificationRun, seen: RegExp): void {
  const output = `${run.stdout}\n${run.stderr}`.slice(-3000);
  expect(run.killed, `the run outlived ${BOUND_MS} ms: ${output}`).toBe(false);
  expect(run.exitCode, output).toBe(1);
  expect(run.durationMs, `the run took ${run.durationMs} ms`).toBeLessThan(BOUND_MS);
  const failure = run.summary?.failures.find((f) => f.clause === CLAUSE);
  expect(failure, `no failure of ${CLAUSE}: ${output}`).toBeDefined();
  expect(failure!.message).toMatch(seen);
  expect(failure!.message).toMatch(/The wait ended at once \(it would have polled for up to 300000 ms, CONFORMANCE_DELETION_TIMEOUT_MS\)/);
}

describe('a deletion wait ends at once when nothing is being deleted', () => {
  test(
    '(a) a target answering 500 to reads of what is missing: exit 1 within 3 minutes, the check says it saw a 500',
    async () => {
      const target = await startHostileTarget({ behaviour: 'missing-500', match: (method) => method === 'GET', adminToken: TOKEN });
      try {
        const run = await certify({ env: { CONFORMANCE_BASE_URL: target.url, CONFORMANCE_ADMIN_TOKEN: TOKEN } });
        expect(target.hits, 'no GET met a missing resource').toBeGreaterThan(0);
        expectFastFailure(run, /GET \/groups\/\d+ answered 500, which is neither the resource \(2xx\) nor its absence \(404\)/);
      } finally {
        await target.close();
      }
    },
    BOUND_MS + 60_000,
  );

  test(
    '(b) a reference whose user DELETE does nothing: exit 1 within 3 minutes, the check says the user is still active',
    async () => {
      const run = await certify({ faults: ['users.delete-does-nothing'] });
      expectFastFailure(run, /GET \/users\/\d+ answered 200 with state "active", yet the platform blocks a user the moment it accepts/);
      // The checks of the DELETE's answer still pass: only the removal it promised is missing.
      expect(run.summary!.clauses.find((c) => c.id === 'users.delete.status')?.status).toBe('pass');
    },
    BOUND_MS + 60_000,
  );
});
