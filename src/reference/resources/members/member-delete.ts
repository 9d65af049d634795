/**
 * DELETE /projects/:id/members/:user_id and DELETE /groups/:id/members/:user_id (fixture surface,
 * as lib/api/members.rb and Members::DestroyService): 204 once the user's direct membership is
 * gone; 404 when the user is not a direct member (the platform's `find_by!`; it words it
 * "404 Not found", as the reference does); 403 when the caller may not remove it:
 * anyone may leave, a project's maintainers remove members below owner (owners need an owner), a
 * group's owners remove anyone, and nobody removes a group's last owner (GroupMemberPolicy
 * `last_owner` prevents it, the administrator too). Leaving a group also ends the user's direct
 * memberships in its subgroups and their projects (delete_subresources; skip_subresources=true keeps them).
 *
 *   DELETE /api/v4/groups/4/members/7 -> 204;  again -> 404 {"message":"404 Not found"}
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../../auth.ts';
import { ctxOf, envOf } from '../../context.ts';
import { ACCESS, hasAccess } from '../../domain/access.ts';
import { descendants, lineage } from '../../domain/namespaces.ts';
import type { MemberRecord, MemberSource, NamespaceRecord, ProjectRecord } from '../../domain/records.ts';
import { stringParam } from '../../router.ts';
import type { Store } from '../../store.ts';
import { fail } from '../../errors.ts';
import { input, p, readParams } from '../../params.ts';
import { noContent } from '../../respond.ts';
import { memberView } from './member-view.ts';

const DELETE = { skip_subresources: p.boolean() };

/** Does `member` hold the group's last owner access (owners of the group and its ancestors counted)? */
function lastOwner(store: Store, group: NamespaceRecord, member: MemberRecord): boolean {
  if (member.accessLevel < ACCESS.owner) return false;
  const ids = new Set(lineage(store, group).map((g) => g.id));
  const owners = new Set(
    store.members.filter((m) => m.sourceType === 'Namespace' && ids.has(m.sourceId) && m.accessLevel >= ACCESS.owner).map((m) => m.userId),
  );
  return owners.size <= 1;
}

/** The user's direct memberships below `group`: its subgroups, and the projects of the group and its subgroups. */
function membershipsBelow(store: Store, group: NamespaceRecord, userId: number): MemberRecord[] {
  const below = new Set(descendants(store, group).map((g) => g.id));
  const projects = new Set(store.projects.filter((pr) => pr.namespaceId === group.id || below.has(pr.namespaceId)).map((pr) => pr.id));
  return store.members.filter(
    (m) =>
      m.userId === userId &&
      ((m.sourceType === 'Namespace' && below.has(m.sourceId)) || (m.sourceType === 'Project' && projects.has(m.sourceId))),
  );
}

export function removeMember(
  request: FastifyRequest,
  reply: FastifyReply,
  sourceType: MemberSource,
  find: (request: FastifyRequest) => ProjectRecord | NamespaceRecord,
): FastifyReply {
  const q = readParams(input(request), DELETE);
  // `requires :user_id, type: Integer`: checked before the source is looked up.
  const raw = stringParam(request, 'user_id');
  if (!/^\d+$/.test(raw)) fail('invalid_parameter', 'user_id is invalid');
  const userId = Number(raw);
  const source = find(request);
  const { store } = ctxOf(request);
  const caller = callerOf(request).user;
  const member = store.members.find((m) => m.userId === userId && m.sourceType === sourceType && m.sourceId === source.id);
  if (!member) fail('record_not_found');
  const self = member.userId === caller.id;
  const group = sourceType === 'Namespace' ? (source as NamespaceRecord) : undefined;
  const allowed = group
    ? !lastOwner(store, group, member) && (self || hasAccess(store, caller, source, ACCESS.owner))
    : self ||
      (hasAccess(store, caller, source, ACCESS.maintainer) &&
        (member.accessLevel < ACCESS.owner || hasAccess(store, caller, source, ACCESS.owner)));
  if (!allowed) fail('forbidden');
  store.members.delete(member.id);
  if (group && !q.skip_subresources) for (const m of membershipsBelow(store, group, member.userId)) store.members.delete(m.id);
  return noContent(request, reply, memberView(member, envOf(request)));
}
