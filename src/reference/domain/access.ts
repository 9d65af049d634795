/**
 * Access levels (10 guest, 20 reporter, 30 developer, 40 maintainer, 50 owner) with group
 * inheritance, and who may see a project or group. Administrators are handled by callers.
 *
 *   accessLevel(store, user.id, project) >= ACCESS.maintainer  // may manage members
 *   canSeeProject(store, userOrNull, project)                  // else answer 404
 */
import type { Store } from '../store.ts';
import { lineage } from './namespaces.ts';
import type { NamespaceRecord, ProjectRecord, UserRecord, Visibility } from './records.ts';

export const ACCESS = { none: 0, guest: 10, reporter: 20, developer: 30, maintainer: 40, owner: 50 } as const;
export const ACCESS_LEVEL_VALUES = [10, 20, 30, 40, 50] as const;
export const ACCESS_NAMES: Record<number, string> = {
  10: 'Guest',
  20: 'Reporter',
  30: 'Developer',
  40: 'Maintainer',
  50: 'Owner',
};

export const VISIBILITIES = ['private', 'internal', 'public'] as const;
const RANK: Record<Visibility, number> = { private: 0, internal: 10, public: 20 };

export function moreVisible(a: Visibility, b: Visibility): boolean {
  return RANK[a] > RANK[b];
}

function directLevel(store: Store, userId: number, type: 'Project' | 'Namespace', id: number): number {
  const m = store.members.find((m) => m.userId === userId && m.sourceType === type && m.sourceId === id);
  return m ? m.accessLevel : ACCESS.none;
}

function isProject(target: ProjectRecord | NamespaceRecord): target is ProjectRecord {
  return 'namespaceId' in target;
}

/** The user's effective level on a group (own or inherited from ancestors). */
function groupLevel(store: Store, userId: number, group: NamespaceRecord): number {
  let level: number = ACCESS.none;
  for (const ns of lineage(store, group)) {
    if (ns.kind === 'user') {
      if (ns.ownerId === userId) level = Math.max(level, ACCESS.owner);
    } else {
      level = Math.max(level, directLevel(store, userId, 'Namespace', ns.id));
    }
  }
  return level;
}

/** The user's effective access level on a project or group, inheritance included (0: none). */
export function accessLevel(store: Store, userId: number, target: ProjectRecord | NamespaceRecord): number {
  if (!isProject(target)) return groupLevel(store, userId, target);
  const ns = store.namespaces.get(target.namespaceId);
  const inherited = ns ? groupLevel(store, userId, ns) : ACCESS.none;
  return Math.max(inherited, directLevel(store, userId, 'Project', target.id));
}

function canSee(store: Store, user: UserRecord | null, target: ProjectRecord | NamespaceRecord): boolean {
  if (target.visibility === 'public') return true;
  if (!user) return false;
  if (user.admin) return true;
  if (target.visibility === 'internal' && !user.external) return true;
  return accessLevel(store, user.id, target) > ACCESS.none;
}

export function canSeeProject(store: Store, user: UserRecord | null, project: ProjectRecord): boolean {
  return canSee(store, user, project);
}

export function canSeeGroup(store: Store, user: UserRecord | null, group: NamespaceRecord): boolean {
  return canSee(store, user, group);
}

/** Admin, or at least `level` on the target. */
export function hasAccess(store: Store, user: UserRecord, target: ProjectRecord | NamespaceRecord, level: number): boolean {
  return user.admin || accessLevel(store, user.id, target) >= level;
}
