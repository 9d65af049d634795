/**
 * User views by caller: the public list view and the normal single view for a regular user
 * (no admin-only field, no e-mail address), the admin views (list and single), the current-user
 * view for a regular user and for an admin, identities, the state of an ordinary user, 404.
 */
import { beforeAll, describe } from 'vitest';
import { check, clauseTest, requireThat, session, type CreatedUser } from '../../src/kit/index.ts';
import { adminView, listUsers, MISSING_USER_ID, requireAbsent, requireFields, tagged, userTag } from './account-fixtures.ts';

const PROVIDER = 'conformance-kit';

describe.concurrent('GET /users and GET /users/:id by caller', () => {
  let tag: string;
  let subject: CreatedUser;
  beforeAll(async () => {
    const s = session();
    tag = userTag(s, 'view');
    subject = await tagged(s, tag, 'a', {
      extern_uid: `${tag}-uid`,
      provider: PROVIDER,
      bio: 'Kit bio',
      location: 'Kit Town',
      organization: 'Kit Org',
    });
  });

  clauseTest('users.list.status', 'GET /users by a regular user and by an admin answers 200', async ({ s }) => {
    check.status(await s.user.get('/users'), 200, 'GET /users by a regular user MUST answer 200.');
    check.status(await s.admin.get('/users'), 200, 'GET /users by an admin MUST answer 200.');
  });

  clauseTest('users.list.shape', 'GET /users answers a JSON array of user objects', async ({ s }) => {
    for (const client of [s.user, s.admin]) {
      const res = await client.get('/users', { query: { search: tag } });
      check.status(res, 200);
      check.jsonContentType(res);
      requireThat(Array.isArray(res.json), 'GET /users MUST answer a JSON array.', 'an array', typeof res.json);
      for (const item of res.json as unknown[]) {
        requireThat(
          typeof item === 'object' && item !== null && !Array.isArray(item) && Number.isInteger((item as { id?: unknown }).id),
          'Each item of GET /users MUST be a user object with an integer id.',
          'a user object',
          item,
        );
      }
      requireThat(
        res.json.some((u: { id: number }) => u.id === subject.id),
        'GET /users?search=<name> MUST list the user of that name.',
        subject.id,
        res.json.map((u: { id: number }) => u.id),
      );
    }
  });

  clauseTest('users.list.public_fields', 'every listed user has id, username, name, state, avatar_url and web_url', async ({ s }) => {
    for (const [who, client] of [
      ['a regular user', s.user],
      ['an admin', s.admin],
    ] as const) {
      const { res } = await listUsers(client, {});
      const { res: mine } = await listUsers(client, { username: subject.username });
      for (const item of [...res.json, ...mine.json]) requireFields(item, 'public', `A user listed to ${who}`);
      requireThat(
        mine.json[0]?.username === subject.username && mine.json[0]?.name === subject.name,
        'The listed user MUST carry its own username and name.',
        { username: subject.username, name: subject.name },
        mine.json[0],
      );
    }
  });

  clauseTest(
    'users.list.admin_fields_account',
    'users listed to an admin have email, is_admin, sign-in times, confirmed_at, theme, activity and projects_limit',
    async ({ s }) => {
      const { res } = await listUsers(s.admin, {});
      for (const item of res.json) requireFields(item, 'admin_account', 'A user listed to an admin');
      const { res: mine } = await listUsers(s.admin, { username: subject.username });
      const item = mine.json[0] ?? {};
      requireFields(item, 'admin_account', 'A user listed to an admin');
      requireThat(item.email === subject.email, "The admin list MUST show the user's e-mail address.", subject.email, item.email);
      requireThat(item.is_admin === false, 'The admin list MUST show is_admin false for a regular user.', false, item.is_admin);
    },
  );

  clauseTest(
    'users.list.admin_fields_settings',
    'users listed to an admin have note, identities, can_create_*, two_factor_enabled, external, private_profile and the sign-in IPs',
    async ({ s }) => {
      const { res } = await listUsers(s.admin, {});
      for (const item of res.json) requireFields(item, 'admin_settings', 'A user listed to an admin');
      const { res: mine } = await listUsers(s.admin, { username: subject.username });
      const item = mine.json[0] ?? {};
      requireFields(item, 'admin_settings', 'A user listed to an admin');
      const found = (item.identities ?? []).some(
        (i: { provider?: string; extern_uid?: string }) => i.provider === PROVIDER && i.extern_uid === `${tag}-uid`,
      );
      requireThat(
        found,
        "The admin list MUST show the user's identities.",
        { provider: PROVIDER, extern_uid: `${tag}-uid` },
        item.identities,
      );
    },
  );

  clauseTest(
    'users.list.non_admin_hidden',
    'users listed to a regular user carry no admin-view field (no e-mail address)',
    async ({ s }) => {
      for (const query of [{}, { username: subject.username }, { search: tag }]) {
        const { res } = await listUsers(s.user, query);
        for (const item of res.json) requireAbsent(item, 'admin_only', 'A user listed to a regular user');
        check.arrayOf(res, 'user.basic');
      }
    },
  );

  clauseTest('users.state.active', 'a user created and never blocked has state "active"', async ({ s }) => {
    const view = await adminView(s, subject.id);
    requireThat(view.state === 'active', 'An ordinary unblocked user MUST have state "active".', 'active', view.state);
    const { res } = await listUsers(s.user, { username: subject.username });
    requireThat(
      res.json[0]?.state === 'active',
      'The list MUST show an ordinary unblocked user as "active".',
      'active',
      res.json[0]?.state,
    );
  });

  clauseTest('users.get.status', 'GET /users/:id by a regular user and by an admin answers 200', async ({ s }) => {
    check.status(await s.user.get(`/users/${subject.id}`), 200, 'GET /users/:id by a regular user MUST answer 200.');
    check.status(await s.admin.get(`/users/${subject.id}`), 200, 'GET /users/:id by an admin MUST answer 200.');
  });

  clauseTest(
    'users.get.normal_fields',
    'GET /users/:id by a regular user has created_at, bio, bio_html, location, public_email, the profile links, organization and job_title',
    async ({ s }) => {
      const res = await s.user.get(`/users/${subject.id}`);
      check.status(res, 200);
      requireFields(res.json, 'public', 'The normal single-user view');
      requireFields(res.json, 'normal', 'The normal single-user view');
      for (const [field, expected] of [
        ['bio', 'Kit bio'],
        ['location', 'Kit Town'],
        ['organization', 'Kit Org'],
      ] as const) {
        requireThat(res.json[field] === expected, `The normal view MUST show the user's ${field}.`, expected, res.json[field]);
      }
    },
  );

  clauseTest(
    'users.get.non_admin_hidden',
    'GET /users/:id by a regular user carries no admin-view field (no e-mail address)',
    async ({ s }) => {
      for (const id of [subject.id, s.target.admin.id]) {
        const res = await s.user.get(`/users/${id}`);
        check.status(res, 200);
        requireAbsent(res.json, 'admin_only', 'The normal single-user view');
        check.schema(res.json, 'user.public');
      }
    },
  );

  clauseTest('users.get.admin_fields', 'GET /users/:id by an admin carries the admin-view fields', async ({ s }) => {
    const res = await s.admin.get(`/users/${subject.id}`);
    check.status(res, 200);
    requireFields(res.json, 'admin_account', 'The admin single-user view');
    requireFields(res.json, 'admin_settings', 'The admin single-user view');
    check.schema(res.json, 'user.admin');
    requireThat(res.json.email === subject.email, 'The admin view MUST show the e-mail address.', subject.email, res.json.email);
  });

  clauseTest('users.get.missing_404', 'GET /users/:id for an id no user has answers 404', async ({ s }) => {
    check.status(await s.admin.get(`/users/${MISSING_USER_ID}`), 404);
    check.status(await s.user.get(`/users/${MISSING_USER_ID}`), 404, 'A regular user MUST get 404 too.');
  });

  clauseTest('users.field.identities', 'identities is an array of objects with provider and extern_uid strings', async ({ s }) => {
    const view = await adminView(s, subject.id);
    const { res } = await listUsers(s.admin, {});
    for (const identities of [view.identities, ...res.json.map((u: { identities?: unknown }) => u.identities)]) {
      requireThat(Array.isArray(identities), 'identities MUST be an array.', 'an array', identities);
      for (const i of identities as Record<string, unknown>[]) {
        requireThat(
          typeof i?.provider === 'string' && typeof i?.extern_uid === 'string',
          'Each identity MUST have provider and extern_uid strings.',
          '{ provider: string, extern_uid: string }',
          i,
        );
      }
    }
    requireThat(
      view.identities.length === 1 && view.identities[0].provider === PROVIDER && view.identities[0].extern_uid === `${tag}-uid`,
      'identities MUST hold the identity the user was created with.',
      [{ provider: PROVIDER, extern_uid: `${tag}-uid` }],
      view.identities,
    );
  });
});

