/**
 * The deletion capabilities of the reference, as the platform deletes: users.delayed-deletion
 * (DELETE /users/:id blocks the user, a background job removes it after the delay of the
 * server's clock) and projects.scheduled-deletion (DELETE /projects/:id and /groups/:id only
 * mark; permanently_remove with the full path removes at once). Off, the spec's behaviour stays.
 *
 *   npx vitest run src/reference/deletion-capabilities.test.ts
 */
import { describe, expect, it } from 'vitest';
import { BackgroundJobs } from './background-jobs.ts';
import { referenceOptionsFromEnv } from './env-options.ts';
import { testServer, type TestServer } from './testing.ts';

const total = async (t: TestServer, path: string) => Number((await t.req('GET', path, { token: t.admin })).headers['x-total']);

describe('users.delayed-deletion', () => {
  it('is off by default: DELETE /users/:id removes the user at once', async () => {
    const t = await testServer();
    const jane = await t.user('jane');
    expect((await t.req('DELETE', `/users/${jane.id}`, { token: t.admin })).statusCode).toBe(204);
    expect((await t.req('GET', `/users/${jane.id}`, { token: t.admin })).statusCode).toBe(404);
  });

  it('answers 204, blocks the user at once and removes it when the delay has passed', async () => {
    const t = await testServer({ delayedUserDeletion: true, userDeletionDelayMs: 120_000 });
    const jane = await t.user('jane');
    const users = await total(t, '/users');
    expect((await t.req('DELETE', `/users/${jane.id}`, { token: t.admin })).statusCode).toBe(204);
    const lingering = await t.req('GET', `/users/${jane.id}`, { token: t.admin });
    expect([lingering.statusCode, lingering.data.state]).toEqual([200, 'blocked']);
    expect((await t.req('GET', '/user', { token: jane.token })).statusCode).toBe(403);
    // A second DELETE answers 204 again and does not postpone the removal.
    t.setNow(60_000);
    expect((await t.req('DELETE', `/users/${jane.id}`, { token: t.admin })).statusCode).toBe(204);
    t.setNow(59_999);
    expect((await t.req('GET', `/users/${jane.id}`, { token: t.admin })).statusCode).toBe(200);
    t.setNow(1);
    expect((await t.req('GET', `/users/${jane.id}`, { token: t.admin })).statusCode).toBe(404);
    expect(await total(t, '/users')).toBe(users - 1);
  });

  it('with hard_delete, removes the groups the user solely owns in the same job', async () => {
    const t = await testServer({ delayedUserDeletion: true, userDeletionDelayMs: 1000 });
    const jane = await t.user('jane');
    await t.req('PUT', `/users/${jane.id}`, { token: t.admin, body: { can_create_group: true } });
    const group = await t.req('POST', '/groups', { token: jane.token, body: { name: 'solo', path: 'solo' } });
    expect(group.statusCode).toBe(201);
    expect((await t.req('DELETE', `/users/${jane.id}`, { token: t.admin, query: 'hard_delete=true' })).statusCode).toBe(204);
    expect((await t.req('GET', `/groups/${group.data.id}`, { token: t.admin })).statusCode).toBe(200);
    t.setNow(1000);
    expect((await t.req('GET', `/groups/${group.data.id}`, { token: t.admin })).statusCode).toBe(404);
    expect((await t.req('GET', `/users/${jane.id}`, { token: t.admin })).statusCode).toBe(404);
  });
});

