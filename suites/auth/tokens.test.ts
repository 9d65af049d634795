/**
 * Authentication: missing and invalid tokens (401), and a personal access token or an
 * impersonation token accepted in every personal-access-token transport.
 */
import { describe } from 'vitest';
import { check, clauseTest, requireThat } from '../../src/kit/index.ts';

describe('authentication', () => {
  clauseTest('auth.missing.401', 'GET /user without credentials answers 401', async ({ s }) => {
    check.status(await s.anon.get('/user'), 401);
  });

  clauseTest('auth.invalid.401', 'GET /user with Private-Token: invalid answers 401', async ({ s }) => {
    check.status(await s.as({ token: 'invalid', via: 'private-token' }).get('/user'), 401);
    check.status(await s.as({ token: `${s.target.runPrefix}-not-a-token`, via: 'bearer' }).get('/user'), 401, 'An unknown Bearer token MUST answer 401.');
  });

  for (const [clause, via, label] of [
    ['auth.pat.private_token_query', 'private_token', 'the private_token query parameter'],
    ['auth.pat.private_token_header', 'private-token', 'the Private-Token header'],
    ['auth.pat.bearer', 'bearer', 'Authorization: Bearer'],
  ] as const) {
    clauseTest(clause, `a personal access token sent as ${label} authenticates GET /user`, async ({ s }) => {
      const res = await s.as({ token: s.target.adminToken, via }).get('/user');
      check.status(res, 200);
      requireThat(res.json?.id === s.target.admin.id, 'GET /user MUST answer the token owner.', s.target.admin.id, res.json?.id);
    });
  }

  clauseTest('auth.impersonation.pat_forms', 'an impersonation token works as private_token, Private-Token and Bearer', async ({ s }) => {
    for (const via of ['private_token', 'private-token', 'bearer'] as const) {
      const res = await s.as({ token: s.target.user.token, via }).get('/user');
      check.status(res, 200, `An impersonation token sent as ${via} MUST authenticate.`);
      requireThat(res.json?.id === s.target.user.id, 'GET /user MUST answer the impersonated user.', s.target.user.id, res.json?.id);
    }
  });
});
