/**
 * Every resource group, each a plugin the app mounts under /api/v4 as its own encapsulated
 * fastify instance, in registration order. A group reaches shared code only (lookups, domain,
 * views, the variation points), never another group.
 *
 *   for (const plugin of RESOURCES) await host.mount(plugin);
 */
import type { ResourcePlugin } from '../router.ts';
import { registerApplicationSettings } from './application-settings/application-settings.ts';
import { registerBroadcastMessages } from './broadcast-messages/broadcast-messages.ts';
import { registerClusters } from './clusters/clusters.ts';
import { registerDependencies } from './dependencies/dependencies.ts';
import { registerEmails } from './emails/emails.ts';
import { epicsPlugin } from './epics/index.ts';
import { registerGpgKeys } from './gpg-keys/gpg-keys.ts';
import { registerGroups } from './groups/groups.ts';
import { registerImpersonationTokens } from './impersonation-tokens/impersonation-tokens.ts';
import { registerMembers } from './members/members.ts';
import { registerNamespaces } from './namespaces/namespaces.ts';
import { registerProjects } from './projects/projects.ts';
import { registerSshKeys } from './ssh-keys/ssh-keys.ts';
import { usersPlugin } from './users/index.ts';
import { registerVariables } from './variables/variables.ts';

export const RESOURCES: readonly ResourcePlugin[] = [
  registerBroadcastMessages,
  usersPlugin,
  registerImpersonationTokens,
  registerSshKeys,
  registerGpgKeys,
  registerEmails,
  registerProjects,
  registerGroups,
  registerMembers,
  registerNamespaces,
  registerClusters,
  registerVariables,
  registerDependencies,
  epicsPlugin,
  registerApplicationSettings,
];
