/**
 * The dependency list a reference project gets when the server option `dependencyFixture` is on
 * (REFERENCE_DEPENDENCY_FIXTURE=1): a fixed, realistic scan result across the six package
 * managers the API filters on, a few with known vulnerabilities.
 *
 *   fillDependencies(store, project.id); // 18 rows, 3 per package manager
 *   fillDependencies(store, project.id, { versionless: true }); // and one pip row with version null (platform profile)
 */
import type { Store } from '../store.ts';
import type { DependencyRecord } from './records.ts';

export const PACKAGE_MANAGERS = ['bundler', 'composer', 'maven', 'npm', 'pip', 'yarn'] as const;

type Row = Omit<DependencyRecord, 'id' | 'projectId'>;

const MIT = { name: 'MIT', url: 'https://opensource.org/licenses/MIT' };
const APACHE = { name: 'Apache-2.0', url: 'https://opensource.org/licenses/Apache-2.0' };
const BSD3 = { name: 'BSD-3-Clause', url: 'https://opensource.org/licenses/BSD-3-Clause' };
const EPL = { name: 'EPL-1.0', url: 'https://opensource.org/licenses/EPL-1.0' };

const dep = (
  packageManager: string,
  dependencyFilePath: string,
  name: string,
  version: string,
  license: { name: string; url: string },
  vulnerabilities: Row['vulnerabilities'] = [],
): Row => ({ name, version, packageManager, dependencyFilePath, vulnerabilities, licenses: [license] });

export const DEPENDENCY_FIXTURE: readonly Row[] = [
  dep('bundler', 'Gemfile.lock', 'nokogiri', '1.13.9', MIT, [
    { name: 'Nokogiri vulnerable to an integer overflow in libxml2 (CVE-2022-40304)', severity: 'high' },
  ]),
  dep('bundler', 'Gemfile.lock', 'rack', '2.2.6.4', MIT),
  dep('bundler', 'Gemfile.lock', 'rails', '6.1.7.3', MIT),
  dep('composer', 'composer.lock', 'guzzlehttp/guzzle', '7.5.0', MIT),
  dep('composer', 'composer.lock', 'laravel/framework', 'v8.83.27', MIT),
  dep('composer', 'composer.lock', 'monolog/monolog', '2.9.1', MIT),
  dep('maven', 'pom.xml', 'com.fasterxml.jackson.core/jackson-databind', '2.13.4.2', APACHE),
  dep('maven', 'pom.xml', 'junit/junit', '4.13.2', EPL),
  dep('maven', 'pom.xml', 'org.apache.logging.log4j/log4j-core', '2.14.1', APACHE, [
    { name: 'Remote code injection in Log4j (CVE-2021-44228)', severity: 'critical' },
  ]),
  dep('npm', 'package-lock.json', 'axios', '0.21.1', MIT, [
    { name: 'Server-Side Request Forgery in axios (CVE-2020-28168)', severity: 'medium' },
  ]),
  dep('npm', 'package-lock.json', 'express', '4.18.2', MIT),
  dep('npm', 'package-lock.json', 'lodash', '4.17.20', MIT, [{ name: 'Command injection in lodash (CVE-2021-23337)', severity: 'high' }]),
  dep('pip', 'requirements.txt', 'Django', '3.2.18', BSD3),
  dep('pip', 'requirements.txt', 'requests', '2.28.2', APACHE),
  dep('pip', 'requirements.txt', 'urllib3', '1.26.14', MIT),
  dep('yarn', 'web/yarn.lock', 'minimist', '1.2.5', MIT, [
    { name: 'Prototype pollution in minimist (CVE-2021-44906)', severity: 'critical' },
  ]),
  dep('yarn', 'web/yarn.lock', 'react', '18.2.0', MIT),
  dep('yarn', 'web/yarn.lock', 'webpack', '5.75.0', MIT),
];

/**
 * The platform profile's extra row (platform.dependency-without-version): an unpinned requirement
 * the scanner found without a version, as the platform lists it (version null).
 */
export const VERSIONLESS_DEPENDENCY: Row = {
  name: 'gunicorn',
  version: null,
  packageManager: 'pip',
  dependencyFilePath: 'requirements.txt',
  vulnerabilities: [],
  licenses: [MIT],
};

/** Gives the project the fixed list (on creation, when the option is on), with the versionless row when asked. */
export function fillDependencies(store: Store, projectId: number, options: { versionless?: boolean } = {}): void {
  for (const row of options.versionless ? [...DEPENDENCY_FIXTURE, VERSIONLESS_DEPENDENCY] : DEPENDENCY_FIXTURE) {
    store.dependencies.insert({ ...row, projectId, vulnerabilities: [...row.vulnerabilities], licenses: [...row.licenses] });
  }
}
