/**
 * Epic todos on the reference: 201 with the todo, 304 with no body while one is pending, the
 * fault that answers 201 again.
 *
 *   npx vitest run src/reference/resources/epics/epic-todos.test.ts
 */
import { describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../../testing.ts';

async function setup(faults: string[] = []): Promise<{ t: TestServer; groupId: number }> {
  const t = await testServer({ faults });
  const g = await t.req('POST', '/groups', { token: t.admin, body: { name: 'grp', path: 'grp' } });
  await t.req('POST', `/groups/${g.data.id}/epics`, { token: t.admin, body: { title: 'Plan' } });
  return { t, groupId: g.data.id };
}

describe('POST /groups/:id/epics/:epic_iid/todo', () => {
  it('creates a pending "marked" todo (201), then answers 304 with no body', async () => {
    const { t, groupId } = await setup();
    const first = await t.req('POST', `/groups/${groupId}/epics/1/todo`, { token: t.admin });
    expect(first.statusCode).toBe(201);
    expect(first.data).toMatchObject({
      action_name: 'marked',
      target_type: 'Epic',
      state: 'pending',
      body: 'Plan',
      author: { id: 1 },
      group: { id: groupId, name: 'grp', path: 'grp', kind: 'group', full_path: 'grp', parent_id: null },
      target: { iid: 1, title: 'Plan', references: { short: '&1' }, reference: '&1' },
      target_url: 'http://localhost:80/groups/grp/-/epics/1',
      created_at: '2024-05-01T12:00:00.000Z',
    });
    const again = await t.req('POST', `/groups/${groupId}/epics/1/todo`, { token: t.admin });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await t.req('POST', `/groups/${groupId}/epics/2/todo`, { token: t.admin })).statusCode).toBe(404);
  });

  it('another user gets a todo of their own', async () => {
    const { t, groupId } = await setup();
    const jane = await t.user('jane');
    await t.req('POST', `/groups/${groupId}/members`, { token: t.admin, body: { user_id: jane.id, access_level: 10 } });
    await t.req('POST', `/groups/${groupId}/epics/1/todo`, { token: t.admin });
    expect((await t.req('POST', `/groups/${groupId}/epics/1/todo`, { token: jane.token })).statusCode).toBe(201);
  });

  it('fault todos.repeat-201 creates it again', async () => {
    const { t, groupId } = await setup(['todos.repeat-201']);
    await t.req('POST', `/groups/${groupId}/epics/1/todo`, { token: t.admin });
    expect((await t.req('POST', `/groups/${groupId}/epics/1/todo`, { token: t.admin })).statusCode).toBe(201);
  });
});
