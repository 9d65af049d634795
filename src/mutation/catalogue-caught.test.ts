/**
 * The kit's teeth, in `npm test`: `npm run mutation` (without its healthy run, which the suites
 * project already is) catches every fault of the catalogue, each by a test citing the clause the
 * fault breaks. It writes reports/mutation.json and reports/mutation.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../run/certify.ts';
import { expect, test } from 'vitest';
import { CATALOGUE } from './catalogue.ts';
import type { MutationResult } from './mutation-reporter.ts';
import { runNode } from './run-fault.ts';

test('every catalogued fault fails its certification', async () => {
  // Into reports/, as `npm run mutation` does: CI keeps reports/mutation.json and mutation.md.
  const dir = join(PACKAGE_ROOT, 'reports');
  const run = await runNode(['--import', 'tsx', 'src/mutation/main.ts', '--no-healthy', '--reports-dir', dir]);
  const report = JSON.parse(readFileSync(join(dir, 'mutation.json'), 'utf8')) as MutationResult;
  expect(report.total).toBe(CATALOGUE.length);
  expect(report.mutants.filter((m) => !m.caught)).toEqual([]);
  expect(run.code, run.output.slice(-2000)).toBe(0);
}, 600_000);
