/**
 * GET /user/activities (administrators only): users whose last activity is on or after `from`
 * (YYYY-MM-DD or a datetime; default six months before today by the server's clock), oldest
 * activity first, paginated. last_activity_at repeats the date (deprecated field). In the platform
 * profile (platform.user-activities-public-profiles) any authenticated user may ask, and a
 * non-admin sees only users without a private profile.
 *
 *   GET /api/v4/user/activities?from=2024-05-01
 *   -> 200 [{"username":"jane","last_activity_on":"2024-05-02","last_activity_at":"2024-05-02"}, ...]
 */
import { today, type Clock } from '../../clock.ts';
import type { UserRecord } from '../../domain/records.ts';
import { paginate } from '../../pagination.ts';
import { userOf } from '../../auth.ts';
import { input, p, readParams } from '../../params.ts';
import type { Router } from '../../router.ts';
import { ACTIVITY_WINDOW_MONTHS } from '../../../spec/limits.ts';

/** A YYYY-MM-DD date moved by whole months (the day clamped to the month's last). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

export function defaultFrom(clock: Clock): string {
  return addMonths(today(clock), -ACTIVITY_WINDOW_MONTHS);
}

export function userActivityView(user: UserRecord & { lastActivityOn: string }) {
  return { username: user.username, last_activity_on: user.lastActivityOn, last_activity_at: user.lastActivityOn };
}

export function registerUserActivities(r: Router): void {
  const { store, clock } = r.ctx;

  r.op('listUserActivities', (request, reply) => {
    const q = readParams(input(request), { from: p.datetime() });
    const given = q.from?.toISOString().slice(0, 10);
    const from = given !== undefined && !r.ctx.has('users.activities-ignore-from') ? given : defaultFrom(clock);
    // from is "on or after" (strictly after under the users.activities-from-exclusive fault).
    const onOrAfter = (day: string, bound: string) => (r.ctx.has('users.activities-from-exclusive') ? day > bound : day >= bound);
    // The platform: activities.with_public_profile unless current_user.can_read_all_resources?
    const publicOnly = r.ctx.has('platform.user-activities-public-profiles') && !userOf(request)?.admin;
    const active = store.users
      .all()
      .filter((u): u is UserRecord & { lastActivityOn: string } => u.lastActivityOn !== null && onOrAfter(u.lastActivityOn, from))
      .filter((u) => !publicOnly || !u.privateProfile)
      .sort((a, b) => (a.lastActivityOn < b.lastActivityOn ? -1 : a.lastActivityOn > b.lastActivityOn ? 1 : a.id - b.id));
    if (r.ctx.has('users.activities-newest-first')) active.reverse();
    return paginate(request, reply, active).map(userActivityView);
  });
}
