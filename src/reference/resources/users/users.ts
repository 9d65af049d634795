/**
 * Users: GET /users (see user-list.ts), GET /users/:id, POST /users (user-create.ts),
 * PUT /users/:id (user-update.ts), DELETE /users/:id. Non-admins see the normal single view;
 * administrators the admin view.
 *
 *   GET /api/v4/users/1                     -> 200 {"id":1,"username":"root","bio":"",...}
 *   DELETE /api/v4/users/2?hard_delete=true -> 204
 *
 * Under the capability users.delayed-deletion the user is blocked at once and removed by a
 * background job (background-jobs.ts) after the server's userDeletionDelayMs, as the platform.
 * Under users.private-profile-by-default a private profile's normal view hides created_at,
 * followers and following from everyone but the user.
 */
import { callerOf, userOf } from '../../auth.ts';
import { envOf, type RefContext } from '../../context.ts';
import { deleteUser } from '../../domain/cascades.ts';
import type { UserRecord } from '../../domain/records.ts';
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
import { privateProfileView, userAdminView, userView, userViewDepartures } from '../../views/user-views.ts';

/**
 * The platform's delete_async: the user is blocked now and removed by a job. Asking again never
 * postpones the removal; a later hard_delete makes it a hard one.
 */
function deleteInBackground(ctx: RefContext, user: UserRecord, hardDelete: boolean): void {
  const key = `user:${user.id}`;
  if (ctx.jobs.has(key) && !hardDelete) return;
  const now = ctx.clock();
  ctx.store.users.update(user.id, { state: 'blocked', updatedAt: now });
  ctx.jobs.schedule(key, new Date(now.getTime() + ctx.userDeletionDelayMs), () => {
    const still = ctx.store.users.get(user.id);
    if (still) deleteUser(ctx.store, still, { hardDelete });
  });
}

export function registerUsers(r: Router): void {
  const { store } = r.ctx;
  const departures = userViewDepartures(r.ctx);

  r.op('listUsers', listUsers);

  r.op('getUser', (request) => {
    const q = readParams(input(request), { with_custom_attributes: p.boolean() });
    // platform.users-anonymous-403: no caller, 403 before the lookup (the fault users.get-without-token: the normal view).
    if (!userOf(request) && r.ctx.variations.policies.userList.anonymous === 'forbidden-unless-username')
      fail('forbidden', 'Not authorized!');
    const user = findUser(request);
    const env = envOf(request);
    // The fault users.get-without-token lets an anonymous caller read the normal view.
    if ((r.ctx.has('users.get-without-token') ? userOf(request) : callerOf(request).user)?.admin) {
      const view = userAdminView(user, env, { single: true, departures });
      return q.with_custom_attributes ? withCustomAttributes(view, user) : view;
    }
    const full = userView(user, env, departures);
    // Under users.private-profile-by-default, as the platform: a private profile hides its created_at from others.
    const hidden = r.ctx.has('users.private-profile-by-default') && user.privateProfile && userOf(request)?.id !== user.id;
    const view = hidden ? privateProfileView(full) : full;
    return r.ctx.has('users.normal-views-show-email') ? { ...view, email: user.email } : view;
  });

  r.op('createUser', async (request, reply) => {
    const user = await createUserFromRequest(request);
    return created(request, reply, userAdminView(user, envOf(request), { single: true, departures }));
  });

  r.op('updateUser', async (request) => {
    const user = await updateUserFromRequest(request);
    return userAdminView(user, envOf(request), { single: true, departures });
  });

  r.op('deleteUser', (request, reply) => {
    const q = readParams(input(request), { hard_delete: p.boolean() });
    const user = findUser(request);
    if (!r.ctx.has('users.precondition-ignored')) checkUnmodifiedSince(request, user.updatedAt);
    const hardDelete = q.hard_delete === true;
    if (!hardDelete && soleOwnedGroups(store, user.id).length > 0 && !r.ctx.has('users.delete-ignores-sole-owner')) {
      fail('conflict', 'User cannot be removed while is the sole-owner of a group');
    }
    const view = userAdminView(user, envOf(request), { single: true, departures });
    if (r.ctx.has('users.delete-does-nothing')) return noContent(request, reply, view);
    const hard = hardDelete && !r.ctx.has('users.hard-delete-keeps-groups');
    if (r.ctx.has('users.delayed-deletion')) deleteInBackground(r.ctx, user, hard);
    else deleteUser(store, user, { hardDelete: hard });
    return noContent(request, reply, view);
  });
}
