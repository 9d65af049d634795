/**
 * Project resources in the pagination table: the variables and the clusters of a fresh project,
 * both exact collections (variables have no id: they are told apart by key), and the run's own
 * projects found by a search tag.
 *
 *   COLLECTIONS = [..., ...PROJECT_COLLECTIONS];
 */
import { PER_PAGE_MAX, createGroup, createProject, type Session } from '../../src/kit/index.ts';
import { addCluster, HIDDEN_REASON } from '../clusters/fixtures.ts';
import { variableKey, variablesProject } from '../variables/fixtures.ts';
import type { Collection } from './collection.ts';

function variablesOfOwnProject(): Collection {
  let projectId: number | undefined;
  let size = 0;
  return {
    name: 'project variables',
    operationId: 'listProjectVariables',
    itemKey: (v) => v.key,
    path: () => `/projects/${projectId}/variables`,
    async fill(s, n) {
      projectId ??= (await variablesProject(s)).id as number;
      while (size < n) {
        const res = await s.admin.post(`/projects/${projectId}/variables`, {
          json: { key: variableKey(s, 'page'), value: `value-${size + 1}` },
        });
        if (res.status !== 201) throw new Error(`cannot create a project variable: ${res.status}`);
        size += 1;
      }
      return size;
    },
  };
}

/**
 * One environment scope per cluster. Absent when the target hides the cluster API, or keeps every
 * cluster at scope "*" (then a project holds one cluster only).
 */
function clustersOfOwnProject(): Collection {
  let projectId: number | undefined;
  let size = 0;
  const add = (s: Session) => addCluster(s, projectId!, { environment_scope: `kit/${size + 1}` });
  return {
    name: 'project clusters',
    operationId: 'listProjectClusters',
    path: () => `/projects/${projectId}/clusters`,
    async unavailable(s) {
      projectId ??= (await createProject(s)).id as number;
      if ((await s.admin.get(`/projects/${projectId}/clusters`)).status === 404) return HIDDEN_REASON;
      if (size > 0) return undefined;
      const { res } = await add(s);
      if (res.status === 201) size += 1;
      if (res.status === 201 && res.json.environment_scope === '*') {
        return 'the target keeps every cluster at environment_scope "*" (a higher-tier feature), so a project holds one cluster only';
      }
      return undefined;
    },
    async fill(s, n) {
      while (size < n) {
        const { res } = await add(s);
        if (res.status !== 201) throw new Error(`cannot add a cluster: ${res.status}`);
        size += 1;
      }
      return size;
    },
  };
}

/**
 * GET /projects filtered by search=<a tag of this collection>: the run's projects, named with the
 * tag, in a private group. The spec lists no filters of GET /projects, so the collection is used
 * only where search isolates: the first project made must come back alone; otherwise its tests
 * are skipped with the reason.
 */
function projectsOfOwnTag(): Collection {
  let tag = '';
  let groupId: number | undefined;
  const made: number[] = [];
  const add = async (s: Session) => {
    groupId ??= (await createGroup(s)).id as number;
    const path = `${tag}-${made.length + 1}`;
    made.push((await createProject(s, { name: path, path, namespace_id: groupId })).id as number);
  };
  return {
    name: 'projects (search filter)',
    path: () => '/projects',
    get query() {
      return { search: tag };
    },
    async unavailable(s) {
      tag ||= s.name('pgp').toLowerCase();
      if (made.length === 0) await add(s);
      const res = await s.admin.get('/projects', { query: { search: tag, per_page: PER_PAGE_MAX } });
      const found = Array.isArray(res.json) ? (res.json as { id: unknown }[]).map((p) => Number(p.id)) : [];
      if (res.status !== 200 || found.length !== made.length || !made.every((id) => found.includes(id))) {
        return `GET /projects?search=<tag> does not isolate the run's projects on this target (status ${res.status}, ${found.length} found for ${made.length} made); the spec defines no filter of GET /projects`;
      }
      return undefined;
    },
    async fill(s, n) {
      while (made.length < n) await add(s);
      return made.length;
    },
  };
}

export const PROJECT_COLLECTIONS: Collection[] = [variablesOfOwnProject(), clustersOfOwnProject(), projectsOfOwnTag()];
