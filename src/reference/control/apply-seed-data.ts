/**
 * Puts seed data (seed-data.ts) into the store directly, not through HTTP: users and their tokens,
 * then groups (parents before subgroups, in the order given), projects, members, epics, variables
 * and SSH keys. A reference to something missing (a parent group, a username) is a SEED_DATA error
 * naming its place (`members[1].user: no user "amy"`).
 *
 *   applySeedData(store, clock, parseSeedData(JSON.parse(text)));
 */
import { KitError } from '../../shared/errors.ts';
import type { Clock } from '../clock.ts';
import { nextEpicIid } from '../domain/epics.ts';
import { insertProject } from '../domain/projects.ts';
import type { NamespaceRecord, ProjectRecord, UserRecord } from '../domain/records.ts';
import { parseSshKey } from '../domain/ssh-keys.ts';
import { createUser, findUserByUsername } from '../domain/users.ts';
import { findNamespaceByPath, findProjectByIdOrPath } from '../domain/namespaces.ts';
import { placeKey, type Store } from '../store.ts';
import type { SeedData } from './seed-data.ts';

function wrong(place: string, problem: string): never {
  throw new KitError('SEED_DATA', `${place}: ${problem}`);
}

function userAt(store: Store, username: string | undefined, place: string): UserRecord {
  const user = findUserByUsername(store, username ?? 'root');
  return user ?? wrong(place, `no user "${username}"`);
}

function groupAt(store: Store, path: string, place: string): NamespaceRecord {
  const ns = findNamespaceByPath(store, path);
  return ns?.kind === 'group' ? ns : wrong(place, `no group "${path}"`);
}

function projectAt(store: Store, path: string, place: string): ProjectRecord {
  return findProjectByIdOrPath(store, path) ?? wrong(place, `no project "${path}"`);
}

function seedUsersAndTokens(store: Store, now: Date, data: SeedData): void {
  (data.users ?? []).forEach((u, i) => {
    if (findUserByUsername(store, u.username)) wrong(`users[${i}].username`, `"${u.username}" is taken`);
    const user = createUser(store, now, {
      username: u.username,
      name: u.name ?? u.username,
      email: u.email ?? `${u.username.toLowerCase()}@example.com`,
      admin: u.admin ?? false,
      state: u.state ?? 'active',
      confirmedAt: now,
    });
    (u.tokens ?? []).forEach((t, j) => {
      if (store.tokensByValue.get(t.token).length > 0) wrong(`users[${i}].tokens[${j}].token`, 'is taken');
      store.tokens.insert({
        userId: user.id,
        token: t.token,
        name: t.name ?? `seed-${j + 1}`,
        scopes: t.scopes ?? ['api'],
        kind: 'personal',
        revoked: t.revoked ?? false,
        expiresAt: t.expires_at ?? null,
        createdAt: now,
        lastUsedAt: null,
      });
    });
  });
}

function seedGroupsAndProjects(store: Store, now: Date, data: SeedData): void {
  (data.groups ?? []).forEach((g, i) => {
    const parent = g.parent === undefined ? null : groupAt(store, g.parent, `groups[${i}].parent`);
    if (store.namespacesByPlace.get(placeKey(parent?.id ?? null, g.path)).length > 0) wrong(`groups[${i}].path`, `"${g.path}" is taken`);
    store.namespaces.insert({
      kind: 'group',
      name: g.name ?? g.path,
      path: g.path,
      parentId: parent?.id ?? null,
      ownerId: null,
      visibility: g.visibility ?? parent?.visibility ?? 'private',
      description: g.description ?? '',
      createdAt: now,
      updatedAt: now,
    });
  });
  (data.projects ?? []).forEach((p, i) => {
    const ns = findNamespaceByPath(store, p.namespace) ?? wrong(`projects[${i}].namespace`, `no group or user "${p.namespace}"`);
    const creator = userAt(store, p.creator, `projects[${i}].creator`);
    insertProject(
      store,
      now,
      {
        name: p.name ?? p.path,
        path: p.path,
        namespace: ns,
        description: p.description ?? '',
        visibility: p.visibility ?? 'private',
        topics: [],
      },
      creator,
    );
  });
}

function seedMembers(store: Store, now: Date, data: SeedData): void {
  (data.members ?? []).forEach((m, i) => {
    const user = userAt(store, m.user, `members[${i}].user`);
    const source =
      m.group !== undefined
        ? { sourceType: 'Namespace' as const, sourceId: groupAt(store, m.group, `members[${i}].group`).id }
        : { sourceType: 'Project' as const, sourceId: projectAt(store, m.project!, `members[${i}].project`).id };
    store.members.insert({
      userId: user.id,
      ...source,
      accessLevel: m.access_level,
      expiresAt: m.expires_at ?? null,
      createdById: null,
      createdAt: now,
    });
  });
}

function seedEpicsVariablesKeys(store: Store, now: Date, data: SeedData): void {
  (data.epics ?? []).forEach((e, i) => {
    const group = groupAt(store, e.group, `epics[${i}].group`);
    const author = userAt(store, e.author, `epics[${i}].author`);
    const closed = e.state === 'closed';
    store.epics.insert({
      iid: nextEpicIid(store, group.id),
      groupId: group.id,
      parentId: null,
      title: e.title,
      description: e.description ?? '',
      state: e.state ?? 'opened',
      authorId: author.id,
      labelIds: [],
      startDateIsFixed: false,
      startDateFixed: null,
      dueDateIsFixed: false,
      dueDateFixed: null,
      createdAt: now,
      updatedAt: now,
      closedAt: closed ? now : null,
      closedById: closed ? author.id : null,
    });
  });
  (data.variables ?? []).forEach((v, i) => {
    const project = projectAt(store, v.project, `variables[${i}].project`);
    store.variables.insert({
      projectId: project.id,
      key: v.key,
      value: v.value,
      variableType: v.variable_type ?? 'env_var',
      protected: v.protected ?? false,
      masked: v.masked ?? false,
      environmentScope: v.environment_scope ?? '*',
    });
  });
  (data.keys ?? []).forEach((k, i) => {
    const user = userAt(store, k.user, `keys[${i}].user`);
    const parsed = parseSshKey(k.key);
    if ('error' in parsed) wrong(`keys[${i}].key`, parsed.error);
    store.sshKeys.insert({
      userId: user.id,
      title: k.title,
      type: parsed.type,
      body: parsed.body,
      comment: parsed.comment,
      fingerprintMd5: parsed.fingerprintMd5,
      fingerprintSha256: parsed.fingerprintSha256,
      expiresAt: null,
      createdAt: now,
    });
  });
}

export function applySeedData(store: Store, clock: Clock, data: SeedData): void {
  const now = clock();
  seedUsersAndTokens(store, now, data);
  seedGroupsAndProjects(store, now, data);
  seedMembers(store, now, data);
  seedEpicsVariablesKeys(store, now, data);
}
