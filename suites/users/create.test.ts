/**
 * POST /users: 201 for an admin (a regular user's 403 is the authorization matrix's), the
 * required attributes (a case table), the password alternatives, the defaults (a case table, read
 * back from the admin view), skip_confirmation, optional profile attributes, an identity, and an
 * avatar uploaded as a multipart file. The private_profile defaults are not applicable where the
 * installation makes profiles private by default (user_defaults_to_private_profile, read at
 * preflight): skipped with that reason.
 */
import { describe } from 'vitest';
import { check, clauseTest, requireThat, type ApiResponse, type Session } from '../../src/kit/index.ts';
import { installationSkip } from '../../src/kit/installation.ts';
import { adminView, multipart, PNG, strongPassword, userTag } from './account-fixtures.ts';
import defaults from './create-defaults.json' with { type: 'json' };
import required from './create-required.json' with { type: 'json' };

const PROVIDER = 'conformance-kit';

/** POST /users as the admin with a body of this test's own names; the user enters the ledger. */
async function post(s: Session, body: Record<string, unknown>): Promise<ApiResponse> {
  const res = await s.admin.post('/users', { json: body });
  s.track(res, 'user', undefined, { hard_delete: 'true' });
  return res;
}

/** A valid creation body under a fresh tag: email, name, username, password, skip_confirmation. */
function validBody(s: Session, label: string): Record<string, unknown> {
  const username = userTag(s, label);
  return { email: `${username}@example.com`, name: `Kit ${username}`, username, password: strongPassword(s), skip_confirmation: true };
}

describe.concurrent('POST /users', () => {
  clauseTest('users.create.status', 'POST /users by an admin with email, name, username and password answers 201', async ({ s }) => {
    check.status(await post(s, validBody(s, 'new')), 201);
  });

  clauseTest(
    'users.create.force_random_password',
    'POST /users with force_random_password=true and no password answers 201',
    async ({ s }) => {
      const { password: _none, ...body } = validBody(s, 'frp');
      check.status(await post(s, { ...body, force_random_password: true }), 201);
    },
  );

  clauseTest('users.create.reset_password', 'POST /users with reset_password=true and no password answers 201', async ({ s }) => {
    const { password: _none, ...body } = validBody(s, 'rp');
    check.status(await post(s, { ...body, reset_password: true }), 201);
  });

  for (const c of required.cases) {
    clauseTest(c.clause, c.title, async ({ s }) => {
      const body = validBody(s, 'req');
      for (const name of c.omit) delete body[name];
      check.status(await post(s, body), 400);
    });
  }

  for (const c of defaults.cases) {
    clauseTest(c.clause, c.title, async ({ s, skip }) => {
      const notApplicable = installationSkip(s.target.installation, c.clause);
      if (notApplicable) skip(notApplicable);
      if ('omitted' in c) {
        const res = await post(s, validBody(s, 'def'));
        check.status(res, 201);
        const view = await adminView(s, res.json.id);
        requireThat(
          view[c.field] === c.omitted,
          `A user created without it MUST have ${c.field} ${JSON.stringify(c.omitted)}.`,
          c.omitted,
          view[c.field],
        );
      }
      if ('given' in c) {
        const res = await post(s, { ...validBody(s, 'def'), ...c.given });
        check.status(res, 201);
        const view = await adminView(s, res.json.id);
        requireThat(
          view[c.field] === c.expected,
          `A user created with ${JSON.stringify(c.given)} MUST have ${c.field} ${JSON.stringify(c.expected)}.`,
          c.expected,
          view[c.field],
        );
      }
    });
  }

  clauseTest(
    'users.create.skip_confirmation',
    'a user created with skip_confirmation=true is confirmed (confirmed_at not null)',
    async ({ s }) => {
      const res = await post(s, { ...validBody(s, 'conf'), skip_confirmation: true });
      check.status(res, 201);
      const view = await adminView(s, res.json.id);
      requireThat(
        typeof view.confirmed_at === 'string',
        'A user created with skip_confirmation=true MUST show a confirmed_at time.',
        'a datetime',
        view.confirmed_at,
      );
    },
  );

  clauseTest('users.create.profile_strings', 'optional attributes given on create appear in the admin view', async ({ s }) => {
    const given = {
      linkedin: 'kit-linkedin',
      location: 'Kit Town',
      note: 'Kit admin note',
      organization: 'Kit Org',
      skype: 'kit.skype',
      twitter: 'kittwitter',
      website_url: 'https://example.com/kit',
      projects_limit: 7,
      theme_id: 2,
    };
    const res = await post(s, { ...validBody(s, 'prof'), ...given });
    check.status(res, 201);
    const view = await adminView(s, res.json.id);
    for (const [field, value] of Object.entries(given)) {
      requireThat(view[field] === value, `${field} given on create MUST appear in the admin view.`, value, view[field]);
    }
  });

  clauseTest('users.create.identity', 'extern_uid with provider on create gives the user that identity', async ({ s }) => {
    const body = validBody(s, 'idt');
    const uid = `${body.username}-uid`;
    const res = await post(s, { ...body, extern_uid: uid, provider: PROVIDER });
    check.status(res, 201);
    const view = await adminView(s, res.json.id);
    const found =
      Array.isArray(view.identities) &&
      view.identities.some((i: Record<string, unknown>) => i.provider === PROVIDER && i.extern_uid === uid);
    requireThat(found, 'The user MUST have the identity given on create.', [{ provider: PROVIDER, extern_uid: uid }], view.identities);
  });

  clauseTest('users.create.avatar', 'an avatar uploaded as a multipart file on create gives the user an avatar_url', async ({ s }) => {
    const body = validBody(s, 'ava');
    const parts = Object.entries(body).map(([name, value]) => ({ name, value: String(value) }));
    const form = multipart([...parts, { name: 'avatar', value: PNG, filename: 'kit-avatar.png', type: 'image/png' }]);
    const res = await s.admin.post('/users', { body: form.body, contentType: form.contentType });
    s.track(res, 'user', undefined, { hard_delete: 'true' });
    check.status(res, 201, 'POST /users with an avatar file (multipart/form-data) MUST create the user (201).');
    const view = await adminView(s, res.json.id);
    requireThat(view.username === body.username, 'The multipart fields MUST be read.', body.username, view.username);
    requireThat(
      typeof view.avatar_url === 'string' && view.avatar_url !== '',
      'A user created with an avatar MUST have an avatar_url.',
      'a URL',
      view.avatar_url,
    );
  });
});
