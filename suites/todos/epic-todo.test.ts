/**
 * Todos created through POST /groups/:id/epics/:epic_iid/todo: 201 with the todo's shape, its
 * group and target, the example values (marked, epic, pending), and 304 while the user already
 * has a todo on that epic. The todos belong to a reporter member created for this file (not to
 * the administrator, whose to-do list real people may read); they go with the epics' group.
 */
import { describe } from 'vitest';
import { check, clauseTest, createGroup, requireThat, type ApiResponse, type CreatedUser, type Session } from '../../src/kit/index.ts';
import { ACCESS_LEVEL, createEpic, epicsOrSkip, member, once, type Epic } from '../epics/fixtures.ts';

const world = once(async (s: Session) => {
  const group = await createGroup(s);
  const reporter = await member(s, group.id, ACCESS_LEVEL.reporter);
  return { group, reporter };
});

/** A fresh epic and the reporter's first todo on it. */
async function markTodo(s: Session): Promise<{ group: Record<string, any>; reporter: CreatedUser; epic: Epic; res: ApiResponse }> {
  const { group, reporter } = await world(s);
  const epic = await createEpic(s, group.id, { description: 'An epic to mark as a todo.' });
  const res = await reporter.client.post(`/groups/${group.id}/epics/${epic.iid}/todo`);
  return { group, reporter, epic, res };
}

/** The 201 todo, or a failure saying the creation did not succeed. */
async function createdTodo(s: Session) {
  const made = await markTodo(s);
  check.status(made.res, 201, 'POST /groups/:id/epics/:epic_iid/todo MUST answer 201 with the todo.');
  return { ...made, todo: made.res.json as Record<string, any> };
}

describe.concurrent('POST /groups/:id/epics/:epic_iid/todo', () => {
  clauseTest('todos.create.status', 'POST /groups/:id/epics/:epic_iid/todo answers 201 with a todo', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { res, epic } = await markTodo(s);
    check.status(res, 201);
    check.jsonContentType(res);
    requireThat(
      Number.isInteger(res.json.id) && res.json.target?.id === epic.id,
      'The answer MUST be the todo on that epic.',
      { id: 'an integer', 'target.id': epic.id },
      { id: res.json.id, 'target.id': res.json.target?.id },
    );
  });

  clauseTest(
    'todos.create.shape',
    'the todo has id, group, author, action_name, target_type, target, target_url, body, state and created_at',
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { todo } = await createdTodo(s);
      check.schema(todo, 'todo');
    },
  );

  clauseTest(
    'todos.field.group',
    "todo.group is the epic's group with id, name, path, kind, full_path and parent_id",
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { todo, group } = await createdTodo(s);
      const g = todo.group as Record<string, unknown> | null;
      requireThat(typeof g === 'object' && g !== null, 'todo.group MUST be an object.', 'an object', g);
      for (const field of ['id', 'name', 'path', 'kind', 'full_path', 'parent_id']) {
        requireThat(field in g!, `todo.group MUST have ${field}.`, field, Object.keys(g!));
      }
      requireThat(
        g!.id === group.id && g!.full_path === group.full_path,
        "todo.group MUST be the epic's group.",
        { id: group.id, full_path: group.full_path },
        { id: g!.id, full_path: g!.full_path },
      );
    },
  );

  clauseTest(
    'todos.field.target',
    'todo.target is the epic, with id, iid, group_id, title, description, author, web_url, reference, references, dates and times',
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { todo, epic } = await createdTodo(s);
      const t = todo.target as Record<string, unknown> | null;
      requireThat(typeof t === 'object' && t !== null, 'todo.target MUST be an object.', 'an object', t);
      for (const field of [
        'id',
        'iid',
        'group_id',
        'title',
        'description',
        'author',
        'web_url',
        'reference',
        'references',
        'start_date',
        'end_date',
        'created_at',
        'updated_at',
        'closed_at',
      ]) {
        // Named as a field of the epic: a field departure of the epic resource is one baseline entry wherever seen.
        requireThat(field in t!, `todo.target MUST have ${field}.`, field, Object.keys(t!), { fields: [field], resource: 'epic' });
      }
      requireThat(
        t!.id === epic.id && t!.iid === epic.iid && t!.title === epic.title,
        'todo.target MUST be the epic marked.',
        { id: epic.id, iid: epic.iid, title: epic.title },
        { id: t!.id, iid: t!.iid, title: t!.title },
      );
    },
  );

  clauseTest('todos.field.action_name', 'action_name is "marked"', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { todo } = await createdTodo(s);
    requireThat(
      todo.action_name === 'marked',
      'A todo created through this endpoint MUST have action_name marked.',
      'marked',
      todo.action_name,
    );
  });

  clauseTest(
    'todos.field.target_type',
    'target_type identifies the target as an epic (compared case-insensitively)',
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { todo } = await createdTodo(s);
      requireThat(
        typeof todo.target_type === 'string' && todo.target_type.toLowerCase() === 'epic',
        'target_type MUST name an epic.',
        'epic (any case)',
        todo.target_type,
      );
    },
  );

  clauseTest('todos.field.state', 'a todo created through the epic todo endpoint is pending', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { todo } = await createdTodo(s);
    requireThat(todo.state === 'pending', 'The new todo MUST be pending.', 'pending', todo.state);
  });

  clauseTest(
    'todos.create.duplicate_304',
    'a second POST while the user already has a todo on the epic answers 304',
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { group, reporter, epic } = await createdTodo(s);
      const again = await reporter.client.post(`/groups/${group.id}/epics/${epic.iid}/todo`);
      check.status(again, 304, 'A repeated todo on the same epic MUST answer 304.');
    },
  );
});
