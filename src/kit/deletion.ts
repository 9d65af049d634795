/**
 * Waiting for what a server deletes in the background. The platform answers DELETE /users/:id
 * with 204 and removes the user (with hard_delete, the groups it solely owns first) in a job that
 * runs every two minutes or so; until then the user answers, blocked. A check whose clause is
 * about such a removal polls for it within CONFORMANCE_DELETION_TIMEOUT_MS (default 5 minutes),
 * and stops early once the job is seen to be over: when the user itself answers 404, whatever
 * the job was to remove along with it must be gone too (after a grace of 20 s).
 *
 *   check.status(await s.admin.delete(`/users/${id}`, { query: { hard_delete: true } }), 204);
 *   const group = await removal(s, `/groups/${groupId}`, { endOfJob: `/users/${id}` });
 *   check.status(group, 404, 'The group MUST be gone.');
 */
import type { ApiResponse } from './client.ts';
import type { Session } from './session.ts';

/**
 * Once the end of the job is seen, how long the removal may still take (a server may remove the
 * groups in a job of their own, queued by the user's).
 */
const GRACE_MS = 20_000;

export interface PollOptions {
  timeoutMs: number;
  /** First pause between two polls (doubled each time, up to maxIntervalMs). */
  intervalMs?: number;
  maxIntervalMs?: number;
  /** Called between polls: true ends the wait early (after the grace). */
  over?: () => Promise<boolean>;
  graceMs?: number;
}

/** Polls `observe` until `done` holds, the time is up, or the job is over and the grace spent; returns the last observation. */
export async function pollUntil<T>(observe: () => Promise<T>, done: (v: T) => boolean, o: PollOptions): Promise<T> {
  const until = Date.now() + o.timeoutMs;
  let pause = o.intervalMs ?? 250;
  let graceUntil = Infinity;
  let value = await observe();
  while (!done(value) && Date.now() < Math.min(until, graceUntil)) {
    await new Promise((r) => setTimeout(r, pause));
    pause = Math.min(pause * 2, o.maxIntervalMs ?? 5_000);
    if (graceUntil === Infinity && o.over && (await o.over())) graceUntil = Date.now() + (o.graceMs ?? GRACE_MS);
    value = await observe();
  }
  return value;
}

/**
 * GET `path` as the administrator until it answers 404, within the run's deletion bound; with
 * `endOfJob`, the wait ends early once that path answers 404 (the background job is done).
 */
export function removal(s: Session, path: string, options: { endOfJob?: string; graceMs?: number } = {}): Promise<ApiResponse> {
  const { endOfJob, graceMs } = options;
  return pollUntil(
    () => s.admin.get(path),
    (r) => r.status === 404,
    {
      timeoutMs: s.target.deletionTimeoutMs,
      over: endOfJob ? async () => (await s.admin.get(endOfJob)).status === 404 : undefined,
      graceMs,
    },
  );
}

/** A test timeout that leaves room for the run's deletion bound (clauseTest's `timeout`). */
export function deletionTestTimeout(s: Session): number {
  return s.target.deletionTimeoutMs + 60_000;
}
