/**
 * End-of-run removal of what a ledger lists: deletes in dependency order (what depends on others
 * first, newest first within a kind, each path once), each for good (removal.ts: a project or
 * group the target only marked for deletion is removed with permanently_remove; a user the
 * target is still deleting in the background counts as removed, listed apart), reports what it
 * could not remove, and removes the ledger when nothing is left.
 *
 *   const result = await cleanupLedger(ledgerPath, admin);  // { removed, gone, deleting, failed }
 */
import { rmSync } from 'node:fs';
import type { ApiClient } from '../kit/client.ts';
import { KIND_ORDER, readLedger, type LedgerEntry } from '../kit/ledger.ts';
import { removeForGood, type RemovalOptions } from './removal.ts';

export interface CleanupResult {
  removed: LedgerEntry[];
  /** Already gone (404): nothing to do. */
  gone: LedgerEntry[];
  /** Users that still answer, blocked: the target deletes them in a background job (counted as removed). */
  deleting: LedgerEntry[];
  /** Still there: why, and the command that finishes the job where one does. */
  failed: { entry: LedgerEntry; status: number; reason: string; command?: string }[];
}

/** Deletes every ledger entry, dependency order first, newest first within a kind. */
export async function cleanupLedger(file: string, admin: ApiClient, options: RemovalOptions = {}): Promise<CleanupResult> {
  const entries = readLedger(file);
  const seen = new Set<string>();
  const ordered = entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => KIND_ORDER.indexOf(a.e.kind) - KIND_ORDER.indexOf(b.e.kind) || b.i - a.i)
    .map(({ e }) => e)
    .filter((e) => !seen.has(e.path) && seen.add(e.path));
  const result: CleanupResult = { removed: [], gone: [], deleting: [], failed: [] };
  for (const entry of ordered) {
    let outcome;
    try {
      outcome = await removeForGood(admin, entry, options);
    } catch (e) {
      // The client gave up on a target that keeps throttling (KitError TARGET_THROTTLING): the entry stays in the ledger.
      result.failed.push({ entry, status: 0, reason: (e as Error).message });
      continue;
    }
    if (outcome.result === 'left') result.failed.push({ entry, status: outcome.status, reason: outcome.reason, command: outcome.command });
    else result[outcome.result].push(entry);
  }
  if (result.failed.length === 0) rmSync(file, { force: true });
  return result;
}
