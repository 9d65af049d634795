/**
 * Namespaces: groups (with subgroups through parentId) and personal user namespaces, one id
 * sequence. Paths, names and lookups by id or URL-decoded full path.
 *
 *   fullPath(store, subgroup);            // 'parent/child'
 *   findGroup(store, 'parent/child');     // by full path, case-insensitive
 *   findGroup(store, '12');               // by id
 */
import { placeKey, type Store } from '../store.ts';
import type { NamespaceRecord, ProjectRecord } from './records.ts';

/** The path rule of every namespace and project path (a username is one). */
export const NAMESPACE_PATH = /^[a-zA-Z0-9_.][a-zA-Z0-9_.-]*$/;
export const NAMESPACE_PATH_TEXT =
  "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.";

export function validNamespacePath(path: string): boolean {
  return NAMESPACE_PATH.test(path) && !/(\.|\.git|\.atom)$/i.test(path);
}

/** The namespace and its ancestors, root last. */
export function lineage(store: Store, ns: NamespaceRecord): NamespaceRecord[] {
  const out: NamespaceRecord[] = [];
  let cur: NamespaceRecord | undefined = ns;
  while (cur && out.length < 100) {
    out.push(cur);
    cur = cur.parentId === null ? undefined : store.namespaces.get(cur.parentId);
  }
  return out;
}

export function fullPath(store: Store, ns: NamespaceRecord): string {
  return lineage(store, ns)
    .reverse()
    .map((n) => n.path)
    .join('/');
}

export function fullName(store: Store, ns: NamespaceRecord): string {
  return lineage(store, ns)
    .reverse()
    .map((n) => n.name)
    .join(' / ');
}

/** A project's full path: its namespace's full path and its own ('group/sub/app'). */
export function projectFullPath(store: Store, project: ProjectRecord): string {
  const ns = store.namespaces.get(project.namespaceId);
  return ns ? `${fullPath(store, ns)}/${project.path}` : project.path;
}

/** A project by id (digits) or full path, in any case. */
export function findProjectByIdOrPath(store: Store, value: string): ProjectRecord | undefined {
  if (/^\d+$/.test(value)) return store.projects.get(Number(value));
  const wanted = value.toLowerCase();
  return store.projects.find((pr) => projectFullPath(store, pr).toLowerCase() === wanted);
}

/** The namespace at a full path (case-insensitive), found level by level from the top: no scan of all namespaces. */
export function findNamespaceByPath(store: Store, path: string): NamespaceRecord | undefined {
  let level: readonly NamespaceRecord[] = [];
  let parents: (number | null)[] = [null];
  for (const segment of path.split('/')) {
    level = parents.flatMap((parentId) => store.namespacesByPlace.get(placeKey(parentId, segment)));
    if (level.length === 0) return undefined;
    parents = level.map((n) => n.id);
  }
  return level.reduce((first, n) => (n.id < first.id ? n : first));
}

/** A top-level group whose path is `path` in any case (user names may not take one). */
export function topLevelGroupAt(store: Store, path: string): NamespaceRecord | undefined {
  return store.namespacesByPlace.get(placeKey(null, path)).find((n) => n.kind === 'group');
}

/** A group by id (digits) or full path; personal namespaces are not groups. */
export function findGroup(store: Store, idOrPath: string): NamespaceRecord | undefined {
  const ns = /^\d+$/.test(idOrPath) ? store.namespaces.get(Number(idOrPath)) : findNamespaceByPath(store, idOrPath);
  return ns?.kind === 'group' ? ns : undefined;
}

/** Groups strictly below `group`, at any depth. */
export function descendants(store: Store, group: NamespaceRecord): NamespaceRecord[] {
  const out: NamespaceRecord[] = [];
  const queue = [group.id];
  while (queue.length > 0) {
    const parentId = queue.shift();
    for (const child of store.namespaces.filter((n) => n.parentId === parentId)) {
      out.push(child);
      queue.push(child.id);
    }
  }
  return out;
}

/** Is `parentId/path` taken by a namespace or a project (case-insensitive)? */
export function pathTaken(store: Store, parentId: number | null, path: string): boolean {
  const wanted = path.toLowerCase();
  if (store.namespacesByPlace.get(placeKey(parentId, path)).length > 0) return true;
  return parentId !== null && store.projects.find((p) => p.namespaceId === parentId && p.path.toLowerCase() === wanted) !== undefined;
}
