/**
 * Projects (fixture surface, as the platform): POST /projects, GET /projects (offset or keyset
 * pagination), GET /projects/:id (id or URL-encoded full path; public projects without a token),
 * DELETE /projects/:id (owner or admin; 202 like the platform; under projects.scheduled-deletion it
 * only marks, see domain/scheduled-deletion.ts).
 *
 *   POST /api/v4/projects {"name":"My App","namespace_id":5}  -> 201 {"path":"my-app",...}
 *   GET  /api/v4/projects?pagination=keyset&order_by=id&per_page=2 -> Link: <...id_before=7...>; rel="next"
 */
import type { FastifyRequest } from 'fastify';
import { callerOf, userOf } from '../../auth.ts';
import { ctxOf, envOf } from '../../context.ts';
import { accessLevel, ACCESS, canSeeProject, hasAccess, moreVisible, VISIBILITIES } from '../../domain/access.ts';
import { fillDependencies } from '../../domain/dependency-fixture.ts';
import { deleteProject } from '../../domain/cascades.ts';
import { deletionParams, requestDeletion } from '../../domain/scheduled-deletion.ts';
import { NAMESPACE_PATH_TEXT, pathTaken, validNamespacePath } from '../../domain/namespaces.ts';
import { insertProject } from '../../domain/projects.ts';
import type { NamespaceRecord, ProjectRecord, UserRecord } from '../../domain/records.ts';
import { fail, type FieldErrors } from '../../errors.ts';
import { findProject } from '../../lookups.ts';
import { isKeyset, keysetPaginate } from '../../keyset.ts';
import { paginate } from '../../pagination.ts';
import { input, p, readParams } from '../../params.ts';
import { accepted, created } from '../../respond.ts';
import type { Router } from '../../router.ts';
import type { Store } from '../../store.ts';
import { projectView } from '../../views/project-views.ts';

const NAME = /^[\p{L}\p{N}_\u00A9-\u{1F9FF}][\p{L}\p{N}\p{Pd}+_.\u00A9-\u{1F9FF} ]*$/u;
const NAME_TEXT =
  "can contain only letters, digits, emoji, '_', '.', '+', dashes, or spaces. It must start with a letter, digit, emoji, or '_'.";

const CREATE = {
  name: p.string(),
  path: p.string(),
  namespace_id: p.integer(),
  visibility: p.oneOf(VISIBILITIES),
  description: p.string(),
  topics: p.array(p.string(), { commaSeparated: true }),
  tag_list: p.array(p.string(), { commaSeparated: true }),
};

