/**
 * The reports folder, before a run: usable (a folder this user can write, made when missing), and
 * rid of what an earlier run wrote there, so no stale report sits beside this run's (a run.har
 * when this run writes none, a summary of a run that then stops early, an HTML report built from
 * earlier results).
 *
 *   prepareReportsDir('reports');   // KitError OUTPUT_UNWRITABLE when it is a file, or under /proc...
 *   clearEarlierRun('reports');     // summary.*, junit.xml, run.har, har-parts/, allure-results/, allure-report/, reproduce/ removed
 *   clearEarlierRun('reports', ['reproduce']);   // merging shards' reports: their reproducer files stay
 *
 * Kept: the ledgers (ledger-<prefix>.jsonl: `conformance cleanup` needs those of a killed run),
 * blob/ (shards' blobs wait there for --merge-reports), bench outputs, and anything else.
 */
import { accessSync, constants, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { KitError } from '../shared/errors.ts';

/** What a certification writes in the reports folder, and nothing else: removed before each run. */
export const RUN_OUTPUTS = [
  'summary.json',
  'summary.md',
  'junit.xml',
  'run.har',
  'har-parts',
  'allure-results',
  'allure-report',
  'reproduce',
] as const;

/**
 * mkdir -p one level at a time: Node's recursive mkdirSync never returns under /proc (it retries
 * the ENOENT there forever, at full CPU).
 */
function makeFolders(path: string): void {
  const parent = dirname(path);
  if (parent !== path && !existsSync(parent)) makeFolders(parent);
  mkdirSync(path);
}

export function prepareReportsDir(dir: string): void {
  const path = resolve(dir);
  const unusable = (why: string) =>
    new KitError('OUTPUT_UNWRITABLE', `the reports folder ${dir} ${why} (CONFORMANCE_REPORTS_DIR or --reports-dir)`);
  let stat;
  try {
    stat = statSync(path, { throwIfNoEntry: false });
  } catch (e) {
    throw unusable(`cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (stat && !stat.isDirectory()) throw unusable('is a file, not a folder');
  if (!stat) {
    try {
      makeFolders(path);
    } catch (e) {
      throw unusable(`cannot be made: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  try {
    accessSync(path, constants.W_OK | constants.X_OK);
  } catch {
    throw unusable('is not writable by this user');
  }
}

export function clearEarlierRun(dir: string, keep: readonly (typeof RUN_OUTPUTS)[number][] = []): void {
  for (const name of RUN_OUTPUTS) if (!keep.includes(name)) rmSync(join(resolve(dir), name), { recursive: true, force: true });
}
