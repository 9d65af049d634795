/**
 * The declared variations of dependencies (dependencies.ts): each fault once, with the clause it
 * breaks and the suites that catch it, and the capability its server option switches on.
 * Behaviour a declaration carries is applied at the shared variation points; the rest is asked
 * for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=deps.guest-reads npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const DEPENDENCIES_VARIATIONS = [
  {
    id: 'deps.guest-reads',
    kind: 'fault',
    description: 'a guest member may read the dependency list (security dashboard needs developer)',
    clause: 'deps.auth.security_dashboard',
    suites: ['suites/auth/matrix.test.ts'],
  },
  {
    id: 'deps.filter-ignored',
    kind: 'fault',
    description: 'package_manager[] is ignored: every dependency is listed',
    clause: 'deps.filter.package_manager',
    suites: ['suites/dependencies/list.test.ts'],
  },
  {
    id: 'deps.unknown-manager-dropped',
    kind: 'fault',
    description:
      'a package_manager value outside the list is dropped instead of refused: the known values filter, and an unknown one alone lists every dependency (200)',
    clause: 'deps.filter.invalid',
    suites: ['suites/dependencies/list.test.ts'],
  },
  {
    id: 'deps.public-without-auth',
    kind: 'fault',
    description: 'the dependency list of a public project is served without credentials',
    clause: 'deps.auth.unauthenticated',
    suites: ['suites/auth/matrix.test.ts'],
    routeAuth: { 'GET /projects/:id/dependencies': 'public' },
  },
  {
    id: 'platform.dependencies-more-package-managers',
    kind: 'platform',
    description:
      'package_manager[] accepts the 19 managers of current releases (bundler, yarn, npm, pnpm, maven, composer, pip, conan, go, nuget, sbt, gradle, pipenv, poetry, setuptools, apk, conda, pub, cargo), where the spec lists six; another value is still a 400 (no clause departs: the kit refuses a value no release accepts)',
    suites: ['suites/dependencies/list.test.ts'],
    source:
      'ee/lib/api/dependencies.rb (values: ::Sbom::DependenciesFinder::FILTER_PACKAGE_MANAGERS_VALUES); ee/app/finders/sbom/dependencies_finder.rb',
    fidelity:
      "`package_manager[]` accepts the 19 managers of current releases (cargo, nuget, conda, pub… beside the spec's six); another value is still a 400. No clause departs: the kit refuses a value no release accepts.",
    known: [],
    expires: '2027-06-30',
  },
  {
    id: 'platform.dependency-without-version',
    kind: 'platform',
    description:
      'a dependency the scanner found without a version is listed with version null; the fixture list (deps.fixture) holds one such row, a pip requirement (data-dependent: only a list holding a versionless component shows it)',
    suites: ['suites/dependencies/list.test.ts'],
    source:
      'ee/lib/api/entities/dependency.rb (expose :version, raw); ee/app/models/sbom/occurrence.rb (delegate :version, to: :component_version, allow_nil: true; with_version is a preload, not a filter); ee/lib/api/dependencies.rb (no filter of versionless occurrences)',
    fidelity:
      "A dependency found without a version is listed with `version` null, where the spec types it as a string. Data-dependent: only a dependency list holding a versionless component shows it (the platform profile's fixture list holds one, a pip requirement); its baseline entry is marked `dataDependent`, so a target without such data leaves it unused, not stale.",
    known: [
      {
        resource: 'dependency',
        fields: ['version'],
        dataDependent: true,
        reason:
          'A dependency the scanner found without a version has version null (ee/lib/api/entities/dependency.rb exposes the component version raw; ee/app/models/sbom/occurrence.rb delegates it with allow_nil). Data-dependent: only a dependency list holding a versionless component shows it.',
      },
    ],
    expires: '2027-06-30',
  },
  {
    id: 'deps.fixture',
    kind: 'capability',
    description: 'every new project gets a fixed, realistic dependency list across the six package managers',
    option: 'dependencyFixture',
    env: 'REFERENCE_DEPENDENCY_FIXTURE',
  },
] as const satisfies readonly Variation[];
