/**
 * Namespaces (fixture surface, as the platform): GET /namespaces/:id by id or URL-encoded full
 * path, for groups and personal (user) namespaces. Clients read it before they act (a configurator
 * looks up a project's parent namespace before creating the project). As the platform's
 * find_namespace! and its policies: a token is needed (401); a group is shown to its members at any
 * level, inherited ones included, and to admins; a personal namespace to its owner and to admins;
 * anything else is 404 {"message":"404 Namespace Not Found"}, a public group too. Owners and admins
 * also see a group's members_count_with_descendants, root_repository_size and projects_count.
 *
 *   GET /api/v4/namespaces/parent%2Fchild -> 200 {"id":7,"kind":"group","full_path":"parent/child","parent_id":4,...}
 */
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../auth.ts';
import { ctxOf, envOf, type ViewEnv } from '../../context.ts';
import { ACCESS, accessLevel } from '../../domain/access.ts';
import { descendants, findNamespaceByPath } from '../../domain/namespaces.ts';
import type { NamespaceRecord, UserRecord } from '../../domain/records.ts';
import { fail } from '../../errors.ts';
import type { Router } from '../../router.ts';
import { stringParam } from '../../router.ts';
import type { Store } from '../../store.ts';
import { namespaceView } from '../../views/project-views.ts';

/** read_namespace: admin, a member of the group (or of an ancestor), the owner of a personal namespace. */
function canReadNamespace(store: Store, user: UserRecord, ns: NamespaceRecord): boolean {
  return user.admin || accessLevel(store, user.id, ns) > ACCESS.none;
}

function findReadableNamespace(request: FastifyRequest): NamespaceRecord {
  const { store } = ctxOf(request);
  const value = stringParam(request, 'id');
  const ns = /^\d+$/.test(value) ? store.namespaces.get(Number(value)) : findNamespaceByPath(store, value);
  if (!ns || !canReadNamespace(store, callerOf(request).user, ns)) fail('not_found', 'Namespace');
  return ns;
}

/** The platform's Entities::Namespace: the basic fields, and the group counts for an owner or admin. */
function namespaceDetailView(ns: NamespaceRecord, user: UserRecord, env: ViewEnv) {
  const base = namespaceView(ns, env);
  if (ns.kind !== 'group' || !(user.admin || accessLevel(env.store, user.id, ns) >= ACCESS.owner)) return base;
  const groupIds = new Set([ns.id, ...descendants(env.store, ns).map((g) => g.id)]);
  const memberIds = new Set(env.store.members.filter((m) => m.sourceType === 'Namespace' && groupIds.has(m.sourceId)).map((m) => m.userId));
  return {
    ...base,
    members_count_with_descendants: memberIds.size,
    root_repository_size: 0,
    projects_count: env.store.projects.filter((pr) => groupIds.has(pr.namespaceId)).length,
  };
}

export function registerNamespaces(r: Router): void {
  r.get('/namespaces/:id', { auth: 'authenticated' }, (request) =>
    namespaceDetailView(findReadableNamespace(request), callerOf(request).user, envOf(request)),
  );
}
