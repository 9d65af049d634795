/**
 * End-of-run removal of what a ledger lists: deletes in dependency order (what depends on others
 * first, newest first within a kind, each path once), reports what it could not remove, and
 * removes the ledger when nothing is left.
 *
 *   const result = await cleanupLedger(ledgerPath, admin);  // { removed, gone, failed }
 */
import { rmSync } from 'node:fs';
import type { ApiClient } from '../kit/client.ts';
import { KIND_ORDER, readLedger, type LedgerEntry } from '../kit/ledger.ts';

export interface CleanupResult {
  removed: LedgerEntry[];
  /** Already gone (404): nothing to do. */
  gone: LedgerEntry[];
  failed: { entry: LedgerEntry; status: number; reason: string }[];
}

/** Deletes every ledger entry, dependency order first, newest first within a kind. */
export async function cleanupLedger(file: string, admin: ApiClient): Promise<CleanupResult> {
  const entries = readLedger(file);
  const seen = new Set<string>();
  const ordered = entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => KIND_ORDER.indexOf(a.e.kind) - KIND_ORDER.indexOf(b.e.kind) || b.i - a.i)
    .map(({ e }) => e)
    .filter((e) => !seen.has(e.path) && seen.add(e.path));
  const result: CleanupResult = { removed: [], gone: [], failed: [] };
  for (const entry of ordered) {
    let res;
    try {
      res = await admin.delete(entry.path, { query: entry.query });
    } catch (e) {
      // The client gave up on a target that keeps throttling (KitError TARGET_THROTTLING): the entry stays in the ledger.
      result.failed.push({ entry, status: 0, reason: (e as Error).message });
      continue;
    }
    if (res.status >= 200 && res.status < 300) result.removed.push(entry);
    else if (res.status === 404) result.gone.push(entry);
    else result.failed.push({ entry, status: res.status, reason: res.error ?? res.text.slice(0, 200) });
  }
  if (result.failed.length === 0) rmSync(file, { force: true });
  return result;
}
