/**
 * The records a route names in its path, found once for every resource: the user in :id, the
 * project in :id (by id or full path) as the caller may see it, with or without an access level,
 * and the group in :id as the caller may see it. Each answers 404 (403 for too low a level) the
 * way the spec says, so resource modules never reach into one another for them.
 *
 *   const user = findUser(request);                            // :id, else 404 User Not Found
 *   const project = findProjectWithAccess(request, ACCESS.maintainer);
 *   const group = findVisibleGroup(request);
 */
import type { FastifyRequest } from 'fastify';
import { callerOf, userOf } from './auth.ts';
import { ctxOf } from './context.ts';
import { canSeeGroup, canSeeProject, hasAccess } from './domain/access.ts';
import { findGroup, findProjectByIdOrPath } from './domain/namespaces.ts';
import type { NamespaceRecord, ProjectRecord, UserRecord } from './domain/records.ts';
import { fail } from './errors.ts';
import { intParam, stringParam } from './router.ts';

/** The user in the integer path parameter `param`; 404 when there is none. */
export function findUser(request: FastifyRequest, param = 'id'): UserRecord {
  const user = ctxOf(request).store.users.get(intParam(request, param));
  if (!user) fail('not_found', 'User');
  return user;
}

/** The project in :id as the caller may see it; 404 otherwise. */
export function findProject(request: FastifyRequest): ProjectRecord {
  const { store } = ctxOf(request);
  const project = findProjectByIdOrPath(store, stringParam(request, 'id'));
  if (!project || !canSeeProject(store, userOf(request), project)) fail('not_found', 'Project');
  return project;
}

/**
 * The project in :id when the caller (authenticated) has at least `level` there, admins always:
 * 404 when the caller cannot see the project, 403 when the level is too low.
 */
export function findProjectWithAccess(request: FastifyRequest, level: number): ProjectRecord {
  const project = findProject(request);
  if (!hasAccess(ctxOf(request).store, callerOf(request).user, project, level)) fail('forbidden');
  return project;
}

/** The group in :id as the caller may see it; 404 otherwise. */
export function findVisibleGroup(request: FastifyRequest): NamespaceRecord {
  const { store } = ctxOf(request);
  const group = findGroup(store, stringParam(request, 'id'));
  if (!group || !canSeeGroup(store, userOf(request), group)) fail('not_found', 'Group');
  return group;
}
