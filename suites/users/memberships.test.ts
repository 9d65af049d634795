/**
 * GET /users/:id/memberships (admin only), on a user of the file's own: a member of a private
 * group (developer) that holds a project the user is not a member of, and of a private project
 * (reporter) directly. Only the group and the direct project are listed; type narrows the kinds;
 * an unsupported type is 400; a missing user 404; a non-admin 403.
 */
import { beforeAll, describe } from 'vitest';
import {
  PER_PAGE_MAX,
  ACCESS_LEVEL,
  addMember,
  check,
  clauseTest,
  createGroup,
  createProject,
  createUser,
  missingUserId,
  requireThat,
  session,
  type CreatedUser,
  type Session,
} from '../../src/kit/index.ts';

interface Membership {
  source_id: number;
  source_name: string;
  source_type: string;
  access_level: unknown;
}
interface Source {
  id: number;
  name: string;
}

let member: CreatedUser;
let group: Source;
let groupProject: Source;
let directProject: Source;

async function memberships(s: Session, query?: Record<string, string>): Promise<Membership[]> {
  const res = await s.admin.get(`/users/${member.id}/memberships`, { query: { per_page: PER_PAGE_MAX, ...query } });
  check.status(res, 200, 'GET /users/:id/memberships by an admin MUST answer 200.');
  requireThat(Array.isArray(res.json), 'GET /users/:id/memberships MUST answer a JSON array.', 'an array', typeof res.json);
  return res.json as Membership[];
}

/** The entry of a source, found by id and name (project and group ids may coincide). */
function entryOf(list: Membership[], source: Source): Membership | undefined {
  return list.find((m) => m.source_id === source.id && m.source_name === source.name);
}

function requireListed(list: Membership[], source: Source, what: string): Membership {
  const entry = entryOf(list, source);
  requireThat(
    entry !== undefined,
    `GET /users/:id/memberships MUST list the user's direct membership of ${what}.`,
    `source_id ${source.id} (${source.name})`,
    list.map((m) => `${m.source_type} ${m.source_id}`),
  );
  return entry!;
}

describe.concurrent('user memberships', () => {
  beforeAll(async () => {
    const s = session();
    member = await createUser(s, {}, { token: false });
    const g = await createGroup(s);
    const gp = await createProject(s, { namespace_id: g.id });
    const dp = await createProject(s);
    group = { id: g.id, name: g.name };
    groupProject = { id: gp.id, name: gp.name };
    directProject = { id: dp.id, name: dp.name };
    await addMember(s, 'groups', group.id, member.id, ACCESS_LEVEL.developer);
    await addMember(s, 'projects', directProject.id, member.id, ACCESS_LEVEL.reporter);
  });

  clauseTest('users.memberships.status', 'GET /users/:id/memberships by an admin answers 200', async ({ s }) => {
    check.status(await s.admin.get(`/users/${member.id}/memberships`), 200);
  });

  clauseTest(
    'users.memberships.shape',
    'GET /users/:id/memberships answers an array of objects with source_id, source_name, source_type and access_level',
    async ({ s }) => {
      const res = await s.admin.get(`/users/${member.id}/memberships`);
      check.status(res, 200);
      const items = check.arrayOf(res, 'user.membership');
      requireThat(items.length >= 2, "The list MUST hold the user's two direct memberships.", 'at least 2 items', items.length);
    },
  );

  clauseTest(
    'users.memberships.source_type',
    'source_type is Namespace for the group membership and Project for the project membership',
    async ({ s }) => {
      const list = await memberships(s);
      const g = requireListed(list, group, 'the group');
      const p = requireListed(list, directProject, 'the project');
      requireThat(g.source_type === 'Namespace', 'A group membership MUST have source_type "Namespace".', 'Namespace', g.source_type);
      requireThat(p.source_type === 'Project', 'A project membership MUST have source_type "Project".', 'Project', p.source_type);
    },
  );

  clauseTest(
    'users.memberships.access_level',
    "access_level holds each membership's access level (30 in the group, 20 in the project)",
    async ({ s }) => {
      const list = await memberships(s);
      for (const [source, level, what] of [
        [group, ACCESS_LEVEL.developer, 'the group'],
        [directProject, ACCESS_LEVEL.reporter, 'the project'],
      ] as const) {
        const entry = requireListed(list, source, what);
        // An integer, or the same integer written as a string as in the spec's example.
        requireThat(
          Number(entry.access_level) === level,
          `The membership of ${what} MUST hold its access level.`,
          level,
          entry.access_level,
        );
      }
    },
  );

  clauseTest('users.memberships.direct_only', 'a project reached only through the group membership is not listed', async ({ s }) => {
    const list = await memberships(s);
    requireListed(list, group, 'the group');
    const inherited = list.find((m) => m.source_type === 'Project' && m.source_id === groupProject.id);
    requireThat(
      inherited === undefined,
      'GET /users/:id/memberships MUST NOT list a project the user reaches only through a group.',
      `no Project ${groupProject.id}`,
      inherited,
    );
  });

  clauseTest(
    'users.memberships.type_project',
    'type=Project lists only project memberships, type=Namespace only group memberships',
    async ({ s }) => {
      for (const [type, source, what] of [
        ['Project', directProject, 'the project'],
        ['Namespace', group, 'the group'],
      ] as const) {
        const list = await memberships(s, { type });
        requireListed(list, source, what);
        const other = list.find((m) => m.source_type !== type);
        requireThat(
          other === undefined,
          `GET /users/:id/memberships?type=${type} MUST list only ${type} memberships.`,
          `only ${type}`,
          other,
        );
      }
    },
  );

  clauseTest('users.memberships.type_invalid', 'an unsupported type answers 400', async ({ s }) => {
    check.status(await s.admin.get(`/users/${member.id}/memberships`, { query: { type: 'Group' } }), 400);
  });

  clauseTest('users.memberships.missing_404', 'GET /users/:id/memberships for a user that does not exist answers 404', async ({ s }) => {
    check.status(await s.admin.get(`/users/${await missingUserId(s)}/memberships`), 404);
  });
});
