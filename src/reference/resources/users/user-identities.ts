/**
 * DELETE /users/:id/identities/:provider (administrators): removes the user's identity of that
 * external provider. 404 when the user or the identity is missing.
 *
 *   DELETE /api/v4/users/2/identities/ldapmain -> 204
 *   DELETE /api/v4/users/2/identities/nope     -> 404 {"message":"404 Identity Not Found"}
 */
import { fail } from '../../errors.ts';
import { noContent } from '../../respond.ts';
import { stringParam, type Router } from '../../router.ts';
import { findUser } from '../../lookups.ts';

export function registerUserIdentities(r: Router): void {
  const { store } = r.ctx;

  r.op('deleteUserIdentity', (request, reply) => {
    const user = findUser(request);
    const provider = stringParam(request, 'provider');
    const identity = user.identities.find((i) => i.provider === provider);
    // users.identity-redelete-204: the identities are filtered by provider with no lookup first, so a missing one answers 204 too.
    if (!identity && r.ctx.has('users.identity-redelete-204')) return reply.code(204).send();
    if (!identity) fail('not_found', 'Identity');
    if (!r.ctx.has('users.identity-delete-noop')) {
      store.users.update(user.id, { identities: user.identities.filter((i) => i !== identity), updatedAt: r.ctx.clock() });
    }
    return noContent(request, reply, { provider: identity.provider, extern_uid: identity.externUid });
  });
}
