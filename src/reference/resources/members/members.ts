/**
 * Members (fixture surface): POST /projects/:id/members and POST /groups/:id/members with user_id,
 * access_level (10 guest .. 50 owner) and expires_at (a date, or a datetime whose date is kept, as
 * the platform's DateTime parameter stored in a date column). Maintainers and owners may add; only
 * owners may add owners; a duplicate is 409 "Member already exists". GET of the same paths lists
 * the direct members (member-list.ts); DELETE .../members/:user_id removes one (member-delete.ts).
 *
 *   POST /api/v4/groups/4/members {"user_id":2,"access_level":30} -> 201 {"id":2,"access_level":30,...}
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../../auth.ts';
import { ctxOf, envOf } from '../../context.ts';
import { ACCESS, ACCESS_LEVEL_VALUES, ACCESS_NAMES, accessLevel, hasAccess } from '../../domain/access.ts';
import type { MemberSource, NamespaceRecord, ProjectRecord } from '../../domain/records.ts';
import { findUserByIdOrUsername } from '../../domain/users.ts';
import { fail } from '../../errors.ts';
import { input, p, readParams } from '../../params.ts';
import { created } from '../../respond.ts';
import type { Router } from '../../router.ts';
import { findProject, findVisibleGroup } from '../../lookups.ts';
import { removeMember } from './member-delete.ts';
import { listMembers } from './member-list.ts';
import { memberView } from './member-view.ts';

const ADD = {
  user_id: p.string().required(),
  access_level: p.integer().in(ACCESS_LEVEL_VALUES).required(),
  expires_at: p.date(),
};

function addMember(
  request: FastifyRequest,
  reply: FastifyReply,
  sourceType: MemberSource,
  find: (request: FastifyRequest) => ProjectRecord | NamespaceRecord,
) {
  const q = readParams(input(request), ADD);
  const source = find(request);
  const { store, clock } = ctxOf(request);
  const caller = callerOf(request).user;
  if (!hasAccess(store, caller, source, ACCESS.maintainer)) fail('forbidden');
  if (q.access_level === ACCESS.owner && !hasAccess(store, caller, source, ACCESS.owner)) fail('forbidden');
  const user = findUserByIdOrUsername(store, q.user_id);
  if (!user) fail('not_found', 'User');
  const existing = store.members.find((m) => m.userId === user.id && m.sourceType === sourceType && m.sourceId === source.id);
  if (existing) fail('conflict', 'Member already exists');
  const inherited = accessLevel(store, user.id, source);
  if (sourceType === 'Project' && inherited > q.access_level) {
    const ns = store.namespaces.get((source as ProjectRecord).namespaceId);
    fail('validation_failed', {
      access_level: [`should be greater than or equal to ${ACCESS_NAMES[inherited]} inherited membership from group ${ns?.name ?? ''}`],
    });
  }
  const member = store.members.insert({
    userId: user.id,
    sourceType,
    sourceId: source.id,
    accessLevel: q.access_level,
    expiresAt: q.expires_at ?? null,
    createdById: caller.id,
    createdAt: clock(),
  });
  return created(request, reply, memberView(member, envOf(request)));
}

export function registerMembers(r: Router): void {
  r.get('/projects/:id/members', { auth: 'authenticated' }, (request, reply) =>
    listMembers(request, reply, 'Project', findProject(request)),
  );
  r.get('/groups/:id/members', { auth: 'authenticated' }, (request, reply) =>
    listMembers(request, reply, 'Namespace', findVisibleGroup(request)),
  );
  r.post('/projects/:id/members', { auth: 'authenticated' }, (request, reply) => addMember(request, reply, 'Project', findProject));
  r.post('/groups/:id/members', { auth: 'authenticated' }, (request, reply) => addMember(request, reply, 'Namespace', findVisibleGroup));
  r.delete('/projects/:id/members/:user_id', { auth: 'authenticated' }, (request, reply) =>
    removeMember(request, reply, 'Project', findProject),
  );
  r.delete('/groups/:id/members/:user_id', { auth: 'authenticated' }, (request, reply) =>
    removeMember(request, reply, 'Namespace', findVisibleGroup),
  );
}
