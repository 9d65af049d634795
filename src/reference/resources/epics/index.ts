/**
 * The epics plugin: group epics (epics.ts, with their list filters and views) and the todos
 * made from them (epic-todos.ts). When the epics policy says they are not available (the
 * capability epics.disabled, server option epicsDisabled) every route of the plugin answers 403
 * before its handler runs.
 *
 *   await host.mount(epicsPlugin);   // GET /api/v4/groups/:id/epics ...
 */
import { fail } from '../../errors.ts';
import type { Router } from '../../router.ts';
import { registerEpicTodos } from './epic-todos.ts';
import { registerEpics } from './epics.ts';

export function epicsPlugin(r: Router): void {
  if (!r.ctx.variations.policies.epics.available) r.guard(() => fail('forbidden'));
  registerEpics(r);
  registerEpicTodos(r);
}
