/**
 * The shipped platform baseline as the self-tests read it (baselines/platform.json, written by
 * `npm run generate`): its path, its entries, their labels as reports name them, and the labels of
 * the entries only a target with clusters can meet (unused where clusters are hidden, as in the
 * platform profile's default).
 *
 *   const run = await runCertification({ env: platform, args: ['--baseline', SHIPPED_BASELINE] });
 *   expect([...run.summary!.baseline!.applied].sort()).toEqual(shippedLabels.filter((l) => !clusterLabels.includes(l)));
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryLabel, type BaselineEntry } from '../report/baseline.ts';
import { PACKAGE_ROOT } from '../run/certify.ts';
import { BASELINE_FILE } from '../reference/variation/platform-artefacts.ts';

export const SHIPPED_BASELINE = join(PACKAGE_ROOT, BASELINE_FILE);
export const shippedEntries = (JSON.parse(readFileSync(SHIPPED_BASELINE, 'utf8')) as { known: BaselineEntry[] }).known;
/** The entries as reports name them (narrowed ones with their fields or operations, resource entries by resource), sorted. */
export const shippedLabels = shippedEntries.map(entryLabel).sort();
/** The entries only a target with clusters can meet (developers read them, the embedded project), sorted. */
export const clusterLabels = shippedEntries
  .filter((e) => e.resource === 'cluster' || e.clause?.startsWith('clusters.'))
  .map(entryLabel)
  .sort();
