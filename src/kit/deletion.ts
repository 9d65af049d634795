/**
 * Waiting for what a server deletes in the background. The platform answers DELETE /users/:id
 * with 204 and removes the user (with hard_delete, the groups it solely owns first) in a job that
 * runs every two minutes or so; until then the user answers, blocked (the platform blocks it the
 * moment it accepts a hard delete). A check whose clause is about such a removal polls for it
 * within CONFORMANCE_DELETION_TIMEOUT_MS (default 5 minutes), and stops early:
 * - once the job is seen to be over: when the user itself answers 404, whatever the job was to
 *   remove along with it must be gone too (after a grace of 20 s);
 * - at once, failing, when an answer shows no deletion under way (deletionSign): an answer that
 *   is neither the resource (2xx) nor 404 (a 5xx, a 403, no answer), or the hard-deleted user
 *   still `active`. Waiting on would only postpone the same failure by minutes.
 *
 *   check.status(await s.admin.delete(`/users/${id}`, { query: { hard_delete: true } }), 204);
 *   const group = await removal(s, `/groups/${groupId}`, { hardDeletedUser: id });
 *   check.status(group, 404, 'The group MUST be gone.');
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

/**
 * The one judgement of an answer while a deletion is awaited:
 * - 404: gone;
 * - 2xx: the resource itself, still there while the job runs; but a user deleted with
 *   hard_delete whose state is still "active" is not being deleted (the platform blocks it the
 *   moment it accepts the DELETE: app/models/user.rb delete_async, `block if params[:hard_delete]`;
 *   without hard_delete it stays active until the job, so only a hard delete is judged so);
 * - anything else (5xx, 403, 401, 3xx, no answer): neither the resource nor its absence.
 */
export function deletionSign(res: ApiResponse, o: { hardDeletedUser?: boolean } = {}): DeletionSign {
  if (res.status === 404) return { is: 'gone' };
  if (res.status >= 200 && res.status < 300) {
    const state = o.hardDeletedUser ? (res.json as { state?: unknown } | undefined)?.state : undefined;
    if (state !== 'active') return { is: 'under way' };
    return {
      is: 'not under way',
      expected: '404 (deleted) or the user in a state other than "active" (being deleted: blocked)',
      seen: `${res.status} with state "active"`,
      why: 'yet the platform blocks a user the moment it accepts DELETE /users/:id?hard_delete=true, so no deletion is under way',
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

/** The failure of a wait ended at once by `res`, an answer to GET `path` that shows no deletion under way. */
function haltedWait(s: Session, awaited: string, path: string, res: ApiResponse, sign: Extract<DeletionSign, { is: 'not under way' }>) {
  return new ConformanceFailure(
    `While the kit waited for ${awaited} to be deleted, GET ${path} answered ${sign.seen}, ${sign.why}. ` +
      `The wait ended at once (it would have polled for up to ${s.target.deletionTimeoutMs} ms, CONFORMANCE_DELETION_TIMEOUT_MS).`,
    sign.expected,
    sign.seen,
    { judged: res },
  );
}

/**
 * GET `path` as the administrator until it answers 404, within the run's deletion bound, and
 * return the last answer. With `hardDeletedUser` (the id of a user deleted with hard_delete,
 * whose job removes `path`), the wait ends early once that user answers 404 (the job is done).
 * Throws a ConformanceFailure, at once, when an answer shows no deletion under way (deletionSign).
 */
export async function removal(
  s: Session,
  path: string,
  options: { hardDeletedUser?: number; graceMs?: number } = {},
): Promise<ApiResponse> {
  const { hardDeletedUser, graceMs } = options;
  const userPath = hardDeletedUser === undefined ? undefined : `/users/${hardDeletedUser}`;
  let halt: ConformanceFailure | undefined;
  const last = await pollUntil(
    async () => {
      const res = await s.admin.get(path);
      const sign = deletionSign(res, { hardDeletedUser: path === userPath });
      if (sign.is === 'not under way') halt = haltedWait(s, path, path, res, sign);
      return res;
    },
    (r) => r.status === 404,
    {
      timeoutMs: s.target.deletionTimeoutMs,
      over: userPath
        ? async () => {
            const res = await s.admin.get(userPath);
            const sign = deletionSign(res, { hardDeletedUser: true });
            if (sign.is === 'not under way') halt = haltedWait(s, path, userPath, res, sign);
            return sign.is === 'gone';
          }
        : undefined,
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
