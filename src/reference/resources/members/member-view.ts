/**
 * A member as the platform's Entities::Member shows it: the user's basic fields merged with
 * access_level (an integer), created_at, created_by, expires_at (a date or null) and
 * membership_state. Shared by adding members and listing them.
 *
 *   memberView(member, env) // { id: 2, username: 'jane', ..., access_level: 30, expires_at: '2026-12-26', membership_state: 'active' }
 */
import type { ViewEnv } from '../../context.ts';
import type { MemberRecord } from '../../domain/records.ts';
import { userPublicView } from '../../views/user-views.ts';

export function memberView(m: MemberRecord, env: ViewEnv) {
  const user = env.store.users.get(m.userId);
  const creator = m.createdById === null ? undefined : env.store.users.get(m.createdById);
  return {
    ...(user ? userPublicView(user, env) : { id: m.userId }),
    access_level: m.accessLevel,
    created_at: env.fmt.datetime(m.createdAt),
    created_by: creator ? userPublicView(creator, env) : null,
    expires_at: m.expiresAt,
    membership_state: 'active',
  };
}
