/**
 * Dependency fixtures. The list comes from a dependency scanner, which the kit cannot run: the
 * clauses about its items read the project named by CONFORMANCE_DEPENDENCY_PROJECT (id or full
 * path), or else a project the kit creates when the target fills new projects with a list (the
 * bundled reference does); with neither they are skipped with that reason.
 *
 *   const data = await dependencyData(s, skip); // { path: '/projects/7/dependencies', items: [...] }
 *   const all = await readAll(s, data.path, { package_manager: ['npm'] });
 */
import { PER_PAGE_MAX, check, createProject, requireThat, type Session } from '../../src/kit/index.ts';

export const MANAGERS = ['bundler', 'composer', 'maven', 'npm', 'pip', 'yarn'] as const;

export interface Dependency {
  name: string;
  version: string;
  package_manager: string;
  dependency_file_path: string;
}

const NO_DATA =
  'no dependency list to read: set CONFORMANCE_DEPENDENCY_PROJECT to a project with dependency-scanning results (a new project of the target has none)';

/** Every item of a dependency list, page by page (per_page at its maximum). */
export async function readAll(s: Session, path: string, query: Record<string, unknown> = {}): Promise<Dependency[]> {
  const all: Dependency[] = [];
  for (let page = 1; page <= 100; page++) {
    const res = await s.admin.get(path, { query: { ...query, per_page: PER_PAGE_MAX, page } });
    check.status(res, 200);
    requireThat(Array.isArray(res.json), 'The dependency list MUST be a JSON array.', 'an array', typeof res.json);
    all.push(...(res.json as Dependency[]));
    if ((res.json as unknown[]).length < PER_PAGE_MAX) break;
  }
  return all;
}

let cached: Promise<{ path: string; items: Dependency[]; source: string } | undefined> | undefined;

async function find(s: Session): Promise<{ path: string; items: Dependency[]; source: string } | undefined> {
  const configured = s.target.dependencyProject;
  if (configured) {
    const path = `/projects/${encodeURIComponent(configured)}/dependencies`;
    const items = await readAll(s, path);
    return items.length > 0 ? { path, items, source: `CONFORMANCE_DEPENDENCY_PROJECT ${configured}` } : undefined;
  }
  const project = await createProject(s);
  const path = `/projects/${project.id}/dependencies`;
  const items = await readAll(s, path);
  return items.length > 0 ? { path, items, source: 'a new project of the target' } : undefined;
}

/** A dependency list with items, or a skip saying why there is none. */
export async function dependencyData(
  s: Session,
  skip: (reason: string) => never,
): Promise<{ path: string; items: Dependency[]; source: string }> {
  cached ??= find(s);
  const data = await cached;
  if (!data) {
    skip(
      s.target.dependencyProject ? `the dependency list of CONFORMANCE_DEPENDENCY_PROJECT ${s.target.dependencyProject} is empty` : NO_DATA,
    );
  }
  return data!;
}
