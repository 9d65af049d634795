/**
 * What end-of-run cleanup could not remove from the target, carried from the globalSetup
 * teardown (which writes it) into summary.json and summary.md (certify() attaches it), so a
 * person or a CI job sees what is left and how to remove it, not only a console line.
 *
 *   writeCleanupReport(reportsDir, runPrefix, { removed: 12, left: [{ what: 'user 17', reason: '403 ...' }] });
 *   summary = attachCleanupReport(summary, reportsDir, runPrefix);  // summary.cleanup
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CleanupReport {
  /** Resources removed (or found already gone) at the end of the run. */
  removed: number;
  /** What is still on the target, with why its delete failed (redacted). */
  left: { what: string; reason: string }[];
  /** The command that retries the removal. */
  retry?: string;
}

const fileOf = (reportsDir: string, runPrefix: string) => join(reportsDir, `cleanup-${runPrefix}.json`);

export function writeCleanupReport(reportsDir: string, runPrefix: string, report: CleanupReport): void {
  writeFileSync(fileOf(reportsDir, runPrefix), JSON.stringify(report));
}

/** Reads (and removes) the teardown's report; undefined when there is none. */
export function takeCleanupReport(reportsDir: string, runPrefix: string): CleanupReport | undefined {
  const file = fileOf(reportsDir, runPrefix);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CleanupReport;
  } catch {
    return undefined;
  } finally {
    rmSync(file, { force: true });
  }
}
