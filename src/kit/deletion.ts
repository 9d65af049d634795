/**
 * Waiting for what a server deletes in the background. The platform answers DELETE /users/:id
 * with 204 and removes the user (with hard_delete, the groups it solely owns first) in a job that
 * runs every two minutes or so; until then the user answers, blocked (the platform blocks it the
 * moment it accepts a hard delete). A check whose clause is about such a removal polls for it
 * within CONFORMANCE_DELETION_TIMEOUT_MS (default 5 minutes), and stops early:
 * - once the job is seen to be over: when the user itself answers 404, whatever the job was to
 *   remove along with it must be gone too (after a grace of 20 s);
 * - failing, as soon as an answer shows no deletion under way (deletionSign): an answer that is
 *   neither the resource (2xx) nor 404 (a 5xx, a 403, no answer), a hard-deleted user still
 *   `active` (at once), or a user deleted without hard_delete still `active` once the platform's
 *   job would have blocked it (SOFT_DELETE_BLOCK_MS). Waiting on would only postpone the same
 *   failure by minutes.
 *
 *   check.status(await s.admin.delete(`/users/${id}`, { query: { hard_delete: true } }), 204);
 *   const group = await removal(s, `/groups/${groupId}`, { hardDeletedUser: id });
 *   check.status(group, 404, 'The group MUST be gone.');
 *
 *   check.status(await s.admin.delete(`/users/${id}`), 204);
 *   await removal(s, `/users/${id}`, { softDeletedUser: id });   // 404, or a failure within about 30 s
 */
import { ConformanceFailure } from './checks.ts';
import type { ApiResponse } from './client.ts';
import type { Session } from './session.ts';

/**
 * Once the end of the job is seen, how long the removal may still take (a server may remove the
 * groups in a job of their own, queued by the user's).
 */
const GRACE_MS = 20_000;
const MAX_INTERVAL_MS = 5_000;

/**
 * How long a user deleted without hard_delete may still read `active`. The platform's DELETE
 * queues DeleteUserWorker at once (app/models/user.rb delete_async, `perform_async`), and the
 * job's Users::DestroyService#execute blocks the user before anything else (`user.block`); only
 * the row's removal waits for the 2-minute cron. So within a job queue's latency the user is
 * blocked; still active after this long, no deletion is under way.
 */
export const SOFT_DELETE_BLOCK_MS = 30_000;

export interface PollOptions {
  timeoutMs: number;
  /** First pause between two polls (doubled each time, up to maxIntervalMs). */
  intervalMs?: number;
  maxIntervalMs?: number;
  /** Called between polls: true ends the wait early (after the grace). */
  over?: () => Promise<boolean>;
  graceMs?: number;
  /** Read after each poll and each `over`: true ends the wait at once (what was seen shows waiting is useless). */
  halted?: () => boolean;
}

/** Polls `observe` until `done` holds, the time is up, the wait is halted, or the job is over and the grace spent; returns the last observation. */
export async function pollUntil<T>(observe: () => Promise<T>, done: (v: T) => boolean, o: PollOptions): Promise<T> {
  const until = Date.now() + o.timeoutMs;
  let pause = o.intervalMs ?? 250;
  let graceUntil = Infinity;
  let value = await observe();
  while (!done(value) && !o.halted?.() && Date.now() < Math.min(until, graceUntil)) {
    // Never sleep past the bound: the wait ends at it, not up to a pause later.
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(pause, until - Date.now()))));
    pause = Math.min(pause * 2, o.maxIntervalMs ?? MAX_INTERVAL_MS);
    if (graceUntil === Infinity && o.over && (await o.over())) graceUntil = Date.now() + (o.graceMs ?? GRACE_MS);
    if (o.halted?.()) break;
    value = await observe();
  }
  return value;
}

/** What one answer to a GET says of a deletion the server accepted. */
export type DeletionSign =
  | { is: 'gone' }
  | { is: 'under way' }
  /** The answer shows no deletion under way: `expected` what would have, `seen` what came, `why` (a clause after `seen`) the reason. */
  | { is: 'not under way'; expected: string; seen: string; why: string };

/** What the answer judged is, when it is a deleted user's own: how it was deleted, and how long ago. */
export interface DeletedUserAnswer {
  /** `res` is the answer about a user deleted with hard_delete. */
  hardDeletedUser?: boolean;
  /** `res` is the answer about a user deleted without hard_delete, this many ms after its DELETE was accepted. */
  softDeletedUserMs?: number;
}

/**
 * The one judgement of an answer while a deletion is awaited:
 * - 404: gone;
 * - 2xx: the resource itself, still there while the job runs; but a deleted user whose state is
 *   still "active" is not being deleted: with hard_delete at once (the platform blocks it the
 *   moment it accepts the DELETE: app/models/user.rb delete_async, `block if params[:hard_delete]`),
 *   without it once SOFT_DELETE_BLOCK_MS have passed (the job queued at once blocks it first);
 * - anything else (5xx, 403, 401, 3xx, no answer): neither the resource nor its absence.
 */
