/**
 * GET /application/settings (administrators; fixture surface, not an operation of the spec): the
 * installation settings the kit reads at preflight, as the platform names them. The reference
 * answers the two that change conforming answers, from its capabilities: admin_mode
 * (auth.admin-mode) and user_defaults_to_private_profile (users.private-profile-by-default).
 *
 *   GET /api/v4/application/settings -> 200 {"admin_mode":false,"user_defaults_to_private_profile":false}
 */
import type { Router } from '../../router.ts';

export function registerApplicationSettings(r: Router): void {
  r.get('/application/settings', { auth: 'admin' }, () => ({
    admin_mode: r.ctx.has('auth.admin-mode'),
    user_defaults_to_private_profile: r.ctx.has('users.private-profile-by-default'),
  }));
}
