/**
 * The administrator's other user endpoints through `@gitbeaker/rest`: activities (the client's
 * page walk), memberships with the type filter, counts, deactivate / activate, removing an
 * identity, and the custom-attribute options of Users.all.
 *
 *   npx vitest run src/ecosystem/gitbeaker/users-admin.test.ts
 */
import { AccessLevel } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startWorld, type World, type WorldUser } from './harness.ts';

let w: World;
let jane: WorldUser;

beforeAll(async () => {
  w = await startWorld();
  jane = await w.newUser('jane');
});
afterAll(() => w?.close());

describe('activities, memberships and counts', () => {
  it('walks the activities of every user who used the API, oldest first, each once', async () => {
    const users = [jane];
    for (const name of ['act-a', 'act-b', 'act-c']) users.push(await w.newUser(name));
    for (const u of users) await u.api.Users.showCurrentUser();
    const today = new Date().toISOString().slice(0, 10);
    const walked = await w.admin.Users.allActivities({ perPage: 2, showExpanded: true });
    const names = walked.data.map((a) => a.username);
    expect(new Set(names).size).toBe(names.length);
    for (const u of users) expect(names).toContain(u.username);
    for (const a of walked.data.filter((x) => users.some((u) => u.username === x.username))) expect(a.last_activity_on).toBe(today);
    const days = walked.data.map((a) => a.last_activity_on);
    expect(days).toEqual([...days].sort());
    expect(walked.paginationInfo).toMatchObject({ total: names.length, perPage: 2, next: null });
    expect((await failure(jane.api.Users.allActivities())).status).toBe(403);
  });

  it("lists a user's direct memberships, filtered by type", async () => {
    const group = await jane.api.Groups.create('Members', 'members');
    const project = await jane.api.Projects.create({ name: 'member project' });
    const bob = await w.newUser('member-bob');
    await jane.api.GroupMembers.add(group.id, AccessLevel.REPORTER, { userId: bob.id });
    await jane.api.ProjectMembers.add(project.id, AccessLevel.DEVELOPER, { userId: bob.id });
    const all = await w.admin.Users.allMemberships(bob.id);
    expect(all.map((m) => [m.source_type, m.source_id, Number(m.access_level)]).sort()).toEqual(
      [
        ['Namespace', group.id, AccessLevel.REPORTER],
        ['Project', project.id, AccessLevel.DEVELOPER],
      ].sort(),
    );
    expect((await w.admin.Users.allMemberships(bob.id, { type: 'Project' })).map((m) => m.source_id)).toEqual([project.id]);
    expect((await w.admin.Users.allMemberships(bob.id, { type: 'Namespace' })).map((m) => m.source_id)).toEqual([group.id]);
    expect((await failure(jane.api.Users.allMemberships(bob.id))).status).toBe(403);
    expect((await failure(w.admin.Users.allMemberships(999_999))).status).toBe(404);
  });

  it("reads the caller's counts", async () => {
    const counts = await jane.api.Users.showCount();
    expect(typeof counts.merge_requests).toBe('number');
  });
});

describe('state moves and identities', () => {
  it('deactivates a user without recent activity and activates it again', async () => {
    const u = await w.admin.Users.create({
      username: 'sleeper',
      name: 'Sleeper',
      email: 'sleeper@example.com',
      password: 'sleeper-password-1',
      skipConfirmation: true,
    });
    await w.admin.Users.deactivate(u.id);
    expect((await w.admin.Users.show(u.id)).state).not.toBe('active');
    await w.admin.Users.activate(u.id);
    expect((await w.admin.Users.show(u.id)).state).toBe('active');
    // jane used the API today: deactivating her is refused.
    expect((await failure(w.admin.Users.deactivate(jane.id))).status).toBe(403);
    expect((await failure(w.admin.Users.block(999_999))).status).toBe(404);
  });

  it("removes a user's external identity", async () => {
    const u = await w.admin.Users.create({
      username: 'ldap-user',
      name: 'Ldap User',
      email: 'ldap-user@example.com',
      password: 'ldap-password-1',
      provider: 'ldapmain',
      externUid: 'uid=ldap-user,ou=people',
      skipConfirmation: true,
    });
    expect((await w.admin.Users.show(u.id)).identities).toEqual([{ provider: 'ldapmain', extern_uid: 'uid=ldap-user,ou=people' }]);
    await w.admin.Users.removeAuthenticationIdentity(u.id, 'ldapmain');
    expect((await w.admin.Users.show(u.id)).identities).toEqual([]);
    expect((await failure(w.admin.Users.removeAuthenticationIdentity(u.id, 'ldapmain'))).status).toBe(404);
  });
});

describe('custom attributes', () => {
  it('includes the custom attributes of every user in the admin list when asked to', async () => {
    const users = await w.admin.Users.all({ withCustomAttributes: true, perPage: 100 });
    expect(users.length).toBeGreaterThan(1);
    for (const u of users) expect(Array.isArray(u.custom_attributes)).toBe(true);
  });

  it('filters the admin list by custom attribute: nobody here has one, so nobody matches', async () => {
    // No API in the spec sets custom attributes, so no user of the reference has any.
    expect(await w.admin.Users.all({ customAttributes: { team: 'platform' } })).toEqual([]);
    // Admin-only: a regular user's filter is ignored, as the platform's other admin filters.
    expect((await jane.api.Users.all({ customAttributes: { team: 'platform' } })).length).toBeGreaterThan(1);
  });
});
