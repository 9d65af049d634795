/**
 * The dependency list of a project: 200 and a JSON array for a security-dashboard reader (a
 * developer member), the fields of each dependency, the package_manager[] filter (array form)
 * and the 400 on an unsupported manager (a name no release accepts). Who is refused (anonymous
 * 401, a guest member without security-dashboard access 403) is the authorization matrix's
 * (suites/auth/matrix.test.ts).
 */
import { beforeAll, describe } from 'vitest';
import {
  ACCESS_LEVEL,
  addMember,
  check,
  clauseTest,
  createProject,
  createUser,
  requireThat,
  session,
  type CreatedUser,
} from '../../src/kit/index.ts';
import { dependencyData, MANAGERS, readAll } from './fixtures.ts';

/**
 * A package manager outside the spec's six that no release accepts either: newer releases take
 * more managers than the spec lists (cargo, nuget, conda, pub... are valid there), so only a value
 * outside every release's list shows the refusal the clause asks for.
 */
const UNKNOWN_MANAGER = 'kit-unknown-manager';

describe.concurrent('GET /projects/:id/dependencies', () => {
  let member: CreatedUser;
  beforeAll(async () => {
    member = await createUser(session());
  });

  clauseTest('deps.list.status', 'a developer member (a security-dashboard reader) gets 200', async ({ s }) => {
    const project = await createProject(s);
    await addMember(s, 'projects', project.id, member.id, ACCESS_LEVEL.developer);
    check.status(await member.client.get(`/projects/${project.id}/dependencies`), 200);
  });

  clauseTest('deps.list.shape', 'the answer is a JSON array of dependency objects', async ({ s }) => {
    const project = await createProject(s);
    const res = await s.admin.get(`/projects/${project.id}/dependencies`);
    check.status(res, 200);
    check.arrayOf(res, 'dependency');
  });

  clauseTest(
    'deps.field.shape',
    'each dependency has name, version, package_manager and dependency_file_path (strings)',
    async ({ s, skip }) => {
      const { items, source } = await dependencyData(s, skip);
      items.forEach((item, i) => check.schema(item, 'dependency', `Dependency ${i} of ${source}`));
    },
  );

  clauseTest(
    'deps.filter.package_manager',
    'package_manager[]=M lists exactly the dependencies of M, and two values list both',
    async ({ s, skip }) => {
      const { path, items } = await dependencyData(s, skip);
      const present = MANAGERS.filter((m) => items.some((d) => d.package_manager === m));
      if (present.length === 0) skip(`the dependency list holds none of the managers the filter takes (${MANAGERS.join(', ')})`);
      const count = (wanted: readonly string[]) => items.filter((d) => wanted.includes(d.package_manager)).length;
      const sets: string[][] = present.length >= 2 ? [[present[0]!], [present[0]!, present[1]!]] : [[present[0]!]];
      for (const wanted of sets) {
        const got = await readAll(s, path, { package_manager: wanted });
        const strays = got.filter((d) => !wanted.includes(d.package_manager)).map((d) => `${d.name} (${d.package_manager})`);
        requireThat(
          strays.length === 0,
          `package_manager[]=${wanted.join('&package_manager[]=')} MUST list only dependencies of ${wanted.join(' and ')}.`,
          'none of another manager',
          strays,
        );
        requireThat(
          got.length === count(wanted),
          `package_manager[]=${wanted.join('&package_manager[]=')} MUST list every dependency of ${wanted.join(' and ')}.`,
          count(wanted),
          got.length,
        );
      }
    },
  );

  clauseTest(
    'deps.filter.invalid',
    'package_manager[]=kit-unknown-manager (a value no release accepts) answers 400, alone and beside npm',
    async ({ s }) => {
      const project = await createProject(s);
      const list = (managers: string[]) => s.admin.get(`/projects/${project.id}/dependencies`, { query: { package_manager: managers } });
      check.status(await list([UNKNOWN_MANAGER]), 400, `An unsupported package_manager value (${UNKNOWN_MANAGER}) MUST answer 400.`);
      check.status(await list(['npm', UNKNOWN_MANAGER]), 400, 'One unsupported value among valid ones MUST also answer 400.');
    },
  );
});
