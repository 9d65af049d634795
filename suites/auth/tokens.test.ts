/**
 * Authentication: missing and invalid tokens (401), and a personal access token or an
 * impersonation token accepted in every personal-access-token transport. The personal access
 * token is tried on several endpoints (token-endpoints.json), each with what proves it was read.
 */
import { describe } from 'vitest';
import { check, clauseTest, fill, requireThat } from '../../src/kit/index.ts';
import table from './token-endpoints.json' with { type: 'json' };

describe.concurrent('authentication', () => {
  clauseTest('auth.missing.401', 'GET /user without credentials answers 401', async ({ s }) => {
    check.status(await s.anon.get('/user'), 401);
  });

  clauseTest('auth.invalid.401', 'GET /user with Private-Token: invalid answers 401', async ({ s }) => {
    check.status(await s.as({ token: 'invalid', via: 'private-token' }).get('/user'), 401);
    check.status(
      await s.as({ token: `${s.target.runPrefix}-not-a-token`, via: 'bearer' }).get('/user'),
      401,
      'An unknown Bearer token MUST answer 401.',
    );
  });

  /** Endpoints read with the admin's personal access token in each transport, each with what proves the token was read. */
  const endpoints = table.cases as Array<{ path: string; proof: string; field?: string; equals?: unknown; array?: boolean }>;
  for (const [clause, via, label] of [
    ['auth.pat.private_token_query', 'private_token', 'the private_token query parameter'],
    ['auth.pat.private_token_header', 'private-token', 'the Private-Token header'],
    ['auth.pat.bearer', 'bearer', 'Authorization: Bearer'],
  ] as const) {
    clauseTest(
      clause,
      `a personal access token sent as ${label} authenticates ${endpoints.map((e) => `GET ${e.path.replace(/\{\w+\}/g, ':id')}`).join(', ')}`,
      async ({ s }) => {
        const ids = { adminId: s.target.admin.id, userId: s.target.user.id };
        const client = s.as({ token: s.target.adminToken, via });
        for (const e of fill(endpoints, ids)) {
          const { path } = e;
          const res = await client.get(path);
          check.status(res, 200, `GET ${path} with a token sent as ${label} MUST answer 200.`);
          if (e.array) requireThat(Array.isArray(res.json), `GET ${path} MUST answer an array: ${e.proof}.`, 'an array', res.json);
          if (e.field !== undefined) {
            const expected = e.equals;
            requireThat(
              res.json?.[e.field] === expected,
              `GET ${path} with a token sent as ${label} MUST show that ${e.proof}.`,
              { [e.field]: expected },
              { [e.field]: res.json?.[e.field] },
            );
          }
        }
      },
    );
  }

  clauseTest('auth.impersonation.pat_forms', 'an impersonation token works as private_token, Private-Token and Bearer', async ({ s }) => {
    for (const via of ['private_token', 'private-token', 'bearer'] as const) {
      const res = await s.as({ token: s.target.user.token, via }).get('/user');
      check.status(res, 200, `An impersonation token sent as ${via} MUST authenticate.`);
      requireThat(res.json?.id === s.target.user.id, 'GET /user MUST answer the impersonated user.', s.target.user.id, res.json?.id);
    }
  });
});
