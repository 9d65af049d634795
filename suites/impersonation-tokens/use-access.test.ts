/**
 * Using impersonation tokens and who may manage them: a live token acts as its user in every
 * personal-access-token transport; every endpoint (the admin-only token operations of the
 * operation table) refuses a non-admin, the token's user included, with 403 and changes nothing.
 */
import { beforeAll, describe } from 'vitest';
import { check, clauseTest, createUser, requireThat, session, type CreatedUser, type Transport } from '../../src/kit/index.ts';

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
});
