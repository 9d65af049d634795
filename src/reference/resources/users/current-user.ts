/**
 * GET /user: the caller's own account (the sudo target under sudo). Administrators get the
 * admin view (is_admin, sign-in IPs, note...); under platform.current-user-without-sign-in-ips
 * the platform's UserWithAdmin, without the sign-in IPs.
 *
 *   GET /api/v4/user (Private-Token: <admin>) -> 200 {"id":1,"username":"root","is_admin":true,...}
 */
import { callerOf } from '../../auth.ts';
import { envOf } from '../../context.ts';
import type { Router } from '../../router.ts';
import { currentUserView, userAdminView, userViewDepartures } from '../../views/user-views.ts';

export function registerCurrentUser(r: Router): void {
  const departures = userViewDepartures(r.ctx);
  const signInIps = !r.ctx.has('platform.current-user-without-sign-in-ips');
  r.op('getCurrentUser', (request) => {
    const { user } = callerOf(request);
    const env = envOf(request);
    // Fault users.current-shows-admin-fields: one view for everyone, the admin one.
    return user.admin || r.ctx.has('users.current-shows-admin-fields')
      ? userAdminView(user, env, { signInIps, departures })
      : currentUserView(user, env, departures);
  });
}
