/**
 * User records: creation with defaults and a personal namespace, lookups, the groups a user
 * solely owns (its deletion, with everything that hangs on the user, is in cascades.ts).
 *
 *   const user = createUser(store, now, { username: 'jdoe', name: 'J Doe', email: 'j@x.org' });
 *   findUserByIdOrUsername(store, 'JDOE'); // same user (case-insensitive)
 */
import type { Store } from '../store.ts';
import { ACCESS } from './access.ts';
import { secondaryEmailTaken } from './emails.ts';
import type { NamespaceRecord, UserRecord } from './records.ts';

export type NewUser = Partial<Omit<UserRecord, 'id' | 'namespaceId'>> & Pick<UserRecord, 'username' | 'name' | 'email'>;

export function userDefaults(now: Date): Omit<UserRecord, 'id' | 'namespaceId' | 'username' | 'name' | 'email'> {
  return {
    state: 'active',
    admin: false,
    bio: '',
    location: null,
    publicEmail: '',
    skype: '',
    linkedin: '',
    twitter: '',
    discord: '',
    websiteUrl: '',
    organization: '',
    jobTitle: '',
    note: '',
    projectsLimit: 100000,
    canCreateGroup: true,
    themeId: 1,
    colorSchemeId: 1,
    external: false,
    privateProfile: false,
    twoFactorEnabled: false,
    identities: [],
    sharedRunnersMinutesLimit: null,
    extraSharedRunnersMinutesLimit: null,
    createdAt: now,
    updatedAt: now,
    confirmedAt: null,
    currentSignInAt: null,
    lastSignInAt: null,
    currentSignInIp: null,
    lastSignInIp: null,
    lastActivityOn: null,
    lastActivityAt: null,
    createdById: null,
    avatar: null,
    unconfirmedEmail: null,
  };
}

/** Inserts the user and its personal namespace (path = username). */
export function createUser(store: Store, now: Date, fields: NewUser): UserRecord {
  const user = store.users.insert({ ...userDefaults(now), ...fields, namespaceId: 0 });
  const ns = store.namespaces.insert({
    kind: 'user',
    name: user.name,
    path: user.username,
    parentId: null,
    ownerId: user.id,
    visibility: 'public',
    description: '',
    createdAt: now,
    updatedAt: now,
  });
  return store.users.update(user.id, { namespaceId: ns.id }) ?? user;
}

export function findUserByUsername(store: Store, username: string): UserRecord | undefined {
  return store.usersByUsername.get(username.toLowerCase())[0];
}

/** Digits: by id; otherwise by username, case-insensitive (the sudo and :id_or_username rule). */
export function findUserByIdOrUsername(store: Store, value: string): UserRecord | undefined {
  return /^\d+$/.test(value) ? store.users.get(Number(value)) : findUserByUsername(store, value);
}

export function emailTaken(store: Store, email: string, exceptUserId?: number): boolean {
  return store.usersByEmail.get(email.toLowerCase()).some((u) => u.id !== exceptUserId) || secondaryEmailTaken(store, email, exceptUserId); // another account's secondary address counts too
}

/** Groups in which the user is the only owner (they block a soft delete). */
export function soleOwnedGroups(store: Store, userId: number): NamespaceRecord[] {
  const out: NamespaceRecord[] = [];
  for (const m of store.members.filter((m) => m.userId === userId && m.sourceType === 'Namespace')) {
    if (m.accessLevel < ACCESS.owner) continue;
    const owners = store.members.filter((o) => o.sourceType === 'Namespace' && o.sourceId === m.sourceId && o.accessLevel >= ACCESS.owner);
    const group = store.namespaces.get(m.sourceId);
    if (owners.length === 1 && group) out.push(group);
  }
  return out;
}
