/**
 * Project clusters (maintainers and above: 403 below, 404 for a project the caller cannot see; the
 * platform profile lets developers read, and embeds the project without its repository fields):
 * list, show, add an existing cluster, edit, delete. platform_kubernetes_attributes arrives as
 * form fields in bracket notation or as a nested JSON object; its token is stored, never shown.
 * With the server option `clustersHidden` there are no cluster routes at all (404).
 *
 *   POST /api/v4/projects/5/clusters/user
 *     name=prod&platform_kubernetes_attributes[api_url]=https://k8s.example.com:6443
 *     &platform_kubernetes_attributes[token]=abc123
 *   -> 201 {"id":1,"name":"prod","environment_scope":"*","provider_type":"user",
 *           "platform_kubernetes":{"api_url":"https://k8s.example.com:6443","authorization_type":"rbac",...},
 *           "project":{"id":5,...}}
 */
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../auth.ts';
import { ctxOf, envOf } from '../../context.ts';
import { ACCESS } from '../../domain/access.ts';
import type { ClusterRecord, ProjectRecord } from '../../domain/records.ts';
import { fail, type FieldErrors } from '../../errors.ts';
import { paginate } from '../../pagination.ts';
import { input, p, readParams } from '../../params.ts';
import { created, noContent } from '../../respond.ts';
import { intParam, type Router } from '../../router.ts';
import { clusterView } from './cluster-views.ts';
import { findProjectWithAccess } from '../../lookups.ts';

const PK = 'platform_kubernetes_attributes';
const AUTHORIZATION_TYPES = ['rbac', 'abac', 'unknown_authorization'] as const;
const K8S_NAMESPACE = /^[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?$/;
const K8S_NAMESPACE_TEXT = "can contain only lowercase letters, digits, and '-'. Must start with a letter, and cannot end with '-'";

const COMMON = {
  domain: p.string(),
  enabled: p.boolean(),
  managed: p.boolean(),
  environment_scope: p.string(),
  'platform_kubernetes_attributes[ca_cert]': p.string(),
  'platform_kubernetes_attributes[namespace]': p.string(),
};
const CREATE = {
  ...COMMON,
  name: p.string().required(),
  'platform_kubernetes_attributes[api_url]': p.string().required(),
  'platform_kubernetes_attributes[token]': p.string().required(),
  'platform_kubernetes_attributes[authorization_type]': p.oneOf(AUTHORIZATION_TYPES),
};
const UPDATE = {
  ...COMMON,
  name: p.string(),
  'platform_kubernetes_attributes[api_url]': p.string(),
  'platform_kubernetes_attributes[token]': p.string(),
};

/** The request's parameters with the platform_kubernetes_attributes hash spread out as `pk[name]` keys. */
function flattened(request: FastifyRequest): Record<string, unknown> {
  const source = input(request);
  const pk = source[PK];
  if (pk === undefined || pk === null) return source;
  if (typeof pk !== 'object' || Array.isArray(pk)) fail('invalid_parameter', `${PK} is invalid`);
  const out: Record<string, unknown> = { ...source };
  for (const [k, v] of Object.entries(pk as Record<string, unknown>)) out[`${PK}[${k}]`] = v;
  return out;
}

/** Required strings must not be blank either: "platform_kubernetes_attributes[api_url] is empty". */
function refuseEmpty(values: Record<string, unknown>, names: string[]): void {
  const empty = names.filter((n) => typeof values[n] === 'string' && (values[n] as string).trim() === '');
  if (empty.length > 0) fail('missing_attribute', empty.map((n) => `${n} is empty`).join(', '));
}

function apiUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is blocked: URI is invalid';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'is blocked: Only allowed schemes are http, https';
  return undefined;
}

/** The namespace the platform derives for a project: "<project path>-<project id>", as a Kubernetes name. */
export function defaultNamespace(project: ProjectRecord): string {
  const slug = `${project.path}-${project.id}`
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+/, '');
  return slug.slice(0, 63).replace(/-+$/, '');
}

/** Model checks; an error of platform_kubernetes comes as an embedded entity. */
function validate(request: FastifyRequest, c: Omit<ClusterRecord, 'id'>, exceptId?: number): void {
  const errors: FieldErrors = {};
  if (c.name.trim() === '') errors.name = ["can't be blank"];
  const pk: FieldErrors = {};
  const url = apiUrlProblem(c.apiUrl);
  if (url) pk.api_url = [url];
  if (c.token.trim() === '') pk.token = ["can't be blank"];
  if (!K8S_NAMESPACE.test(c.namespace)) pk.namespace = [K8S_NAMESPACE_TEXT];
  if (Object.keys(pk).length > 0) errors.platform_kubernetes = pk;
  const { store } = ctxOf(request);
  if (c.environmentScope.trim() === '') errors.environment_scope = ["can't be blank"];
  else if (store.clusters.find((o) => o.projectId === c.projectId && o.environmentScope === c.environmentScope && o.id !== exceptId)) {
    errors.environment_scope = ['cannot add duplicated environment scope'];
  }
  if (Object.keys(errors).length > 0) fail('validation_failed', errors);
}

function findCluster(request: FastifyRequest, project: ProjectRecord): ClusterRecord {
  const cluster = ctxOf(request).store.clusters.get(intParam(request, 'cluster_id'));
  if (!cluster || cluster.projectId !== project.id) fail('not_found', 'Cluster');
  return cluster;
}

