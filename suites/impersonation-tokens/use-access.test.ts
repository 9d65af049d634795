/**
 * Using impersonation tokens and who may manage them: a live token acts as its user in every
 * personal-access-token transport; every endpoint (the admin-only token operations of the
 * operation table) refuses a non-admin, the token's user included, with 403 and changes nothing.
 */
import { beforeAll, describe } from 'vitest';
import {
  check,
  clauseTest,
  createImpersonationToken,
  createUser,
  refusedRequests,
  requireThat,
  session,
  type CreatedUser,
  type Transport,
} from '../../src/kit/index.ts';

const PAT_FORMS: readonly Transport[] = ['private_token', 'private-token', 'bearer'];

describe.concurrent('impersonation tokens in use', () => {
  let gina: CreatedUser;
  beforeAll(async () => {
    gina = await createUser(session());
  });

  clauseTest('tokens.use.acts_as_user', 'GET /user with an impersonation token answers its user, in every transport', async ({ s }) => {
    for (const via of PAT_FORMS) {
      const res = await s.as({ token: gina.token, via }).get('/user');
      check.status(res, 200, `An impersonation token sent as ${via} MUST authenticate.`);
      requireThat(
        res.json?.id === gina.id && res.json?.username === gina.username,
        'GET /user MUST answer the impersonated user.',
        { id: gina.id, username: gina.username },
        { id: res.json?.id, username: res.json?.username },
      );
    }
  });

  clauseTest('tokens.admin.non_admin', 'every impersonation token endpoint answers 403 to a non-admin', async ({ s }) => {
    const t = await createImpersonationToken(s, gina.id, { name: s.name('guarded') });
    for (const caller of [gina.client, s.user]) {
      for (const r of refusedRequests('tokens.admin.non_admin', { user_id: gina.id, impersonation_token_id: t.id, name: 'refused' })) {
        const res = await caller.request(r.method, r.path, r.json ? { json: r.json } : {});
        if (r.method === 'POST' && typeof res.json?.token === 'string') s.secrets.add(res.json.token);
        check.status(res, 403, `${r.title} by a non-admin MUST answer 403.`);
      }
    }
    const after = await s.admin.get(`/users/${gina.id}/impersonation_tokens/${t.id}`);
    requireThat(after.json?.revoked === false, 'A refused DELETE MUST leave the token unrevoked.', false, after.json?.revoked);
    check.status(await s.as({ token: t.token }).get('/user'), 200, 'A refused DELETE MUST leave the token working.');
  });
});
