/**
 * The write-ahead ledger: every resource the kit creates on the target is appended here (one
 * JSON line, written synchronously) before the kit uses it, so that cleanup can remove it at the
 * end of the run, whether the tests passed or failed, and a later `conformance cleanup` can
 * find what a killed run left (run/ledger-cleanup.ts deletes what it lists).
 *
 *   appendLedger(path, { kind: 'broadcast_message', id: 7, path: '/broadcast_messages/7' });
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Kinds in deletion order: what depends on others goes first. */
export const KIND_ORDER = ['impersonation_token', 'broadcast_message', 'member', 'project', 'group', 'user'] as const;
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
  /** A group's parent group id (null: top level), so that cleanup removes subgroups before their parents; absent in older ledgers. */
  parent?: number | null;
  /**
   * The path of the entry whose removal takes this one along: a top-level group that a user the run
   * made solely owns goes with that user's hard deletion (cleanup sends it no request of its own).
   */
  goesWith?: string;
  at?: string;
}

export function appendLedger(file: string, entry: LedgerEntry): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify({ ...entry, at: new Date().toISOString() })}\n`);
}

export function readLedger(file: string): LedgerEntry[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LedgerEntry];
      } catch {
        return [];
      }
    });
}
