/**
 * The shipped baseline is complete and honest: the whole kit certifies the reference's platform
 * profile (the real platform's departures from the spec switched on) and, with
 * baselines/platform.json, passes with each entry reported as known; without it, every failure is
 * one of the baseline's departures (the baseline applied to that run leaves none) and every entry
 * is seen: a field departure of a resource (epic description null) is one entry, whatever the
 * tests that meet it.
 *
 *   npx vitest run src/mutation/platform-profile.test.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { applyBaseline, entryLabel, parseBaseline, type BaselineEntry } from '../report/baseline.ts';
import { PACKAGE_ROOT } from '../run/certify.ts';
import { removeRunFolders, runCertification } from './run-fault.ts';

afterAll(removeRunFolders);

const BASELINE = join(PACKAGE_ROOT, 'baselines/platform.json');
const entries = (JSON.parse(readFileSync(BASELINE, 'utf8')) as { known: BaselineEntry[] }).known;
/** The baseline's entries as reports name them (narrowed ones with their fields or operations, resource entries by resource). */
const labels = entries.map(entryLabel).sort();
// A second of background deletion, not the platform's minute: the deletion checks wait for it.
const platform = { REFERENCE_PROFILE: 'platform', REFERENCE_USER_DELETION_DELAY_MS: '1000' };

describe('the platform profile against the shipped baseline', () => {
  test('with baselines/platform.json the platform profile certifies: exit 0, every entry applied', async () => {
    const run = await runCertification({ env: platform, args: ['--baseline', BASELINE] });
    expect(run.exitCode, run.stdout.slice(-3000)).toBe(0);
    expect(run.stdout).toMatch(/Conformance: PASS — 0 failed, \d+ passed, \d+ skipped, \d+ known \(baseline\)/); // the whole kit: a certification
    const baseline = run.summary!.baseline!;
    expect([...baseline.applied].sort()).toEqual(labels);
    expect([baseline.stale, baseline.unused]).toEqual([[], []]);
    // A junit-based gate agrees: the known failures are skips there, not failures.
    const junit = readFileSync(join(run.reportsDir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites [^>]*failures="0"/);
    expect(junit).toContain('<skipped message="known departure (baseline): ');
  });

  test("without it, every failure is one of the baseline's departures, and each departure is seen", async () => {
    const run = await runCertification({ env: platform });
    expect(run.exitCode).toBe(1);
    const summary = run.summary!;
    // The baseline applied afterwards to the same results: nothing left failing, no entry stale or unused.
    const judged = applyBaseline(summary, parseBaseline(readFileSync(BASELINE, 'utf8'), BASELINE), '2026-11-26');
    expect(judged.failures.map((f) => `${f.test}: ${f.message}`)).toEqual([]);
    expect([...judged.baseline!.applied].sort()).toEqual(labels);
  });
});
