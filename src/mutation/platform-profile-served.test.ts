/**
 * The platform profile as a deployed target: `conformance serve --profile platform` with every
 * departure of the third audit switched on (the dependency fixture, so the versionless dependency is
 * there to meet), certified over HTTP at a deployed target's concurrency (CONFORMANCE_CONCURRENCY=12)
 * with the shipped baseline, once with clusters hidden (the profile's default, as current
 * installations) and once with them enabled (REFERENCE_CLUSTERS_HIDDEN=0). Each run exits 0 with no
 * entry stale or expired; every entry the run can meet is applied, and the only unused entries are
 * the cluster departures where clusters are hidden (their clauses are skipped as not offered: nothing
 * to judge). Afterwards the target holds what it held before and the run group, marked for deletion.
 *
 *   npx vitest run src/mutation/platform-profile-served.test.ts     (about a minute)
 */
import { afterAll, describe, expect, test } from 'vitest';
import { removeRunFolders, runCertification } from './run-fault.ts';
import { serveChild, targetCounts } from './serve-child.ts';
import { clusterLabels, SHIPPED_BASELINE, shippedLabels } from './shipped-baseline.ts';

afterAll(removeRunFolders);

const TOKEN = 'served-platform-admin-token-0123456789';
const BASELINE = SHIPPED_BASELINE;
const labels = shippedLabels;
const DELAY_MS = 1_000;

/** `conformance serve --profile platform` in its own process, with the REFERENCE_* variables given. */
const serve = (env: Record<string, string>) =>
  serveChild(TOKEN, '', { REFERENCE_PROFILE: 'platform', REFERENCE_USER_DELETION_DELAY_MS: String(DELAY_MS), ...env });
const counts = (base: string) => targetCounts(base, TOKEN);

/** Certifies the served platform profile with the shipped baseline; checks the verdict, the baseline's outcome and what is left. */
async function certifyServed(env: Record<string, string>, unused: string[]): Promise<void> {
  const target = await serve({ REFERENCE_DEPENDENCY_FIXTURE: '1', ...env });
  try {
    const before = await counts(target.url);
    const run = await runCertification({
      args: ['--baseline', BASELINE],
      env: {
        CONFORMANCE_BASE_URL: target.url,
        CONFORMANCE_ADMIN_TOKEN: TOKEN,
        CONFORMANCE_CONCURRENCY: '12',
        CONFORMANCE_DELETION_TIMEOUT_MS: '30000',
      },
    });
    expect(run.exitCode, run.stdout.slice(-3000)).toBe(0);
    expect(run.stdout).toMatch(/Conformance: PASS — 0 failed, \d+ passed, \d+ skipped, \d+ known \(baseline\)/);
    const outcome = run.summary!.baseline!;
    expect([outcome.stale, outcome.expired]).toEqual([[], []]);
    expect([...outcome.unused].sort()).toEqual(unused);
    expect([...outcome.applied].sort()).toEqual(labels.filter((l) => !unused.includes(l)));
    // Nothing left but the run group: a top-level group the target only marks, removed after its delay.
    const cleanup = run.summary!.cleanup!;
    expect(cleanup.left).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 500));
    expect(await counts(target.url)).toEqual({ ...before, groups: before.groups! + 1 });
    const res = await fetch(`${target.url}/api/v4/groups?all_available=true&per_page=1&order_by=id&sort=desc`, {
      headers: { 'private-token': TOKEN },
    });
    const newest = ((await res.json()) as Record<string, unknown>[])[0]!;
    expect(newest).toMatchObject({ parent_id: null, marked_for_deletion_on: expect.any(String) });
    expect((cleanup.awaiting ?? []).map((a) => a.what)).toEqual([`group /groups/${newest.id}`]);
  } finally {
    target.child.kill('SIGTERM');
  }
}

describe('the served platform profile, every third-audit departure on, at concurrency 12, with the shipped baseline', () => {
  test('clusters hidden (the default): exit 0, every entry applied but the cluster ones, unused; none stale; only the run group left', async () => {
    expect(clusterLabels).toHaveLength(2);
    await certifyServed({}, clusterLabels);
  });

  test('clusters enabled (REFERENCE_CLUSTERS_HIDDEN=0): exit 0, every entry applied, none stale or unused; only the run group left', async () => {
    await certifyServed({ REFERENCE_CLUSTERS_HIDDEN: '0' }, []);
  });
});
