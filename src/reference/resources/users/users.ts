/**
 * Users: GET /users (see user-list.ts), GET /users/:id, POST /users (user-create.ts),
 * PUT /users/:id (user-update.ts), DELETE /users/:id. Non-admins see the normal single view;
 * administrators the admin view.
 *
 *   GET /api/v4/users/1                     -> 200 {"id":1,"username":"root","bio":"",...}
 *   DELETE /api/v4/users/2?hard_delete=true -> 204
 */
import { callerOf } from '../../auth.ts';
import { envOf } from '../../context.ts';
import { deleteUser } from '../../domain/cascades.ts';
import { soleOwnedGroups } from '../../domain/users.ts';
import { fail } from '../../errors.ts';
import { findUser } from '../../lookups.ts';
import { input, p, readParams } from '../../params.ts';
import { checkUnmodifiedSince } from '../../preconditions.ts';
import { created, noContent } from '../../respond.ts';
import type { Router } from '../../router.ts';
import { createUserFromRequest } from './user-create.ts';
import { listUsers } from './user-list.ts';
import { withCustomAttributes } from './user-custom-attributes.ts';
import { updateUserFromRequest } from './user-update.ts';
import { userAdminView, userView } from '../../views/user-views.ts';

export function registerUsers(r: Router): void {
  const { store } = r.ctx;

  r.get('/users', { auth: 'authenticated' }, listUsers);

  r.get('/users/:id(int)', { auth: 'authenticated' }, (request) => {
    const q = readParams(input(request), { with_custom_attributes: p.boolean() });
    const user = findUser(request);
    const env = envOf(request);
    if (callerOf(request).user.admin) {
      const view = userAdminView(user, env, { single: true });
      return q.with_custom_attributes ? withCustomAttributes(view, user) : view;
    }
    const view = userView(user, env);
    return r.ctx.has('users.normal-views-show-email') ? { ...view, email: user.email } : view;
  });

  r.post('/users', { auth: 'admin' }, (request, reply) => {
    const user = createUserFromRequest(request);
    return created(request, reply, userAdminView(user, envOf(request), { single: true }));
  });

  r.put('/users/:id(int)', { auth: 'admin' }, (request) => {
    const user = updateUserFromRequest(request);
    return userAdminView(user, envOf(request), { single: true });
  });

  r.delete('/users/:id(int)', { auth: 'admin' }, (request, reply) => {
    const q = readParams(input(request), { hard_delete: p.boolean() });
    const user = findUser(request);
    if (!r.ctx.has('users.precondition-ignored')) checkUnmodifiedSince(request, user.updatedAt);
    const hardDelete = q.hard_delete === true;
    if (!hardDelete && soleOwnedGroups(store, user.id).length > 0 && !r.ctx.has('users.delete-ignores-sole-owner')) {
      fail('conflict', 'User cannot be removed while is the sole-owner of a group');
    }
    const view = userAdminView(user, envOf(request), { single: true });
    deleteUser(store, user, { hardDelete: hardDelete && !r.ctx.has('users.hard-delete-keeps-groups') });
    return noContent(request, reply, view);
  });
}
