/**
 * Waits for a deletion end when nothing is being deleted (issue 27, item 6; issue 35, part 5), end
 * to end: a child `conformance certify` with the default CONFORMANCE_DELETION_TIMEOUT_MS (5 minutes), against
 * (a) a target that answers 500 where the reference answers 404 to a GET (hostile-servers.ts
 *     `missing-500`), certifying the suite file that waits on a hard delete: before, the
 *     hard_delete check polled the deleted group for the full 5 minutes; it must end within 3 minutes;
 * (b) the reference with users.delete-does-nothing (DELETE /users/:id answers 204, the user stays
 *     active), certifying the whole users suite: before, the hard_delete check polled the group
 *     for 5 minutes, and the repeated DELETE (repeat-delete.test.ts, then without hard_delete)
 *     polled the active user for 5 minutes too (a run of 5.5 minutes); it must end within 2 minutes.
 * Each run must end with exit 1, the waits' checks failing with a message that says what was seen
 * and where the wait ended: the early end makes it fast.
 *
 *   npx vitest run --project self src/mutation/deletion-waits.test.ts
 */
import { afterAll, describe, expect, test } from 'vitest';
import { startHostileTarget } from './hostile-servers.ts';
import { removeRunFolders, runCertification, type CertificationRun } from './run-fault.ts';

const TOKEN = 'deletion-waits-admin-token-0123456789';
const SUITE = 'suites/users/update-delete.test.ts';
/** The users suite, every file (its two waits on a deleted user among them). */
const USERS_SUITE = 'suites/users/';
/** The issues' bounds on each run: 3 minutes for (a) (issue 27), 2 for a user DELETE that does nothing (issue 35). */
const BOUND_MS = 180_000;
const DOES_NOTHING_BOUND_MS = 120_000;
/** The default deletion bound, set so that a parent's own setting cannot shorten it. */
const DEFAULT_DELETION_TIMEOUT_MS = '300000';
const CLAUSE = 'users.delete.hard_delete_groups';

afterAll(removeRunFolders);

function certify(o: Parameters<typeof runCertification>[0] = {}, boundMs = BOUND_MS): Promise<CertificationRun> {
  // Killed a little after the bound: a run that outlives it fails below with its output, not as a test timeout.
  return runCertification({
    filters: [SUITE],
    ...o,
    killAfterMs: boundMs + 20_000,
    env: { ...o.env, CONFORMANCE_DELETION_TIMEOUT_MS: DEFAULT_DELETION_TIMEOUT_MS },
  });
}

/** The run ended on its own, within the bound, failing. */
function expectFailedWithin(run: CertificationRun, boundMs: number): void {
  const output = `${run.stdout}\n${run.stderr}`.slice(-3000);
  expect(run.killed, `the run outlived ${boundMs} ms: ${output}`).toBe(false);
  expect(run.exitCode, output).toBe(1);
  expect(run.durationMs, `the run took ${run.durationMs} ms`).toBeLessThan(boundMs);
}

/** A check of `clause` failed, its wait ended early saying what it saw, long before the deletion bound. */
function expectWaitEnded(run: CertificationRun, clause: string, seen: RegExp): void {
  const failure = run.summary?.failures.find((f) => f.clause === clause && seen.test(f.message));
  const output = `${run.stdout}\n${run.stderr}`.slice(-3000);
  expect(failure, `no failure of ${clause} matching ${seen}: ${JSON.stringify(run.summary?.failures)} ${output}`).toBeDefined();
  const ended = /The wait ended at once \(it would have polled for up to 300000 ms, CONFORMANCE_DELETION_TIMEOUT_MS\)/.exec(
    failure!.message,
  );
  expect(ended, failure!.message).not.toBeNull();
}

describe('a deletion wait ends at once when nothing is being deleted', () => {
  test(
    '(a) a target answering 500 to reads of what is missing: exit 1 within 3 minutes, the check says it saw a 500',
    async () => {
      const target = await startHostileTarget({ behaviour: 'missing-500', match: (method) => method === 'GET', adminToken: TOKEN });
      try {
        const run = await certify({ env: { CONFORMANCE_BASE_URL: target.url, CONFORMANCE_ADMIN_TOKEN: TOKEN } });
        expect(target.hits, 'no GET met a missing resource').toBeGreaterThan(0);
        expectFailedWithin(run, BOUND_MS);
        expectWaitEnded(run, CLAUSE, /GET \/groups\/\d+ answered 500, which is neither the resource \(2xx\) nor its absence \(404\)/);
      } finally {
        await target.close();
      }
    },
    BOUND_MS + 60_000,
  );

  test(
    '(b) a reference whose user DELETE does nothing, the users suite: exit 1 within 2 minutes, both waits say the user is still active',
    async () => {
      const run = await certify({ faults: ['users.delete-does-nothing'], filters: [USERS_SUITE] }, DOES_NOTHING_BOUND_MS);
      expectFailedWithin(run, DOES_NOTHING_BOUND_MS);
      // The hard delete: at once.
      expectWaitEnded(
        run,
        CLAUSE,
        /GET \/users\/\d+ answered 200 with state "active", yet the platform blocks a user the moment it accepts/,
      );
      // The repeated DELETE of repeat-delete.test.ts: at once too.
      expectWaitEnded(
        run,
        'users.delete.missing_404',
        /GET \/users\/\d+ answered 200 with state "active", yet the platform blocks a user the moment it accepts/,
      );
      // The checks of the DELETE's answer still pass: only the removal it promised is missing.
      expect(run.summary!.clauses.find((c) => c.id === 'users.delete.status')?.status).toBe('pass');
    },
    DOES_NOTHING_BOUND_MS + 60_000,
  );
});
