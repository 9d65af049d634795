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
 * - a top-level group marked for deletion whose permanent removal the target refuses with 400
 *   (current releases: "`permanently_remove` option is only available for subgroups."): the
 *   target deletes it itself once its deletion delay has passed (7 days by default), and no
 *   request can hurry it: `awaiting`, with no command (none could work); refused otherwise, it
 *   is left, still without a command;
 * - anything else still there (not marked, not blocked) after a short wait: left. The wait ends at
 *   once when the answer shows that no deletion is under way (a 403 or a 5xx, a user still active).
 *
 *   const outcome = await removeForGood(admin, { kind: 'project', path: '/projects/12' });
 *   // { result: 'removed' } | { result: 'gone' } | { result: 'deleting' } | { result: 'awaiting', reason }
 *   // | { result: 'left', status, reason, command? }
 */
import type { ApiClient, ApiResponse } from '../kit/client.ts';
import { deletionSign, pollUntil } from '../kit/deletion.ts';
import type { LedgerKind } from '../kit/ledger.ts';

export type RemovalOutcome =
  | { result: 'removed' }
  | { result: 'gone' }
  | { result: 'deleting' }
  /** A top-level group the target only marked and will delete itself after its deletion delay (permanent removal refused). */
  | { result: 'awaiting'; reason: string }
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

/**
 * The answer shows the deletion's end (404, a mark, a block), or that none is under way as the
 * suites judge it (deletion.ts deletionSign: an answer that is neither the resource nor 404, or a
 * user still active after a hard delete: the platform blocks the user within the request of a
 * DELETE with hard_delete; without it, the user stays active until the job runs).
 */
function nothingToWaitFor(r: ApiResponse, target: RemovalTarget): boolean {
  const hardDeletedUser = target.kind === 'user' && target.query?.hard_delete === 'true';
  if (deletionSign(r, { hardDeletedUser }).is !== 'under way') return true;
  return target.kind === 'user' ? body(r).state === 'blocked' : !!markOf(r);
}

/** What the resource looks like once the server has had up to `settleMs` to show the deletion. */
function settled(admin: ApiClient, target: RemovalTarget, settleMs: number): Promise<ApiResponse> {
  return pollUntil(
    () => admin.get(target.path),
    (r) => nothingToWaitFor(r, target),
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
  // Top level: no parent, and a full path of one segment.
  const topLevelGroup = target.kind === 'group' && (json.parent_id ?? null) === null && !fullPath.includes('/');
  const query = { permanently_remove: 'true', full_path: fullPath };
  const on = `marked for deletion (${String(markOf(marked))})`;
  const res = await admin.delete(target.path, { query });
  if (res.status === 404) return { result: 'removed' };
  if (!ok(res) && topLevelGroup) {
    const refused = `its permanent removal answered ${res.status} ${why(res)}`;
    if (res.status === 400)
      return {
        result: 'awaiting',
        reason: `${on}; ${refused}: the target removes a top-level group itself once its deletion delay has passed`,
      };
    return { result: 'left', status: res.status, reason: `${on}; ${refused}` };
  }
  const command = permanentCommand(admin, target.path, query);
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
