/**
 * Deletion cascades across the domain, in one place: a project with its members, clusters,
 * variables and dependencies; a group with its subgroups, their projects, epics, labels and
 * memberships; a user with its tokens, memberships, credentials, personal namespace and
 * projects (and, on a hard delete, the groups it solely owns). The modules of each record
 * (namespaces, epics, users) stay free of one another.
 *
 *   deleteGroup(store, group);                        // subgroups, projects, epics... go too
 *   deleteUser(store, user, { hardDelete: true });
 */
import type { Store } from '../store.ts';
import { removeCredentials } from './credentials.ts';
import { deleteEpicsOfGroup } from './epics.ts';
import { descendants } from './namespaces.ts';
import type { NamespaceRecord, UserRecord } from './records.ts';
import { soleOwnedGroups } from './users.ts';

/** Deletes a group with its subgroups, their projects, epics, labels and all their memberships. */
export function deleteGroup(store: Store, group: NamespaceRecord): void {
  for (const ns of [group, ...descendants(store, group)]) {
    for (const project of store.projects.filter((p) => p.namespaceId === ns.id)) {
      deleteProject(store, project.id);
    }
    for (const m of store.members.filter((m) => m.sourceType === 'Namespace' && m.sourceId === ns.id)) {
      store.members.delete(m.id);
    }
    deleteEpicsOfGroup(store, ns.id);
    store.namespaces.delete(ns.id);
  }
}

export function deleteProject(store: Store, projectId: number): void {
  for (const m of store.members.filter((m) => m.sourceType === 'Project' && m.sourceId === projectId)) {
    store.members.delete(m.id);
  }
  for (const table of [store.clusters, store.variables, store.dependencies]) {
    for (const row of table.filter((r) => r.projectId === projectId)) table.delete(row.id);
  }
  store.projects.delete(projectId);
}

/**
 * Removes the user, its tokens, memberships, personal namespace and personal projects; with
 * `hardDelete`, also the groups it solely owns.
 */
export function deleteUser(store: Store, user: UserRecord, options: { hardDelete: boolean }): void {
  if (options.hardDelete) {
    for (const group of soleOwnedGroups(store, user.id)) {
      if (store.namespaces.get(group.id)) deleteGroup(store, group);
    }
  }
  for (const t of store.tokens.filter((t) => t.userId === user.id)) store.tokens.delete(t.id);
  for (const m of store.members.filter((m) => m.userId === user.id)) store.members.delete(m.id);
  removeCredentials(store, user.id);
  for (const p of store.projects.filter((p) => p.namespaceId === user.namespaceId)) {
    deleteProject(store, p.id);
  }
  store.namespaces.delete(user.namespaceId);
  store.users.delete(user.id);
}
