/**
 * The users plugin: the current user, users (list, single, create, update, delete), their
 * identities, avatars, states, status, counts, activities and memberships.
 *
 *   await host.mount(usersPlugin);   // GET /api/v4/user, GET /api/v4/users ...
 */
import type { Router } from '../../router.ts';
import { registerCurrentUser } from './current-user.ts';
import { registerUserActivities } from './user-activities.ts';
import { registerUserAvatars } from './user-avatars.ts';
import { registerUserCounts } from './user-counts.ts';
import { registerUserIdentities } from './user-identities.ts';
import { registerUserMemberships } from './user-memberships.ts';
import { registerUserStates } from './user-states.ts';
import { registerUserStatus } from './user-status.ts';
import { registerUsers } from './users.ts';

export function usersPlugin(r: Router): void {
  registerCurrentUser(r);
  registerUsers(r);
  registerUserIdentities(r);
  registerUserAvatars(r);
  registerUserStates(r);
  registerUserStatus(r);
  registerUserCounts(r);
  registerUserActivities(r);
  registerUserMemberships(r);
}
