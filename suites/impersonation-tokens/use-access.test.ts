/**
 * Using impersonation tokens and who may manage them: a live token acts as its user in every
 * personal-access-token transport; every endpoint refuses a non-admin with 403 (non-admin.json)
 * and changes nothing.
 */
import { beforeAll, describe } from 'vitest';
import { check, clauseTest, createImpersonationToken, createUser, requireThat, session, type CreatedUser, type Transport } from '../../src/kit/index.ts';
import table from './non-admin.json' with { type: 'json' };

const PAT_FORMS: readonly Transport[] = ['private_token', 'private-token', 'bearer'];
const refused = table.cases as { method: string; path: string; body?: Record<string, unknown> }[];

describe('impersonation tokens in use', () => {
  let gina: CreatedUser;
  beforeAll(async () => {
    gina = await createUser(session());
  });

  clauseTest('tokens.use.acts_as_user', 'GET /user with an impersonation token answers its user, in every transport', async ({ s }) => {
    for (const via of PAT_FORMS) {
      const res = await s.as({ token: gina.token, via }).get('/user');
      check.status(res, 200, `An impersonation token sent as ${via} MUST authenticate.`);
      requireThat(res.json?.id === gina.id && res.json?.username === gina.username, 'GET /user MUST answer the impersonated user.', { id: gina.id, username: gina.username }, { id: res.json?.id, username: res.json?.username });
    }
  });

  clauseTest('tokens.admin.non_admin', 'every impersonation token endpoint answers 403 to a non-admin', async ({ s }) => {
    const t = await createImpersonationToken(s, gina.id, { name: s.name('guarded') });
    for (const caller of [gina.client, s.user]) {
      for (const c of refused) {
        const path = c.path.replace('{user_id}', String(gina.id)).replace('{token_id}', String(t.id));
        const res = await caller.request(c.method, path, c.body ? { json: c.body } : {});
        if (c.method === 'POST' && typeof res.json?.token === 'string') s.secrets.add(res.json.token);
        check.status(res, 403, `${c.method} ${c.path} by a non-admin MUST answer 403.`);
      }
    }
    const after = await s.admin.get(`/users/${gina.id}/impersonation_tokens/${t.id}`);
    requireThat(after.json?.revoked === false, 'A refused DELETE MUST leave the token unrevoked.', false, after.json?.revoked);
    check.status(await s.as({ token: t.token }).get('/user'), 200, 'A refused DELETE MUST leave the token working.');
  });
});
