/**
 * The dependency list of a project (alpha): GET /projects/:id/dependencies, always authenticated,
 * for callers who may read the project's security dashboard (developer and above, admins):
 * 403 below, 404 for a project the caller cannot see. package_manager[] filters (bundler,
 * composer, maven, npm, pip, yarn; another value is a 400; the platform profile accepts the
 * platform's 19 managers, cargo, nuget, conda, pub... among them). With the server option
 * `dependencyFixture` every new project holds a fixed realistic list (domain/dependency-fixture.ts).
 *
 *   GET /api/v4/projects/5/dependencies?package_manager[]=npm&package_manager[]=yarn
 *   -> 200 [{"name":"axios","version":"0.21.1","package_manager":"npm",
 *            "dependency_file_path":"package-lock.json","vulnerabilities":[...],"licenses":[...]}, ...]
 */
import { ACCESS } from '../../domain/access.ts';
import { PACKAGE_MANAGERS } from '../../domain/dependency-fixture.ts';
import type { DependencyRecord } from '../../domain/records.ts';
import { paginate } from '../../pagination.ts';
import { input, p, readParams } from '../../params.ts';
import type { Router } from '../../router.ts';
import { findProject, findProjectWithAccess } from '../../lookups.ts';

const LIST = { package_manager: p.array(p.oneOf(PACKAGE_MANAGERS), { commaSeparated: true }) };

/** The platform's Sbom::DependenciesFinder::FILTER_PACKAGE_MANAGERS_VALUES (platform.dependencies-more-package-managers). */
const PLATFORM_PACKAGE_MANAGERS = [
  'bundler',
  'yarn',
  'npm',
  'pnpm',
  'maven',
  'composer',
  'pip',
  'conan',
  'go',
  'nuget',
  'sbt',
  'gradle',
  'pipenv',
  'poetry',
  'setuptools',
  'apk',
  'conda',
  'pub',
  'cargo',
] as const;
const PLATFORM_LIST = { package_manager: p.array(p.oneOf(PLATFORM_PACKAGE_MANAGERS), { commaSeparated: true }) };
/** Any names (deps.unknown-manager-dropped: a faulty server drops the names it does not know instead of refusing them). */
const ANY_LIST = { package_manager: p.array(p.string(), { commaSeparated: true }) };

export function dependencyView(d: DependencyRecord) {
  return {
    name: d.name,
    version: d.version,
    package_manager: d.packageManager,
    dependency_file_path: d.dependencyFilePath,
    vulnerabilities: d.vulnerabilities,
    licenses: d.licenses,
  };
}

export function registerDependencies(r: Router): void {
  const { store } = r.ctx;
  /** Security-dashboard readers: developer and above (a faulty server lets guests in). */
  const level = r.ctx.has('deps.guest-reads') ? ACCESS.guest : ACCESS.developer;

  const list = r.ctx.has('platform.dependencies-more-package-managers') ? PLATFORM_LIST : LIST;
  const dropsUnknown = r.ctx.has('deps.unknown-manager-dropped');
  const known: readonly string[] = list === PLATFORM_LIST ? PLATFORM_PACKAGE_MANAGERS : PACKAGE_MANAGERS;

  // Authentication is always required, even for a public project.
  r.op('listProjectDependencies', (request, reply) => {
    const q: { package_manager?: readonly string[] } = readParams(input(request), dropsUnknown ? ANY_LIST : list);
    const project = request.caller ? findProjectWithAccess(request, level) : findProject(request);
    const given = dropsUnknown ? q.package_manager?.filter((m) => known.includes(m)) : q.package_manager;
    const managers: readonly string[] | undefined = r.ctx.has('deps.filter-ignored') ? undefined : given;
    const found = store.dependencies.filter(
      (d) => d.projectId === project.id && (managers === undefined || managers.length === 0 || managers.includes(d.packageManager)),
    );
    return paginate(request, reply, found).map(dependencyView);
  });
}
