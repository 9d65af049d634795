/**
 * The shipped baseline is complete and honest: the whole kit certifies the reference's platform
 * profile (the real platform's departures from the spec switched on) and, with
 * baselines/platform.json, passes with each entry reported as known; without it, the failures
 * break exactly the baseline's clauses (a failure breaks the clause its finding cites, else its
 * test's own), no more and no fewer.
 *
 *   npx vitest run src/mutation/platform-profile.test.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { entryLabel, type BaselineEntry } from '../report/baseline.ts';
import { PACKAGE_ROOT } from '../run/certify.ts';
import { removeRunFolders, runCertification } from './run-fault.ts';

afterAll(removeRunFolders);

const BASELINE = join(PACKAGE_ROOT, 'baselines/platform.json');
const entries = (JSON.parse(readFileSync(BASELINE, 'utf8')) as { known: BaselineEntry[] }).known;
/** The clauses the baseline names, each once, and its entries as reports name them (narrowed ones with their fields or operations). */
const listed = [...new Set(entries.map((e) => e.clause))].sort();
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

  test("without it, the failures break exactly the baseline's clauses", async () => {
    const run = await runCertification({ env: platform });
    expect(run.exitCode).toBe(1);
    const failures = (run.summary?.failures ?? []) as { clause: string; violates?: string }[];
    expect([...new Set(failures.map((f) => f.violates ?? f.clause))].sort()).toEqual(listed);
  });
});