describe('projects.scheduled-deletion', () => {
  it('is off by default: DELETE /projects/:id answers 202 and the project is gone', async () => {
    const t = await testServer();
    const project = await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } });
    expect((await t.req('DELETE', `/projects/${project.data.id}`, { token: t.admin })).statusCode).toBe(202);
    expect((await t.req('GET', `/projects/${project.data.id}`, { token: t.admin })).statusCode).toBe(404);
  });

  it('marks a project (renamed, archived, dated), refuses a second plain DELETE, removes it with its full path', async () => {
    const t = await testServer({ scheduledDeletion: true });
    const project = await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } });
    const id = project.data.id;
    const before = await total(t, '/projects');
    expect((await t.req('DELETE', `/projects/${id}`, { token: t.admin })).statusCode).toBe(202);
    const marked = await t.req('GET', `/projects/${id}`, { token: t.admin });
    expect(marked.statusCode).toBe(200);
    expect(marked.data).toMatchObject({
      path: `app-deletion_scheduled-${id}`,
      path_with_namespace: `root/app-deletion_scheduled-${id}`,
      archived: true,
      marked_for_deletion_at: '2024-05-01',
      marked_for_deletion_on: '2024-05-01',
    });
    expect(await total(t, '/projects')).toBe(before);
    const again = await t.req('DELETE', `/projects/${id}`, { token: t.admin });
    expect([again.statusCode, again.data]).toEqual([400, { message: 'Project has been already marked for deletion' }]);
    const wrong = await t.req('DELETE', `/projects/${id}`, { token: t.admin, query: 'permanently_remove=true&full_path=root%2Fapp' });
    expect([wrong.statusCode, wrong.data.message]).toEqual([
      400,
      '`full_path` is incorrect. You must enter the complete path for the project.',
    ]);
    const path = encodeURIComponent(marked.data.path_with_namespace);
    expect(
      (await t.req('DELETE', `/projects/${id}`, { token: t.admin, query: `permanently_remove=true&full_path=${path}` })).statusCode,
    ).toBe(202);
    expect((await t.req('GET', `/projects/${id}`, { token: t.admin })).statusCode).toBe(404);
    expect(await total(t, '/projects')).toBe(before - 1);
  });

  it('refuses permanently_remove on a group not marked yet, marks it, removes it after the adjourned period', async () => {
    const t = await testServer({ scheduledDeletion: true });
    const group = await t.req('POST', '/groups', { token: t.admin, body: { name: 'grp', path: 'grp' } });
    const id = group.data.id;
    // A top-level group is refused permanently_remove whatever its state; a subgroup must be marked first.
    const early = await t.req('DELETE', `/groups/${id}`, { token: t.admin, body: { permanently_remove: true, full_path: 'grp' } });
    expect([early.statusCode, early.data]).toEqual([400, { message: '`permanently_remove` option is only available for subgroups.' }]);
    const sub = await t.req('POST', '/groups', { token: t.admin, body: { name: 'sub', path: 'sub', parent_id: id } });
    const subEarly = await t.req('DELETE', `/groups/${sub.data.id}`, {
      token: t.admin,
      body: { permanently_remove: true, full_path: 'grp/sub' },
    });
    expect([subEarly.statusCode, subEarly.data]).toEqual([400, { message: 'Group must be marked for deletion first.' }]);
    expect((await t.req('DELETE', `/groups/${id}`, { token: t.admin })).statusCode).toBe(202);
    const marked = await t.req('GET', `/groups/${id}`, { token: t.admin });
    expect(marked.data).toMatchObject({ full_path: `grp-deletion_scheduled-${id}`, marked_for_deletion_on: '2024-05-01' });
    // The path is free again for a new group.
    expect((await t.req('POST', '/groups', { token: t.admin, body: { name: 'grp', path: 'grp' } })).statusCode).toBe(201);
    t.setNow(7 * 86_400_000 - 1);
    expect((await t.req('GET', `/groups/${id}`, { token: t.admin })).statusCode).toBe(200);
    t.setNow(1);
    expect((await t.req('GET', `/groups/${id}`, { token: t.admin })).statusCode).toBe(404);
  });
});

describe('the job queue and the delay variable', () => {
  it('runs due jobs earliest first, never early, and keeps the earlier due time when asked again', () => {
    let now = 0;
    const clock = () => new Date(now);
    const jobs = new BackgroundJobs();
    const ran: string[] = [];
    jobs.schedule('b', new Date(200), () => ran.push('b'));
    jobs.schedule('a', new Date(100), () => ran.push('a'));
    jobs.schedule('a', new Date(500), () => ran.push('a2'));
    now = 99;
    jobs.runDue(clock);
    expect(ran).toEqual([]);
    now = 200;
    jobs.runDue(clock);
    expect(ran).toEqual(['a2', 'b']);
    expect(jobs.has('a')).toBe(false);
    jobs.schedule('c', new Date(300), () => ran.push('c'));
    jobs.cancel('c');
    now = 1_000;
    jobs.runDue(clock);
    expect(ran).toEqual(['a2', 'b']);
  });

  it('reads REFERENCE_USER_DELETION_DELAY_MS, and refuses what is not a number of milliseconds', () => {
    expect(referenceOptionsFromEnv({ REFERENCE_USER_DELETION_DELAY_MS: '1500' }).userDeletionDelayMs).toBe(1500);
    expect(referenceOptionsFromEnv({}).userDeletionDelayMs).toBeUndefined();
    expect(() => referenceOptionsFromEnv({ REFERENCE_USER_DELETION_DELAY_MS: '2m' })).toThrow(/REFERENCE_USER_DELETION_DELAY_MS/);
  });
});