/**
 * The fault clusters.redelete-removes-neighbour: the cluster removed is the project's cluster at
 * the index the lookup found, read with .at(): a cluster already deleted is at index -1, so
 * .at(-1) removes the project's newest cluster before the 404.
 */
function removeAtLookedUpIndex(request: FastifyRequest, project: ProjectRecord): void {
  const { store } = ctxOf(request);
  const clusters = store.clusters.filter((c) => c.projectId === project.id);
  const victim = clusters.at(clusters.findIndex((c) => c.id === intParam(request, 'cluster_id')));
  if (victim && victim.id !== intParam(request, 'cluster_id')) store.clusters.delete(victim.id);
}

export function registerClusters(r: Router): void {
  // Releases without certificate-based clusters have no cluster routes: unknown route, 404.
  if (r.ctx.has('clusters.hidden')) return;
  const { store } = r.ctx;
  const leakToken = r.ctx.has('clusters.token-returned');
  /** Reading needs maintainer (the platform lets developers read: platform.clusters-developer-read). */
  const readLevel = r.ctx.has('platform.clusters-developer-read') ? ACCESS.developer : ACCESS.maintainer;
  /** The embedded project as the platform presents it (platform.cluster-project-basic-details). */
  const basicProject = r.ctx.has('platform.cluster-project-basic-details');

  r.op('listProjectClusters', (request, reply) => {
    const project = findProjectWithAccess(request, readLevel);
    const env = envOf(request);
    const withProject = r.ctx.has('clusters.list-embeds-project');
    const all = store.clusters.filter((c) => c.projectId === project.id);
    return paginate(request, reply, all).map((c) => clusterView(c, env, { withProject, leakToken }));
  });

  r.op('getProjectCluster', (request) => {
    const project = findProjectWithAccess(request, readLevel);
    return clusterView(findCluster(request, project), envOf(request), { withProject: true, leakToken, basicProject });
  });

  r.op('addProjectCluster', (request, reply) => {
    const source = flattened(request);
    const q = readParams(source, CREATE);
    refuseEmpty(q, [`${PK}[api_url]`, `${PK}[token]`]);
    const project = findProjectWithAccess(request, ACCESS.maintainer);
    const defaultAuthorization = r.ctx.has('clusters.default-authorization-abac') ? 'abac' : 'rbac';
    const values: Omit<ClusterRecord, 'id'> = {
      projectId: project.id,
      name: q.name,
      domain: q.domain || null,
      enabled: q.enabled ?? true,
      managed: q.managed ?? true,
      environmentScope: q.environment_scope ?? '*',
      providerType: 'user',
      platformType: 'kubernetes',
      clusterType: 'project_type',
      userId: callerOf(request).user.id,
      userAdded: true,
      apiUrl: q[`${PK}[api_url]`],
      token: q[`${PK}[token]`],
      caCert: q[`${PK}[ca_cert]`] || null,
      namespace: q[`${PK}[namespace]`] || defaultNamespace(project),
      authorizationType: q[`${PK}[authorization_type]`] ?? defaultAuthorization,
      createdAt: r.ctx.clock(),
    };
    validate(request, values);
    const cluster = store.clusters.insert(values);
    return created(request, reply, clusterView(cluster, envOf(request), { withProject: true, leakToken, basicProject }));
  });

  r.op('updateProjectCluster', (request) => {
    const q = readParams(flattened(request), UPDATE);
    refuseEmpty(q, [`${PK}[api_url]`, `${PK}[token]`]);
    const project = findProjectWithAccess(request, ACCESS.maintainer);
    const existing = findCluster(request, project);
    // name, api_url, ca_cert and token change only on clusters added through /clusters/user.
    const own = existing.userAdded;
    const values: Omit<ClusterRecord, 'id'> = {
      ...existing,
      name: (own ? q.name : undefined) ?? existing.name,
      domain: q.domain === undefined ? existing.domain : q.domain || null,
      enabled: q.enabled ?? existing.enabled,
      managed: q.managed ?? existing.managed,
      environmentScope: q.environment_scope ?? existing.environmentScope,
      apiUrl: (own ? q[`${PK}[api_url]`] : undefined) ?? existing.apiUrl,
      token: (own ? q[`${PK}[token]`] : undefined) ?? existing.token,
      caCert: own && q[`${PK}[ca_cert]`] !== undefined ? q[`${PK}[ca_cert]`] || null : existing.caCert,
      namespace: q[`${PK}[namespace]`] || existing.namespace,
    };
    validate(request, values, existing.id);
    const updated = store.clusters.update(existing.id, values) ?? existing;
    return clusterView(updated, envOf(request), { withProject: true, leakToken, basicProject });
  });

  r.op('deleteProjectCluster', (request, reply) => {
    const project = findProjectWithAccess(request, r.ctx.has('clusters.developer-can-delete') ? ACCESS.developer : ACCESS.maintainer);
    if (r.ctx.has('clusters.redelete-removes-neighbour')) removeAtLookedUpIndex(request, project);
    const cluster = findCluster(request, project);
    store.clusters.delete(cluster.id);
    return noContent(request, reply, clusterView(cluster, envOf(request), { withProject: true, basicProject }));
  });
}
