/**
 * Groups (fixture surface, as the platform): POST /groups (subgroups through parent_id; the
 * creator becomes owner), GET /groups, GET /groups/:id (id or URL-encoded full path),
 * GET /groups/:id/subgroups (the direct subgroups the caller may see, filtered, ordered and paged
 * as GET /groups; 404 Group Not Found when the parent is hidden), GET /groups/:id/descendant_groups
 * (the same, for the subgroups at every depth: lib/api/groups.rb, include_parent_descendants),
 * DELETE /groups/:id (owner or admin; 202 like the platform, subgroups and projects go too; under
 * projects.scheduled-deletion it only marks, see domain/scheduled-deletion.ts, and
 * permanently_remove is refused for a top-level group, as ee/lib/api/groups.rb does: 400
 * "`permanently_remove` option is only available for subgroups.", before any other check).
 *
 *   POST /api/v4/groups {"name":"Child","path":"child","parent_id":4} -> 201 {"full_path":"parent/child",...}
 *   DELETE /api/v4/groups/4?permanently_remove=true&full_path=parent-deletion_scheduled-4 -> 400 (top level, scheduled deletion)
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf, userOf } from '../../auth.ts';
import { ctxOf, envOf } from '../../context.ts';
import { accessLevel, ACCESS, canSeeGroup, canSeeProject, hasAccess, moreVisible, VISIBILITIES } from '../../domain/access.ts';
import { deleteGroup } from '../../domain/cascades.ts';
import { deletionParams, requestDeletion } from '../../domain/scheduled-deletion.ts';
import { descendants, NAMESPACE_PATH_TEXT, pathTaken, validNamespacePath } from '../../domain/namespaces.ts';
import type { NamespaceRecord } from '../../domain/records.ts';
import { fail, type FieldErrors } from '../../errors.ts';
import { findVisibleGroup } from '../../lookups.ts';
import { paginate } from '../../pagination.ts';
import { input, p, readParams } from '../../params.ts';
import { accepted, created } from '../../respond.ts';
import type { Router } from '../../router.ts';
import { groupView, projectView } from '../../views/project-views.ts';

const NAME = /^[\p{L}\p{N}_\u00A9-\u{1F9FF}][\p{L}\p{N}\p{Pd}_.()\u00A9-\u{1F9FF} ]*$/u;
const NAME_TEXT =
  "can contain only letters, digits, emoji, '_', '.', dash, space, parenthesis. It must start with letter, digit, emoji or '_'.";
/** The platform's refusal of permanently_remove for a top-level group (ee/lib/api/groups.rb, immediately_delete_subgroup_error). */
const TOP_LEVEL_PERMANENT = '`permanently_remove` option is only available for subgroups.';
/** Top-level paths the platform keeps for its own routes. */
const RESERVED = new Set(['api', 'admin', 'dashboard', 'explore', 'groups', 'help', 'projects', 'users', 'search', 'user', '-']);

const CREATE = {
  name: p.string().required(),
  path: p.string().required(),
  parent_id: p.integer(),
  visibility: p.oneOf(VISIBILITIES),
  description: p.string(),
};

const LIST = {
  search: p.string(),
  owned: p.boolean(),
  top_level_only: p.boolean(),
  order_by: p.oneOf(['name', 'path', 'id'] as const),
  sort: p.oneOf(['asc', 'desc'] as const),
};

