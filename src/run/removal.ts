/**
 * Removing one resource the kit created, for good, as the platform deletes. DELETE, then a look
 * at what is left (users, projects and groups):
 * - gone (404): removed;
 * - a user still answering, blocked: the platform removes users in a background job minutes
 *   after its 204, so it is being deleted: counted as removed, and said so (`deleting`);
 * - a project or group still answering, marked for deletion (newer releases only schedule it:
 *   202, renamed `<path>-deletion_scheduled-<id>`, marked_for_deletion_on): removed at once with
 *   permanently_remove=true and full_path=<its full path now>; if that fails, it is left, with
 *   the command that finishes the job;
 * - anything else still there (not marked, not blocked) after a short wait: left.
 *
 *   const outcome = await removeForGood(admin, { kind: 'project', path: '/projects/12' });
 *   // { result: 'removed' } | { result: 'gone' } | { result: 'deleting' } | { result: 'left', status, reason, command? }
 */
import type { ApiClient, ApiResponse } from '../kit/client.ts';
import { pollUntil } from '../kit/deletion.ts';
import type { LedgerKind } from '../kit/ledger.ts';

export type RemovalOutcome =
  | { result: 'removed' }
  | { result: 'gone' }
  | { result: 'deleting' }
  | { result: 'left'; status: number; reason: string; command?: string };

export interface RemovalTarget {
  kind: LedgerKind;
  path: string;
  query?: Record<string, string>;
}

export interface RemovalOptions {
  /** How long a deletion the server accepted may take to show (its own background work), default 10000 ms. */
  settleMs?: number;
}

const LOOKED_AT: ReadonlySet<LedgerKind> = new Set(['user', 'project', 'group']);
const ok = (res: ApiResponse) => res.status >= 200 && res.status < 300;
const why = (res: ApiResponse) => res.error ?? res.text.slice(0, 200);
const body = (res: ApiResponse) => (res.json ?? {}) as Record<string, unknown>;
const markOf = (res: ApiResponse) => body(res).marked_for_deletion_on ?? body(res).marked_for_deletion_at;

/** What the resource looks like once the server has had `settleMs` to show the deletion (404, a mark or a block end the wait). */
function settled(admin: ApiClient, target: RemovalTarget, settleMs: number): Promise<ApiResponse> {
  return pollUntil(
    () => admin.get(target.path),
    (r) => r.status === 404 || (r.status === 200 && (target.kind === 'user' ? body(r).state === 'blocked' : !!markOf(r))),
    { timeoutMs: settleMs, intervalMs: 250, maxIntervalMs: 2_000 },
  );
}

/** The DELETE that removes a marked project or group at once, as a curl command (token redacted). */
function permanentCommand(admin: ApiClient, path: string, query: Record<string, string>): string {
  return `curl -X DELETE -H 'Private-Token: [redacted]' '${admin.url(path, query).replace(/'/g, `'\\''`)}'`;
}

async function removeMarked(admin: ApiClient, target: RemovalTarget, marked: ApiResponse, settleMs: number): Promise<RemovalOutcome> {
  const json = body(marked);
  const fullPath = String((target.kind === 'project' ? json.path_with_namespace : json.full_path) ?? '');
  const query = { permanently_remove: 'true', full_path: fullPath };
  const command = permanentCommand(admin, target.path, query);
  const on = `marked for deletion (${String(markOf(marked))})`;
  const res = await admin.delete(target.path, { query });
  if (res.status === 404) return { result: 'removed' };
  if (!ok(res))
    return { result: 'left', status: res.status, reason: `${on}; its permanent removal answered ${res.status} ${why(res)}`, command };
  const after = await pollUntil(
    () => admin.get(target.path),
    (r) => r.status === 404,
    { timeoutMs: settleMs, intervalMs: 250, maxIntervalMs: 2_000 },
  );
  if (after.status === 404) return { result: 'removed' };
  return { result: 'left', status: res.status, reason: `${on}; still there after its permanent removal answered ${res.status}`, command };
}

export async function removeForGood(admin: ApiClient, target: RemovalTarget, options: RemovalOptions = {}): Promise<RemovalOutcome> {
  const settleMs = options.settleMs ?? 10_000;
  const res = await admin.delete(target.path, { query: target.query });
  if (res.status === 404) return { result: 'gone' };
  if (!LOOKED_AT.has(target.kind)) return ok(res) ? { result: 'removed' } : { result: 'left', status: res.status, reason: why(res) };
  // A refused DELETE may be a project or group marked earlier (400 "already marked"): look before judging.
  const after = ok(res) ? await settled(admin, target, settleMs) : await admin.get(target.path);
  if (after.status === 404) return { result: ok(res) ? 'removed' : 'gone' };
  if (after.status === 200 && target.kind !== 'user' && markOf(after)) return removeMarked(admin, target, after, settleMs);
  if (!ok(res)) return { result: 'left', status: res.status, reason: why(res) };
  if (target.kind === 'user' && after.status === 200 && body(after).state === 'blocked') return { result: 'deleting' };
  const state = target.kind === 'user' ? ` (state ${String(body(after).state)})` : ', not marked for deletion';
  return {
    result: 'left',
    status: res.status,
    reason: `still there${state}: GET answered ${after.status} after DELETE answered ${res.status}`,
  };
}
