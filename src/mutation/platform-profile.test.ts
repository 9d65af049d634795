/**
 * The shipped baseline is complete and honest: the whole kit certifies the reference's platform
 * profile (the real platform's departures from the spec switched on; clusters hidden as current
 * installations, and shown with REFERENCE_CLUSTERS_HIDDEN=0) and, with baselines/platform.json,
 * passes with each entry the run can meet reported as known (the cluster entries are unused where
 * clusters are hidden: their clauses are skipped, nothing to judge); without it, every failure is
 * one of the baseline's departures (the baseline applied to that run leaves none) and every entry
 * is seen: a field departure of a resource (epic description null) is one entry, whatever the
 * tests that meet it.
 *
 *   npx vitest run src/mutation/platform-profile.test.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { applyBaseline, parseBaseline } from '../report/baseline.ts';
import { removeRunFolders, runCertification } from './run-fault.ts';
import { clusterLabels, SHIPPED_BASELINE, shippedLabels } from './shipped-baseline.ts';

afterAll(removeRunFolders);

const BASELINE = SHIPPED_BASELINE;
const labels = shippedLabels;
// The cluster entries: the platform profile hides clusters, as current installations; there their clauses are skipped
// as not offered, so these entries are unused (nothing to judge), never stale; with clusters enabled they apply.
const withoutClusters = labels.filter((l) => !clusterLabels.includes(l));
// A second of background deletion, not the platform's minute: the deletion checks wait for it.
const platform = { REFERENCE_PROFILE: 'platform', REFERENCE_USER_DELETION_DELAY_MS: '1000' };
const clustersOn = { ...platform, REFERENCE_CLUSTERS_HIDDEN: '0' };

describe('the platform profile against the shipped baseline', () => {
  test('with baselines/platform.json the platform profile certifies: exit 0, every entry applied but the cluster ones, unused', async () => {
    const run = await runCertification({ env: platform, args: ['--baseline', BASELINE] });
    expect(run.exitCode, run.stdout.slice(-3000)).toBe(0);
    expect(run.stdout).toMatch(/Conformance: PASS — 0 failed, \d+ passed, \d+ skipped, \d+ known \(baseline\).*not offered: clusters/); // the whole kit: a certification
    const baseline = run.summary!.baseline!;
    expect(clusterLabels).toHaveLength(2);
    expect([...baseline.applied].sort()).toEqual(withoutClusters);
    expect([baseline.stale, [...baseline.unused].sort()]).toEqual([[], clusterLabels]);
    // A junit-based gate agrees: the known failures are skips there, not failures.
    const junit = readFileSync(join(run.reportsDir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites [^>]*failures="0"/);
    expect(junit).toContain('<skipped message="known departure (baseline): ');
  });

  test('with clusters enabled (REFERENCE_CLUSTERS_HIDDEN=0) it certifies too, every entry applied, none stale or unused', async () => {
    const run = await runCertification({ env: clustersOn, args: ['--baseline', BASELINE] });
    expect(run.exitCode, run.stdout.slice(-3000)).toBe(0);
    expect(run.stdout).toMatch(/Conformance: PASS — 0 failed, .*capabilities certified: clusters/);
    const baseline = run.summary!.baseline!;
    expect([...baseline.applied].sort()).toEqual(labels);
    expect([baseline.stale, baseline.unused]).toEqual([[], []]);
  });

  test("without it (clusters enabled), every failure is one of the baseline's departures, and each departure is seen", async () => {
    const run = await runCertification({ env: clustersOn });
    expect(run.exitCode).toBe(1);
    const summary = run.summary!;
    // The baseline applied afterwards to the same results: nothing left failing, no entry stale or unused.
    const judged = applyBaseline(summary, parseBaseline(readFileSync(BASELINE, 'utf8'), BASELINE), '2026-11-26');
    expect(judged.failures.map((f) => `${f.test}: ${f.message}`)).toEqual([]);
    expect([...judged.baseline!.applied].sort()).toEqual(labels);
  });
});