describe.concurrent('GET /user', () => {
  clauseTest('users.current.status', "GET /user answers 200 with the account of the token's user", async ({ s }) => {
    for (const [client, who] of [
      [s.user, s.target.user],
      [s.admin, s.target.admin],
    ] as const) {
      const res = await client.get('/user');
      check.status(res, 200);
      requireThat(
        res.json?.id === who.id && res.json?.username === who.username,
        "GET /user MUST answer the caller's own account.",
        { id: who.id, username: who.username },
        { id: res.json?.id, username: res.json?.username },
      );
    }
  });

  clauseTest(
    'users.current.profile_fields',
    'GET /user has id, username, email, name, state, avatar_url, web_url, created_at, bio and the profile fields',
    async ({ s }) => {
      for (const [client, who] of [
        [s.user, 'a regular user'],
        [s.admin, 'an admin'],
      ] as const) {
        const res = await client.get('/user');
        check.status(res, 200);
        requireFields(res.json, 'current_profile', `GET /user by ${who}`);
      }
    },
  );

  clauseTest(
    'users.current.account_fields',
    'GET /user has the sign-in times, confirmed_at, theme, activity, projects_limit, identities and the account settings',
    async ({ s }) => {
      for (const [client, who] of [
        [s.user, 'a regular user'],
        [s.admin, 'an admin'],
      ] as const) {
        const res = await client.get('/user');
        check.status(res, 200);
        requireFields(res.json, 'current_account', `GET /user by ${who}`);
      }
    },
  );

  clauseTest('users.current.admin_fields', 'GET /user by an admin also has is_admin, job_title and the sign-in IPs', async ({ s }) => {
    const res = await s.admin.get('/user');
    check.status(res, 200);
    requireFields(res.json, 'current_admin', 'GET /user by an admin');
    requireThat(res.json.is_admin === true, 'GET /user by an admin MUST show is_admin true.', true, res.json.is_admin);
    check.schema(res.json, 'user.current-admin');
  });

  clauseTest('users.current.non_admin_hidden', 'GET /user by a regular user has no is_admin and no sign-in IPs', async ({ s }) => {
    const res = await s.user.get('/user');
    check.status(res, 200);
    requireAbsent(res.json, 'current_admin_only', 'GET /user by a regular user');
    check.schema(res.json, 'user.current');
  });
});
