/**
 * Every resource module, in registration order.
 *
 *   for (const register of RESOURCES) register(router);
 */
import type { Router } from '../router.ts';
import { registerBroadcastMessages } from './broadcast-messages.ts';
import { registerClusters } from './clusters.ts';
import { registerDependencies } from './dependencies.ts';
import { registerVariables } from './variables.ts';
import { registerCurrentUser } from './current-user.ts';
import { registerEpicTodos } from './epic-todos.ts';
import { registerEpics } from './epics.ts';
import { registerGroups } from './groups.ts';
import { registerImpersonationTokens } from './impersonation-tokens.ts';
import { registerSshKeys } from './ssh-keys.ts';
import { registerGpgKeys } from './gpg-keys.ts';
import { registerEmails } from './emails.ts';
import { registerMembers } from './members.ts';
import { registerProjects } from './projects.ts';
import { registerUsers } from './users.ts';
import { registerUserAvatars } from './user-avatars.ts';
import { registerUserIdentities } from './user-identities.ts';
import { registerUserActivities } from './user-activities.ts';
import { registerUserCounts } from './user-counts.ts';
import { registerUserMemberships } from './user-memberships.ts';
import { registerUserStates } from './user-states.ts';
import { registerUserStatus } from './user-status.ts';

export const RESOURCES: ReadonlyArray<(r: Router) => void> = [
  registerBroadcastMessages,
  registerCurrentUser,
  registerUsers,
  registerUserIdentities,
  registerUserAvatars,
  registerUserStates,
  registerUserStatus,
  registerUserCounts,
  registerUserActivities,
  registerUserMemberships,
  registerImpersonationTokens,
  registerSshKeys,
  registerGpgKeys,
  registerEmails,
  registerProjects,
  registerGroups,
  registerMembers,
  registerClusters,
  registerVariables,
  registerDependencies,
  registerEpics,
  registerEpicTodos,
];