export function deletionSign(res: ApiResponse, o: DeletedUserAnswer = {}): DeletionSign {
  if (res.status === 404) return { is: 'gone' };
  if (res.status >= 200 && res.status < 300) {
    const soft = o.softDeletedUserMs !== undefined && o.softDeletedUserMs >= SOFT_DELETE_BLOCK_MS;
    const state = o.hardDeletedUser || soft ? (res.json as { state?: unknown } | undefined)?.state : undefined;
    if (state !== 'active') return { is: 'under way' };
    const expected = '404 (deleted) or the user in a state other than "active" (being deleted: blocked)';
    if (o.hardDeletedUser)
      return {
        is: 'not under way',
        expected,
        seen: `${res.status} with state "active"`,
        why: 'yet the platform blocks a user the moment it accepts DELETE /users/:id?hard_delete=true, so no deletion is under way',
      };
    return {
      is: 'not under way',
      expected,
      seen: `${res.status} with state "active" ${Math.round(o.softDeletedUserMs! / 1000)} s after the DELETE`,
      why:
        'yet the platform blocks a deleted user within seconds (DELETE /users/:id queues its job at once, and the job blocks the user first), ' +
        'so no deletion is under way',
    };
  }
  const seen = res.status === 0 ? `no answer (${res.error ?? 'none'})` : String(res.status);
  return {
    is: 'not under way',
    expected: '404 (deleted) or 2xx (the resource, still being deleted)',
    seen,
    why: 'which is neither the resource (2xx) nor its absence (404), so no deletion can be seen under way',
  };
}

/** The failure of a wait ended by `res`, an answer to GET `path` that shows no deletion under way, `ms` into the wait. */
function haltedWait(
  s: Session,
  awaited: string,
  path: string,
  res: ApiResponse,
  sign: Extract<DeletionSign, { is: 'not under way' }>,
  ms: number,
) {
  return new ConformanceFailure(
    `While the kit waited for ${awaited} to be deleted, GET ${path} answered ${sign.seen}, ${sign.why}. ` +
      `The wait ended there, after ${ms} ms (it would have polled for up to ${s.target.deletionTimeoutMs} ms, CONFORMANCE_DELETION_TIMEOUT_MS).`,
    sign.expected,
    sign.seen,
    { judged: res },
  );
}

export interface RemovalOptions {
  /** The id of a user deleted with hard_delete whose job removes `path` (or who is `path`). */
  hardDeletedUser?: number;
  /** The id of a user deleted without hard_delete, just before the wait, whose job removes `path` (or who is `path`). */
  softDeletedUser?: number;
  /** How long the removal may still take once the user answers 404 (default 20 s). */
  graceMs?: number;
}

/**
 * GET `path` as the administrator until it answers 404, within the run's deletion bound, and
 * return the last answer. With a deleted user (`hardDeletedUser` or `softDeletedUser`: the
 * user whose job removes `path`, or `path` itself), the wait ends early once that user answers
 * 404 (the job is done). Throws a ConformanceFailure as soon as an answer shows no deletion under
 * way (deletionSign; a soft-deleted user's state counts from SOFT_DELETE_BLOCK_MS into the wait).
 */
export async function removal(s: Session, path: string, options: RemovalOptions = {}): Promise<ApiResponse> {
  const { hardDeletedUser, softDeletedUser, graceMs } = options;
  const user = hardDeletedUser ?? softDeletedUser;
  const userPath = user === undefined ? undefined : `/users/${user}`;
  const started = Date.now();
  let halt: ConformanceFailure | undefined;
  /** GET `at` and judge it; a sign of no deletion under way halts the wait. */
  const look = async (at: string): Promise<{ res: ApiResponse; sign: DeletionSign }> => {
    const res = await s.admin.get(at);
    const ms = Date.now() - started;
    const userAnswer: DeletedUserAnswer =
      at !== userPath ? {} : hardDeletedUser !== undefined ? { hardDeletedUser: true } : { softDeletedUserMs: ms };
    const sign = deletionSign(res, userAnswer);
    if (sign.is === 'not under way') halt = haltedWait(s, path, at, res, sign, ms);
    return { res, sign };
  };
  const last = await pollUntil(
    async () => (await look(path)).res,
    (r) => r.status === 404,
    {
      timeoutMs: s.target.deletionTimeoutMs,
      // The user's own answer, when it is not `path`'s already.
      over: userPath && userPath !== path ? async () => (await look(userPath)).sign.is === 'gone' : undefined,
      halted: () => halt !== undefined,
      graceMs,
    },
  );
  if (halt) throw halt;
  return last;
}

/** Requests a deletion check makes around its wait (set-up, the DELETE, the last polls), each within CONFORMANCE_TIMEOUT_MS. */
const REQUESTS_AROUND_THE_WAIT = 8;

/**
 * A test timeout that leaves room for the run's deletion bound (clauseTest's `timeout`): the
 * wait's own failure, naming what it saw, always comes before the test's time is up.
 */
export function deletionTestTimeout(s: Session): number {
  return s.target.deletionTimeoutMs + MAX_INTERVAL_MS + REQUESTS_AROUND_THE_WAIT * s.target.timeoutMs + 10_000;
}
