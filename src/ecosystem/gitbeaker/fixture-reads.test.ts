/**
 * The reads a client's own suite makes before it acts, through `@gitbeaker/rest` against the
 * bundled reference: Namespaces.show (id or full path), Groups.allSubgroups, GroupMembers.all and
 * ProjectMembers.all, UserSSHKeys.show({ userId }), and the long-form dates a client that holds
 * dates as timestamps sends (a token's and a member's expiresAt, an epic's startDateFixed).
 *
 *   npx vitest run src/ecosystem/gitbeaker/fixture-reads.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sshPublicKey } from '../../kit/generators/ssh-keys.ts';
import { failure, startWorld, type World, type WorldUser } from './harness.ts';

let w: World;
let jane: WorldUser;
let parent: { id: number };
let child: { id: number };

beforeAll(async () => {
  // Sends a datetime where a date is asked on purpose (the platform takes its day): strict mode rightly says so.
  w = await startWorld(['wrong-format createImpersonationToken expires_at']);
  jane = await w.newUser('jane');
  parent = await w.admin.Groups.create('Parent', 'parent', { visibility: 'public' });
  child = await w.admin.Groups.create('Child', 'child', { parentId: parent.id });
});
afterAll(() => w?.close());

describe('fixture reads', () => {
  it('Namespaces.show finds a group by full path and a personal namespace by id; a non-member gets 404', async () => {
    const group = await w.admin.Namespaces.show('parent/child');
    expect(group).toMatchObject({ id: child.id, kind: 'group', full_path: 'parent/child', parent_id: parent.id });
    const own = await jane.api.Namespaces.show('jane');
    expect((await jane.api.Namespaces.show(own.id)).full_path).toBe('jane');
    expect(await failure(jane.api.Namespaces.show(parent.id))).toEqual({ status: 404, description: '404 Namespace Not Found' });
  });

  it('Groups.allSubgroups lists the direct subgroups', async () => {
    expect((await w.admin.Groups.allSubgroups(parent.id)).map((g) => g.full_path)).toEqual(['parent/child']);
  });

  it('GroupMembers.all and ProjectMembers.all list the direct members, the member with its datetime expiry as a date', async () => {
    const added = await w.admin.GroupMembers.add(child.id, 30, { userId: jane.id, expiresAt: '2999-12-26T10:00:00+02:00' });
    expect(added.expires_at).toBe('2999-12-26');
    const members = await jane.api.GroupMembers.all(child.id);
    expect(members.map((m) => [m.username, m.access_level, m.expires_at])).toEqual([['jane', 30, '2999-12-26']]);
    const project = await w.admin.Projects.create({ name: 'app', namespaceId: child.id });
    await w.admin.ProjectMembers.add(project.id, 40, { userId: jane.id });
    expect((await jane.api.ProjectMembers.all('parent/child/app')).map((m) => [m.username, m.access_level])).toEqual([['jane', 40]]);
  });

  it("UserSSHKeys.show({ userId }) reads one key of a user; another user's key is 404", async () => {
    const k = await sshPublicKey('ed25519');
    const made = await w.admin.UserSSHKeys.create('by admin', k.text, { userId: jane.id });
    expect(await w.admin.UserSSHKeys.show(made.id, { userId: jane.id })).toMatchObject({ id: made.id, title: 'by admin' });
    expect(await failure(w.admin.UserSSHKeys.show(made.id, { userId: 1 }))).toEqual({ status: 404, description: '404 Key Not Found' });
  });

  it('a token and an epic take datetimes for their dates and keep the calendar dates', async () => {
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10); // within the token lifetime
    const token = await w.admin.UserImpersonationTokens.create(jane.id, 'long form', ['api'], { expiresAt: `${day}T23:30:00-05:00` });
    expect(token.expires_at).toBe(day);
    const epic = await w.admin.Epics.create(parent.id, 'dated', { startDateIsFixed: true, startDateFixed: '2026-12-26T23:30:00-05:00' });
    expect([epic.start_date_fixed, epic.start_date]).toEqual(['2026-12-26', '2026-12-26']);
  });
});
