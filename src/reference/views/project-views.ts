/**
 * Views of projects and namespaces as the platform shows them (the spec's Project shape plus
 * the common extras: visibility, owner, creator_id, topics; once marked for deletion, the dates
 * of the mark, as the platform: marked_for_deletion_at and _on of a project, _on of a group).
 *
 *   projectView(project, env) // { id, name, path_with_namespace: 'grp/proj', namespace: {...}, ... }
 */
import type { ViewEnv } from '../context.ts';
import { fullName, fullPath, projectFullPath as fullProjectPath } from '../domain/namespaces.ts';
import type { NamespaceRecord, ProjectRecord } from '../domain/records.ts';
import { userPublicView } from './user-views.ts';

export function namespaceWebUrl(ns: NamespaceRecord, env: ViewEnv): string {
  const path = fullPath(env.store, ns);
  return ns.kind === 'group' ? `${env.base}/groups/${path}` : `${env.base}/${path}`;
}

export function namespaceView(ns: NamespaceRecord, env: ViewEnv) {
  return {
    id: ns.id,
    name: ns.name,
    path: ns.path,
    kind: ns.kind,
    full_path: fullPath(env.store, ns),
    parent_id: ns.parentId,
    avatar_url: null,
    web_url: namespaceWebUrl(ns, env),
  };
}

export function projectFullPath(project: ProjectRecord, env: Pick<ViewEnv, 'store'>): string {
  return fullProjectPath(env.store, project);
}

export function projectView(project: ProjectRecord, env: ViewEnv) {
  const ns = env.store.namespaces.get(project.namespaceId);
  const pathWithNamespace = projectFullPath(project, env);
  const hostname = env.host.replace(/:\d+$/, '');
  const owner = ns?.kind === 'user' && ns.ownerId !== null ? env.store.users.get(ns.ownerId) : undefined;
  return {
    id: project.id,
    description: project.description,
    name: project.name,
    name_with_namespace: ns ? `${fullName(env.store, ns)} / ${project.name}` : project.name,
    path: project.path,
    path_with_namespace: pathWithNamespace,
    created_at: env.fmt.datetime(project.createdAt),
    default_branch: null,
    tag_list: project.topics,
    topics: project.topics,
    ssh_url_to_repo: `git@${hostname}:${pathWithNamespace}.git`,
    http_url_to_repo: `${env.base}/${pathWithNamespace}.git`,
    web_url: `${env.base}/${pathWithNamespace}`,
    readme_url: null,
    avatar_url: null,
    forks_count: 0,
    star_count: 0,
    last_activity_at: env.fmt.datetime(project.lastActivityAt),
    namespace: ns ? namespaceView(ns, env) : null,
    visibility: project.visibility,
    ...(owner ? { owner: userPublicView(owner, env) } : {}),
    creator_id: project.creatorId,
    empty_repo: true,
    archived: project.markedForDeletionAt !== undefined,
    open_issues_count: 0,
    ...(project.markedForDeletionAt
      ? {
          marked_for_deletion_at: env.fmt.date(project.markedForDeletionAt),
          marked_for_deletion_on: env.fmt.date(project.markedForDeletionAt),
        }
      : {}),
  };
}

export function groupView(group: NamespaceRecord, env: ViewEnv) {
  return {
    id: group.id,
    web_url: namespaceWebUrl(group, env),
    name: group.name,
    path: group.path,
    description: group.description,
    visibility: group.visibility,
    share_with_group_lock: false,
    require_two_factor_authentication: false,
    two_factor_grace_period: 48,
    project_creation_level: 'developer',
    auto_devops_enabled: null,
    subgroup_creation_level: 'maintainer',
    emails_disabled: false,
    emails_enabled: true,
    mentions_disabled: null,
    lfs_enabled: true,
    default_branch_protection: 2,
    avatar_url: null,
    request_access_enabled: true,
    full_name: fullName(env.store, group),
    full_path: fullPath(env.store, group),
    created_at: env.fmt.datetime(group.createdAt),
    parent_id: group.parentId,
    ...(group.markedForDeletionAt ? { marked_for_deletion_on: env.fmt.date(group.markedForDeletionAt) } : {}),
  };
}
