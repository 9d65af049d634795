/**
 * The newest platform departures (issue 27, item 2), each as the spec profile answers and as the
 * platform profile does: framework refusals keyed `error`, /user/activities open to non-admins,
 * a missing epic answered 403, the newer package managers, the admin single view's plan and trial
 * null, a missing token scope refused by the model. platform-profile.test.ts holds the others.
 *
 *   npx vitest run src/reference/variation/platform-profile-newest.test.ts
 */
import { describe, expect, it } from 'vitest';
import { postUser, testServer, type TestServer } from '../testing.ts';

/** The same requests to the spec profile, then to the platform profile. */
async function both(check: (t: TestServer, platform: boolean) => Promise<void>): Promise<void> {
  await check(await testServer(), false);
  await check(await testServer({ profile: 'platform' }), true);
}

/** The body a framework refusal has in each profile. */
const refusal = (platform: boolean, text: string) => (platform ? { error: text } : { message: text });

describe('the newest departures, spec profile then platform profile', () => {
  it('platform.missing-attr-error-key: every parameter refusal is keyed error; a model validation stays {"message":{...}}', async () => {
    await both(async (t, platform) => {
      const jane = await t.user('jane');
      const answers = await Promise.all([
        t.req('GET', '/broadcast_messages', { query: 'per_page=abc' }),
        t.req('GET', '/broadcast_messages', { query: 'per_page=0' }),
        t.req('GET', `/users/${jane.id}/memberships`, { token: t.admin, query: 'type=Issue' }),
        postUser(t, 'nopass', { password: undefined }),
        t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x', color: 'red' } }),
      ]);
      expect(answers.map((res) => [res.statusCode, res.data])).toEqual([
        [400, refusal(platform, 'per_page is invalid')],
        [400, refusal(platform, 'per_page does not have a valid value')],
        [400, refusal(platform, 'type does not have a valid value')],
        [400, refusal(platform, 'password, reset_password, force_random_password are missing, at least one parameter must be provided')],
        [400, { message: { color: ['must be a valid color code'] } }],
      ]);
    });
  });

  it('platform.user-activities-public-profiles: a non-admin gets 200 with the users without a private profile; an admin sees all', async () => {
    await both(async (t, platform) => {
      const [jane, hidden] = [await t.user('jane'), await t.user('hidden')];
      await t.req('PUT', `/users/${hidden.id}`, { token: t.admin, body: { private_profile: true } });
      for (const who of [jane, hidden]) await t.req('GET', '/user', { token: who.token });
      const asUser = await t.req('GET', '/user/activities', { token: jane.token });
      const asAdmin = await t.req('GET', '/user/activities', { token: t.admin });
      const names = (res: typeof asAdmin) => (res.data as { username: string }[]).map((a) => a.username).sort();
      expect(asUser.statusCode).toBe(platform ? 200 : 403);
      if (platform) expect(names(asUser)).toEqual(['jane', 'root']);
      expect(names(asAdmin)).toEqual(['hidden', 'jane', 'root']);
      expect((await t.req('GET', '/user/activities')).statusCode).toBe(401);
    });
  });

  it('platform.missing-epic-forbidden: GET, PUT and DELETE of a missing epic answer 403 instead of 404; its todo stays 404', async () => {
    await both(async (t, platform) => {
      const group = await t.req('POST', '/groups', { token: t.admin, body: { name: 'g', path: 'g' } });
      const epic = `/groups/${group.data.id}/epics/99`;
      const statuses = await Promise.all([
        t.req('GET', epic, { token: t.admin }),
        t.req('PUT', epic, { token: t.admin, body: { title: 'x' } }),
        t.req('DELETE', epic, { token: t.admin }),
        t.req('POST', `${epic}/todo`, { token: t.admin }),
      ]);
      expect(statuses.map((res) => res.statusCode)).toEqual(platform ? [403, 403, 403, 404] : [404, 404, 404, 404]);
      if (platform) expect(statuses[0]!.data).toEqual({ message: '403 Forbidden' });
      // A group the caller cannot see stays 404 before any epic is looked up.
      const hidden = await t.req('POST', '/groups', { token: t.admin, body: { name: 'h', path: 'h', visibility: 'private' } });
      const jane = await t.user('jane');
      expect((await t.req('GET', `/groups/${hidden.data.id}/epics/99`, { token: jane.token })).statusCode).toBe(404);
    });
  });

  it('platform.dependencies-more-package-managers: cargo, nuget, conda and pub are accepted; an unknown manager stays 400', async () => {
    await both(async (t, platform) => {
      const project = await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } });
      const list = (query: string) => t.req('GET', `/projects/${project.data.id}/dependencies`, { token: t.admin, query });
      const newer = await Promise.all(['cargo', 'nuget', 'conda', 'pub'].map((m) => list(`package_manager[]=npm&package_manager[]=${m}`)));
      expect(newer.map((res) => res.statusCode)).toEqual(platform ? [200, 200, 200, 200] : [400, 400, 400, 400]);
      const unknown = await list('package_manager[]=kit-unknown-manager');
      expect([unknown.statusCode, unknown.data]).toEqual([400, refusal(platform, 'package_manager does not have a valid value')]);
    });
  });

  it('platform.user-plan-trial-null: the admin single view has plan and trial null instead of a string and a boolean', async () => {
    await both(async (t, platform) => {
      const jane = await t.user('jane');
      const view = (await t.req('GET', `/users/${jane.id}`, { token: t.admin })).data;
      expect([view.plan, view.trial]).toEqual(platform ? [null, null] : ['default', false]);
      const listed = (await t.req('GET', '/users', { token: t.admin })).data as object[];
      expect(listed.filter((u) => 'plan' in u || 'trial' in u)).toEqual([]);
    });
  });

  it('platform.token-scopes-model-validation: a token without scopes is refused with the model field map, not "scopes is missing"', async () => {
    await both(async (t, platform) => {
      const jane = await t.user('jane');
      const tokens = `/users/${jane.id}/impersonation_tokens`;
      const res = await t.req('POST', tokens, { token: t.admin, body: { name: 'ci', expires_at: '2024-06-01' } });
      expect([res.statusCode, res.data]).toEqual([
        400,
        platform ? { message: { scopes: ["can't be blank"] } } : { message: 'scopes is missing' },
      ]);
      const bare = await t.req('POST', tokens, { token: t.admin, body: {} });
      expect([bare.statusCode, bare.data]).toEqual([
        400,
        refusal(platform, platform ? 'name is missing' : 'name is missing, scopes is missing'),
      ]);
      const names = ((await t.req('GET', tokens, { token: t.admin })).data as { name: string }[]).map((k) => k.name);
      expect(names).not.toContain('ci');
    });
  });
});
