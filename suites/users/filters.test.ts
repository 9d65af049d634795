/**
 * GET /users filters, each proven with users the test made under its own tag (combined with
 * search=<tag> or an exact username, since other files create users in parallel): search by
 * name and by e-mail, username (exact, any case), active, blocked, and the admin-only external,
 * two_factor, without_projects, extern_uid + provider and created_before/after; and a + in the
 * query string read as a space.
 */
import { describe } from 'vitest';
import {
  PER_PAGE_MAX,
  ACCESS_LEVEL,
  addMember,
  check,
  clauseTest,
  createProject,
  requireThat,
  waitPastTimestamp,
  type Session,
} from '../../src/kit/index.ts';
import { adminView, eventually, listUsers, tagged, userTag } from './account-fixtures.ts';

/** The requirement that a filtered list holds `wanted` and leaves out `unwanted`. */
function requireSelection(usernames: string[], wanted: string[], unwanted: string[], filter: string): void {
  for (const u of wanted) {
    requireThat(usernames.includes(u), `GET /users?${filter} MUST list ${u}.`, `a list with ${u}`, usernames);
  }
  for (const u of unwanted) {
    requireThat(!usernames.includes(u), `GET /users?${filter} MUST leave out ${u}.`, `a list without ${u}`, usernames);
  }
}

async function block(s: Session, id: number): Promise<void> {
  check.status(await s.admin.post(`/users/${id}/block`), 201, 'POST /users/:id/block (set-up) MUST answer 201.');
}

describe.concurrent('GET /users filters for every caller', () => {
  clauseTest('users.list.filter.search_name', 'search=<part of a name> lists the users whose name matches', async ({ s }) => {
    const tag = userTag(s, 'sn');
    const word = `${tag}-word`;
    const a = await tagged(s, tag, 'a', { name: `Kit Searched ${word} Person` });
    const b = await tagged(s, userTag(s, 'other'), 'b');
    const { usernames } = await listUsers(s.admin, { search: word });
    requireSelection(usernames, [a.username], [b.username], `search=${word}`);
  });

  clauseTest('users.list.filter.search_email', 'search=<an e-mail address> lists the user with that primary e-mail', async ({ s }) => {
    const local = userTag(s, 'mailbox');
    const a = await tagged(s, userTag(s, 'se'), 'a', { email: `${local}@example.com` });
    const b = await tagged(s, userTag(s, 'se'), 'b');
    requireThat(
      !a.username.includes(local) && !a.name.includes(local),
      'set-up: only the e-mail holds the searched text',
      local,
      a.username,
    );
    const { usernames } = await listUsers(s.admin, { search: `${local}@example.com` });
    requireSelection(usernames, [a.username], [b.username], `search=${local}@example.com`);
  });

  clauseTest('users.list.filter.username', 'username=<u> answers an array holding exactly that user', async ({ s }) => {
    const tag = userTag(s, 'un');
    const a = await tagged(s, tag, 'a');
    await tagged(s, tag, 'ab');
    for (const client of [s.user, s.admin]) {
      const { res, usernames } = await listUsers(client, { username: a.username });
      requireThat(
        usernames.length === 1 && usernames[0] === a.username && res.json[0].id === a.id,
        'GET /users?username=U MUST answer exactly the user U.',
        [a.username],
        usernames,
      );
    }
  });

  clauseTest('users.list.filter.username_case', 'the username lookup ignores case: username=<U in upper case> finds u', async ({ s }) => {
    const a = await tagged(s, userTag(s, 'uc'), 'a');
    const upper = a.username.toUpperCase();
    const { usernames } = await listUsers(s.user, { username: upper });
    requireThat(
      usernames.length === 1 && usernames[0] === a.username,
      `GET /users?username=${upper} MUST find ${a.username}.`,
      [a.username],
      usernames,
    );
  });

  clauseTest('users.list.filter.active', 'active=true lists active users and leaves out blocked ones', async ({ s }) => {
    const tag = userTag(s, 'act');
    const a = await tagged(s, tag, 'a');
    const b = await tagged(s, tag, 'b');
    await block(s, b.id);
    const { res, usernames } = await listUsers(s.admin, { search: tag, active: true });
    requireSelection(usernames, [a.username], [b.username], `search=${tag}&active=true`);
    for (const u of res.json)
      requireThat(u.state !== 'blocked', 'GET /users?active=true MUST NOT list blocked users.', 'no blocked user', u);
  });

  clauseTest('users.list.filter.blocked', 'blocked=true lists only blocked users', async ({ s }) => {
    const tag = userTag(s, 'blk');
    const a = await tagged(s, tag, 'a');
    const b = await tagged(s, tag, 'b');
    await block(s, b.id);
    const { res, usernames } = await listUsers(s.admin, { search: tag, blocked: true });
    requireSelection(usernames, [b.username], [a.username], `search=${tag}&blocked=true`);
    for (const u of res.json)
      requireThat(u.state === 'blocked', 'GET /users?blocked=true MUST list blocked users only.', 'blocked', u.state);
  });

  clauseTest(
    'conv.query.plus_is_space',
    'an unencoded + in the query is a space: search=<tag>+Jane+Doe finds "<tag> Jane Doe"',
    async ({ s }) => {
      const tag = userTag(s, 'plus');
      const a = await tagged(s, tag, 'a', { name: `${tag} Jane Doe` });
      const raw = `search=${tag}+Jane+Doe&per_page=${PER_PAGE_MAX}`;
      const { usernames } = await listUsers(s.admin, raw);
      requireThat(
        usernames.includes(a.username),
        `GET /users?${raw} MUST read + as a space and find the name "${tag} Jane Doe".`,
        `a list with ${a.username}`,
        usernames,
      );
    },
  );
});

