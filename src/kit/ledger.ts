/**
 * The write-ahead ledger: every resource the kit creates on the target is appended here (one
 * JSON line, written synchronously) before the kit uses it, so that cleanup can remove it at the
 * end of the run, whether the tests passed or failed, and a later `conformance cleanup` can
 * find what a killed run left.
 *
 *   appendLedger(path, { kind: 'broadcast_message', id: 7, path: '/broadcast_messages/7' });
 *   await cleanupLedger(path, adminClient);  // deletes in dependency order, reports leftovers
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ApiClient } from './client.ts';

/** Kinds in deletion order: what depends on others goes first. */
export const KIND_ORDER = [
  'impersonation_token', 'broadcast_message', 'member', 'project', 'group', 'user',
] as const;
export type LedgerKind = (typeof KIND_ORDER)[number];

export interface LedgerEntry {
  kind: LedgerKind;
  id: number;
  /** API path (under /api/v4) whose DELETE removes it. */
  path: string;
  /** Query of that DELETE, e.g. hard_delete=true. */
  query?: Record<string, string>;
  label?: string;
  /** API root of the target it lives on. */
  target?: string;
  at?: string;
}

export function appendLedger(file: string, entry: LedgerEntry): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify({ ...entry, at: new Date().toISOString() })}\n`);
}

export function readLedger(file: string): LedgerEntry[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).flatMap((line) => {
    try { return [JSON.parse(line) as LedgerEntry]; } catch { return []; }
  });
}

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
    const res = await admin.delete(entry.path, { query: entry.query });
    if (res.status >= 200 && res.status < 300) result.removed.push(entry);
    else if (res.status === 404) result.gone.push(entry);
    else result.failed.push({ entry, status: res.status, reason: res.error ?? res.text.slice(0, 200) });
  }
  if (result.failed.length === 0) rmSync(file, { force: true });
  return result;
}