const LIST = {
  search: p.string(),
  visibility: p.oneOf(VISIBILITIES),
  owned: p.boolean(),
  membership: p.boolean(),
  order_by: p.oneOf(['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const),
  sort: p.oneOf(['asc', 'desc'] as const),
  id_after: p.integer(),
  id_before: p.integer(),
  pagination: p.oneOf(['offset', 'keyset'] as const),
  simple: p.boolean(),
};

/** The path the platform derives from a name: "My App" -> "my-app". */
export function slugify(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}

function targetNamespace(store: Store, user: UserRecord, namespaceId: number | undefined): NamespaceRecord {
  const ns = store.namespaces.get(namespaceId ?? user.namespaceId);
  const allowed =
    ns !== undefined && (ns.kind === 'user' ? ns.ownerId === user.id || user.admin : hasAccess(store, user, ns, ACCESS.developer));
  if (!ns || !allowed) fail('validation_failed', { namespace: ['is not valid'] });
  return ns;
}

function createProject(request: FastifyRequest): ProjectRecord {
  const q = readParams(input(request), CREATE, { atLeastOneOf: [['name', 'path']] });
  const ctx = ctxOf(request);
  const { store, clock } = ctx;
  const user = callerOf(request).user;
  const ns = targetNamespace(store, user, q.namespace_id);
  const name = q.name ?? (q.path as string);
  const path = q.path ?? slugify(name);
  const visibility = q.visibility ?? 'private';
  const errors: FieldErrors = {};
  if (!NAME.test(name)) errors.name = [NAME_TEXT];
  else if (store.projects.find((pr) => pr.namespaceId === ns.id && pr.name === name)) {
    errors.name = ['has already been taken'];
  }
  if (!validNamespacePath(path)) errors.path = [NAMESPACE_PATH_TEXT];
  else if (pathTaken(store, ns.id, path)) errors.path = ['has already been taken'];
  if (ns.kind === 'group' && moreVisible(visibility, ns.visibility)) {
    errors.visibility_level = [`${visibility} is not allowed in a ${ns.visibility} group.`];
  }
  if (Object.keys(errors).length > 0) fail('validation_failed', errors);

  const project = insertProject(
    store,
    clock(),
    { name, path, namespace: ns, description: q.description ?? '', visibility, topics: q.topics ?? q.tag_list ?? [] },
    user,
  );
  if (ctx.has('deps.fixture')) fillDependencies(store, project.id, { versionless: ctx.has('platform.dependency-without-version') });
  return project;
}

function sortKey(orderBy: string, pr: ProjectRecord): string | number {
  switch (orderBy) {
    case 'name':
      return pr.name.toLowerCase();
    case 'path':
      return pr.path.toLowerCase();
    case 'updated_at':
      return pr.updatedAt.getTime();
    case 'last_activity_at':
      return pr.lastActivityAt.getTime();
    case 'created_at':
      return pr.createdAt.getTime();
    default:
      return pr.id;
  }
}

function isOwned(store: Store, user: UserRecord, pr: ProjectRecord): boolean {
  const ns = store.namespaces.get(pr.namespaceId);
  if (!ns) return false;
  return ns.kind === 'user' ? ns.ownerId === user.id : accessLevel(store, user.id, ns) >= ACCESS.owner;
}

export function registerProjects(r: Router): void {
  const { store } = r.ctx;

  r.post('/projects', { auth: 'authenticated' }, (request, reply) =>
    created(request, reply, projectView(createProject(request), envOf(request))),
  );

  r.get('/projects', { auth: 'public' }, (request, reply) => {
    const q = readParams(input(request), LIST);
    const keyset = isKeyset(request.query as Record<string, unknown>);
    const orderBy = q.order_by ?? 'created_at';
    if (keyset && orderBy !== 'id') fail('keyset_unsupported');
    const user = userOf(request);
    const search = q.search?.toLowerCase();
    const projects = store.projects.filter((pr) => {
      if (!canSeeProject(store, user, pr)) return false;
      if (q.visibility && pr.visibility !== q.visibility) return false;
      if (search && !`${pr.name} ${pr.path} ${pr.description}`.toLowerCase().includes(search)) return false;
      if (q.id_after !== undefined && pr.id <= q.id_after) return false;
      if (q.id_before !== undefined && pr.id >= q.id_before) return false;
      if (user && q.membership && accessLevel(store, user.id, pr) === ACCESS.none) return false;
      if (user && q.owned && !isOwned(store, user, pr)) return false;
      return true;
    });
    const sort = q.sort ?? 'desc';
    const dir = sort === 'asc' ? 1 : -1;
    projects.sort((a, b) => {
      const ka = sortKey(orderBy, a),
        kb = sortKey(orderBy, b);
      return (ka < kb ? -1 : ka > kb ? 1 : a.id - b.id) * dir;
    });
    const page = keyset ? keysetPaginate(request, reply, projects, sort) : paginate(request, reply, projects);
    const env = envOf(request);
    return page.map((pr) => projectView(pr, env));
  });

  r.get('/projects/:id', { auth: 'public' }, (request) => projectView(findProject(request), envOf(request)));

  r.delete('/projects/:id', { auth: 'authenticated' }, (request, reply) => {
    const project = findProject(request);
    if (!hasAccess(store, callerOf(request).user, project, ACCESS.owner)) fail('forbidden');
    if (r.ctx.has('projects.scheduled-deletion')) requestDeletion(r.ctx, { kind: 'project', record: project }, deletionParams(request));
    else deleteProject(store, project.id);
    return accepted(reply);
  });
}
