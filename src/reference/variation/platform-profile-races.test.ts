/**
 * The platform's unique indexes under a tight race (platform.race-unique-index-500), as the spec
 * profile answers and as the platform profile does: of identical creates sent together (SSH keys,
 * e-mails, users, project variables) the spec profile refuses the losers as a sequential duplicate
 * (400; 409 for POST /users), the platform profile answers them 500; a sequential duplicate is refused
 * as the spec says in both, and the value is stored once.
 *
 *   npx vitest run src/reference/variation/platform-profile-races.test.ts
 */
import { describe, expect, it } from 'vitest';
import { sshPublicKey } from '../../kit/generators/ssh-keys.ts';
import { postUser, testServer, type TestServer } from '../testing.ts';

type Answer = Awaited<ReturnType<TestServer['req']>>;

/** Three of `send` together, then one more after them: the statuses together (sorted), the one after, and how many are stored. */
async function raced(t: TestServer, send: () => Promise<Answer>, stored: () => Promise<number>) {
  const together = (await Promise.all([send(), send(), send()])).map((r) => r.statusCode).sort();
  const after = (await send()).statusCode;
  return { together, after, stored: await stored() };
}

/** The four creates of the platform's unique indexes, each raced in a fresh server of the profile. */
async function races(profile: 'spec' | 'platform') {
  const t = await testServer({ profile });
  const jane = await t.user('jane');
  const key = (await sshPublicKey()).text;
  const count = async (path: string, token = t.admin) => ((await t.req('GET', path, { token })).data as unknown[]).length;
  const project = await t.req('POST', '/projects', { token: t.admin, body: { name: 'p', path: 'p' } });
  const variables = `/projects/${project.data.id}/variables`;
  return {
    keys: await raced(
      t,
      () => t.req('POST', '/user/keys', { token: jane.token, body: { title: 'k', key } }),
      () => count('/user/keys', jane.token),
    ),
    emails: await raced(
      t,
      () => t.req('POST', '/user/emails', { token: jane.token, body: { email: 'jane.work@example.com' } }),
      async () =>
        ((await t.req('GET', '/user/emails', { token: jane.token })).data as { email: string }[]).filter(
          (e) => e.email === 'jane.work@example.com',
        ).length,
    ),
    users: await raced(
      t,
      () => postUser(t, 'racer'),
      async () => ((await t.req('GET', '/users', { token: t.admin, query: 'username=racer' })).data as unknown[]).length,
    ),
    variables: await raced(
      t,
      () => t.req('POST', variables, { token: t.admin, body: { key: 'RACED', value: 'v' } }),
      () => count(variables),
    ),
  };
}

describe('creates sent together, spec profile then platform profile', () => {
  it('platform.race-unique-index-500: the losers of identical creates sent together answer 500; a sequential duplicate is still refused', async () => {
    const spec = await races('spec');
    expect(spec).toEqual({
      keys: { together: [201, 400, 400], after: 400, stored: 1 },
      emails: { together: [201, 400, 400], after: 400, stored: 1 },
      users: { together: [201, 409, 409], after: 409, stored: 1 },
      variables: { together: [201, 400, 400], after: 400, stored: 1 },
    });
    const platform = await races('platform');
    expect(platform).toEqual({
      keys: { together: [201, 500, 500], after: 400, stored: 1 },
      emails: { together: [201, 500, 500], after: 400, stored: 1 },
      users: { together: [201, 500, 500], after: 409, stored: 1 },
      variables: { together: [201, 500, 500], after: 400, stored: 1 },
    });
  });
});
