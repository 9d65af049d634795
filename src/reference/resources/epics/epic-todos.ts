/**
 * Manual todo creation on an epic: POST /groups/:id/epics/:epic_iid/todo marks the epic for the
 * caller (201, a pending "marked" todo); while the caller already has a pending todo on that
 * epic the answer is 304 with no body.
 *
 *   POST /api/v4/groups/7/epics/1/todo -> 201 {"action_name":"marked","target_type":"Epic","state":"pending",...}
 *   POST /api/v4/groups/7/epics/1/todo -> 304
 */
import { callerOf } from '../../auth.ts';
import { envOf } from '../../context.ts';
import { canEditEpics } from '../../domain/epics.ts';
import { created } from '../../respond.ts';
import type { Router } from '../../router.ts';
import { todoView } from './epic-views.ts';
import { epicGroup, epicPlatformOptions, findEpic } from './epics.ts';

export function registerEpicTodos(r: Router): void {
  const { store, clock } = r.ctx;
  const policy = r.ctx.variations.policies.epics;

  r.op('createEpicTodo', (request, reply) => {
    const group = epicGroup(request);
    const epic = findEpic(request, group, false); // the platform finds the epic first (find_by!): 404
    const user = callerOf(request).user;
    const pending = store.todos.find(
      (t) => t.userId === user.id && t.targetType === 'Epic' && t.targetId === epic.id && t.state === 'pending',
    );
    if (pending && policy.repeatTodoNotModified) return reply.code(304).send();
    const now = clock();
    const todo = store.todos.insert({
      userId: user.id,
      authorId: user.id,
      groupId: group.id,
      targetType: 'Epic',
      targetId: epic.id,
      actionName: 'marked',
      state: 'pending',
      body: epic.title,
      createdAt: now,
      updatedAt: now,
    });
    return created(
      request,
      reply,
      todoView(todo, envOf(request), user, policy.datesShown(canEditEpics(store, user, group)), epicPlatformOptions(request)),
    );
  });
}
