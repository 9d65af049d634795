/**
 * Adopting the gate, end to end as a user would: certify a faulty reference (it fails), adopt its
 * failures with `conformance baseline`, certify again with `--baseline` (another seed): exit 0. Then a
 * new fault on top: the baseline lets it through nowhere, and `conformance diff` names it with exit 1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { removeRunFolders, runCertification, runNode, tempFolder } from './run-fault.ts';

afterAll(removeRunFolders);

/** Faults whose failures give every kind of entry: narrowed to fields, to operations, a finding on another clause, blanket. */
const FAULTS = ['format.ids-as-strings', 'format.datetime-no-millis', 'auth.admin-only-open', 'status.create-200'];
const FILTERS = ['broadcast-messages', 'suites/auth/matrix.test.ts'];

describe('adopt, then gate', () => {
  test('a faulty run adopted as a baseline passes with it; a new fault still fails the run and the diff', async () => {
    const first = await runCertification({ faults: FAULTS, filters: FILTERS });
    expect(first.exitCode, first.stdout.slice(-2000)).toBe(1);
    const failed = first.summary!.totals.failed!;

    const baseline = join(tempFolder('cfk-adopt-'), 'baseline.json');
    const adopt = await runNode(['bin/conformance.js', 'baseline', '--from', join(first.reportsDir, 'summary.json'), '--out', baseline]);
    expect(adopt.code, adopt.output).toBe(0);
    expect(adopt.output).toMatch(new RegExp(`^Baseline written to .*baseline\\.json: \\d+ entries for ${failed} failures`, 'm'));
    const known: { fields?: string[]; operations?: string[] }[] = JSON.parse(readFileSync(baseline, 'utf8')).known;
    expect(known.some((e) => e.fields) && known.some((e) => e.operations) && known.some((e) => !e.fields && !e.operations)).toBe(true);

    const again = await runCertification({ faults: FAULTS, filters: FILTERS, args: ['--baseline', baseline] });
    expect(again.exitCode, again.stdout.slice(-2000)).toBe(0);
    const outcome = again.summary!.baseline!;
    expect([outcome.stale, outcome.applied.length]).toEqual([[], known.length]);
    expect(again.summary!.totals.known).toBe(failed);

    const diffSame = await runNode([
      'bin/conformance.js',
      'diff',
      join(first.reportsDir, 'summary.json'),
      join(again.reportsDir, 'summary.json'),
    ]);
    expect(diffSame.code, diffSame.output).toBe(0);
    expect(diffSame.output).toMatch(/^Diff: PASS — nothing newly fails; 0 tests fixed/m);

    // A pull request that breaks one more clause: the baseline excuses none of it, the diff names it.
    const broken = await runCertification({ faults: [...FAULTS, 'auth.401-body'], filters: FILTERS, args: ['--baseline', baseline] });
    expect(broken.exitCode, broken.stdout.slice(-2000)).toBe(1);
    expect(broken.summary!.failures.map((f) => f.clause)).toEqual(['auth.401.body']);
    const diff = await runNode([
      'bin/conformance.js',
      'diff',
      join(again.reportsDir, 'summary.json'),
      join(broken.reportsDir, 'summary.json'),
      '--markdown',
    ]);
    expect(diff.code, diff.output).toBe(1);
    expect(diff.output).toMatch(/^#### Newly failing: 1 test in 1 clause\n\n- `auth.401.body`\n {2}- .*auth\.401\.body/m);
  });
});