describe.concurrent('GET /users filters for an admin', () => {
  clauseTest('users.list.filter.external', 'external=true lists only external users', async ({ s }) => {
    const tag = userTag(s, 'ext');
    const a = await tagged(s, tag, 'a', { external: true });
    const b = await tagged(s, tag, 'b');
    const { res, usernames } = await listUsers(s.admin, { search: tag, external: true });
    requireSelection(usernames, [a.username], [b.username], `search=${tag}&external=true`);
    for (const u of res.json) requireThat(u.external === true, 'GET /users?external=true MUST list external users only.', true, u.external);
  });

  clauseTest(
    'users.list.filter.two_factor_disabled',
    'two_factor=disabled lists only users without two-factor authentication',
    async ({ s }) => {
      const tag = userTag(s, 'tfa');
      const a = await tagged(s, tag, 'a');
      const { res, usernames } = await listUsers(s.admin, { search: tag, two_factor: 'disabled' });
      requireSelection(usernames, [a.username], [], `search=${tag}&two_factor=disabled`);
      const all = await listUsers(s.admin, { two_factor: 'disabled' });
      for (const u of [...res.json, ...all.res.json]) {
        requireThat(
          u.two_factor_enabled === false,
          'GET /users?two_factor=disabled MUST list only users without two-factor authentication.',
          false,
          u.two_factor_enabled,
        );
      }
    },
  );

  clauseTest(
    'users.list.filter.without_projects',
    'without_projects=true leaves out users with a project; without it they are listed',
    async ({ s }) => {
      const tag = userTag(s, 'wp');
      const a = await tagged(s, tag, 'a');
      const b = await tagged(s, tag, 'b');
      const project = await createProject(s);
      await addMember(s, 'projects', project.id, a.id, ACCESS_LEVEL.developer);
      const filtered = await eventually(
        () => listUsers(s.admin, { search: tag, without_projects: true }),
        (r) => !r.usernames.includes(a.username),
        10_000,
      );
      requireSelection(filtered.usernames, [b.username], [a.username], `search=${tag}&without_projects=true`);
      const all = await listUsers(s.admin, { search: tag });
      requireSelection(all.usernames, [a.username, b.username], [], `search=${tag} (without_projects defaults to false)`);
    },
  );

  clauseTest('users.list.filter.extern_uid', 'extern_uid=E&provider=P answers the user with that external identity', async ({ s }) => {
    const tag = userTag(s, 'eu');
    const uid = `${tag}-uid`;
    const a = await tagged(s, tag, 'a', { extern_uid: uid, provider: 'conformance-kit' });
    await tagged(s, tag, 'b', { extern_uid: uid, provider: 'conformance-kit-other' });
    const { usernames } = await listUsers(s.admin, { extern_uid: uid, provider: 'conformance-kit' });
    requireThat(
      usernames.length === 1 && usernames[0] === a.username,
      'GET /users?extern_uid=E&provider=P MUST answer exactly the user with that identity.',
      [a.username],
      usernames,
    );
  });

  clauseTest(
    'users.list.filter.created_before',
    'created_before=T lists users created before T, created_after=T those created after',
    async ({ s }) => {
      const tag = userTag(s, 'cr');
      const a = await tagged(s, tag, 'a');
      const aCreated = (await adminView(s, a.id)).created_at;
      await waitPastTimestamp(aCreated);
      const b = await tagged(s, tag, 'b');
      const [ta, tb] = [Date.parse(aCreated), Date.parse((await adminView(s, b.id)).created_at)];
      // Two milliseconds apart at least, so that the midpoint falls strictly between them.
      requireThat(
        tb - ta >= 2,
        "set-up: the second user MUST be created after the first, by the server's own timestamps.",
        '>= 2 ms later',
        `${tb - ta} ms`,
      );
      const middle = new Date((ta + tb) / 2).toISOString();
      const before = await listUsers(s.admin, { search: tag, created_before: middle });
      requireSelection(before.usernames, [a.username], [b.username], `search=${tag}&created_before=${middle}`);
      const after = await listUsers(s.admin, { search: tag, created_after: middle });
      requireSelection(after.usernames, [b.username], [a.username], `search=${tag}&created_after=${middle}`);
    },
  );
});