function createGroup(request: FastifyRequest): NamespaceRecord {
  const q = readParams(input(request), CREATE);
  const { store, clock } = ctxOf(request);
  const user = callerOf(request).user;
  let parent: NamespaceRecord | undefined;
  if (q.parent_id !== undefined) {
    parent = store.namespaces.get(q.parent_id);
    if (!parent || parent.kind !== 'group' || !canSeeGroup(store, user, parent)) fail('not_found', 'Group');
    if (!hasAccess(store, user, parent, ACCESS.maintainer)) fail('forbidden');
  } else if (!user.admin && !user.canCreateGroup) {
    fail('forbidden');
  }
  const visibility = q.visibility ?? 'private';
  const errors: FieldErrors = {};
  if (!NAME.test(q.name)) errors.name = [NAME_TEXT];
  if (!validNamespacePath(q.path)) errors.path = [NAMESPACE_PATH_TEXT];
  else if (!parent && RESERVED.has(q.path.toLowerCase())) errors.path = [`${q.path} is a reserved name`];
  else if (pathTaken(store, parent?.id ?? null, q.path)) errors.path = ['has already been taken'];
  if (parent && moreVisible(visibility, parent.visibility)) {
    errors.visibility_level = [`${visibility} is not allowed since the parent group has a ${parent.visibility} visibility.`];
  }
  if (Object.keys(errors).length > 0) fail('validation_failed', errors);

  const now = clock();
  const group = store.namespaces.insert({
    kind: 'group',
    name: q.name,
    path: q.path,
    parentId: parent?.id ?? null,
    ownerId: null,
    visibility,
    description: q.description ?? '',
    createdAt: now,
    updatedAt: now,
  });
  if (accessLevel(store, user.id, group) < ACCESS.owner) {
    store.members.insert({
      userId: user.id,
      sourceType: 'Namespace',
      sourceId: group.id,
      accessLevel: ACCESS.owner,
      expiresAt: null,
      createdById: user.id,
      createdAt: now,
    });
  }
  return group;
}

/** The groups `keep` allows that the caller may see, filtered and ordered by LIST (name ascending by default), one page. */
function listGroups(request: FastifyRequest, reply: FastifyReply, keep: (g: NamespaceRecord) => boolean) {
  const q = readParams(input(request), LIST);
  const { store } = ctxOf(request);
  const user = userOf(request);
  const search = q.search?.toLowerCase();
  const env = envOf(request);
  const groups = store.namespaces.filter((g) => {
    if (g.kind !== 'group' || !keep(g) || !canSeeGroup(store, user, g)) return false;
    if (q.top_level_only && g.parentId !== null) return false;
    if (search && !`${g.name} ${g.path}`.toLowerCase().includes(search)) return false;
    if (q.owned && (!user || accessLevel(store, user.id, g) < ACCESS.owner)) return false;
    return true;
  });
  const orderBy = q.order_by ?? 'name';
  const dir = q.sort === 'desc' ? -1 : 1;
  const key = (g: NamespaceRecord) => (orderBy === 'id' ? g.id : orderBy === 'path' ? g.path.toLowerCase() : g.name.toLowerCase());
  groups.sort((a, b) => {
    const ka = key(a),
      kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : a.id - b.id) * dir;
  });
  return paginate(request, reply, groups).map((g) => groupView(g, env));
}

export function registerGroups(r: Router): void {
  const { store } = r.ctx;

  r.post('/groups', { auth: 'authenticated' }, (request, reply) =>
    created(request, reply, groupView(createGroup(request), envOf(request))),
  );

  r.get('/groups', { auth: 'public' }, (request, reply) => listGroups(request, reply, () => true));

  r.get('/groups/:id/subgroups', { auth: 'public' }, (request, reply) => {
    const parent = findVisibleGroup(request);
    return listGroups(request, reply, (g) => g.parentId === parent.id);
  });

  r.get('/groups/:id/descendant_groups', { auth: 'public' }, (request, reply) => {
    const below = new Set(descendants(store, findVisibleGroup(request)).map((g) => g.id));
    return listGroups(request, reply, (g) => below.has(g.id));
  });

  r.get('/groups/:id', { auth: 'public' }, (request) => {
    const group = findVisibleGroup(request);
    const env = envOf(request);
    const user = userOf(request);
    const projects = store.projects
      .filter((pr) => pr.namespaceId === group.id && canSeeProject(store, user, pr))
      .map((pr) => projectView(pr, env));
    return { ...groupView(group, env), projects, shared_projects: [] };
  });

  r.delete('/groups/:id', { auth: 'authenticated' }, (request, reply) => {
    const group = findVisibleGroup(request);
    if (!hasAccess(store, callerOf(request).user, group, ACCESS.owner)) fail('forbidden');
    if (r.ctx.has('projects.scheduled-deletion')) {
      const params = deletionParams(request);
      if (params.permanentlyRemove && group.parentId === null) fail('deletion_refused', TOP_LEVEL_PERMANENT);
      requestDeletion(r.ctx, { kind: 'group', record: group }, params);
    } else deleteGroup(store, group);
    return accepted(reply);
  });
}
