/**
 * Reading impersonation tokens (administrators): the list and a single token, which never show
 * the token value.
 *
 * Its tests run in order (a plain describe, not describe.concurrent): the list check compares
 * erin's tokens with the set the other tests leave, and a sibling creates one of hers.
 */
import { beforeAll, describe } from 'vitest';
import {
  PER_PAGE_MAX,
  check,
  clauseTest,
  createImpersonationToken,
  createUser,
  requireThat,
  session,
  type CreatedUser,
} from '../../src/kit/index.ts';
import { idsOf } from './fixtures.ts';

describe('GET /users/:user_id/impersonation_tokens', () => {
  let erin: CreatedUser;
  /** Every token of erin (created without the fixture's token): the ones made here. */
  const hers = new Set<number>();
  beforeAll(async () => {
    const s = session();
    erin = await createUser(s, {}, { token: false });
    for (const scopes of [['api'], ['read_user']]) hers.add((await createImpersonationToken(s, erin.id, { scopes })).id);
  });
  const base = () => `/users/${erin.id}/impersonation_tokens`;

  clauseTest('tokens.list.status', 'GET /users/:user_id/impersonation_tokens by an admin answers 200', async ({ s }) => {
    check.status(await s.admin.get(base()), 200);
  });

  clauseTest('tokens.list.shape', "the list is a JSON array of the user's impersonation tokens", async ({ s }) => {
    await createUser(s); // another user with a token of its own, which must not show up
    const res = await s.admin.get(base(), { query: { state: 'all', per_page: PER_PAGE_MAX } });
    check.status(res, 200);
    check.arrayOf(res, 'impersonation-token');
    const ids = idsOf(res).sort((a, b) => a - b);
    requireThat(
      JSON.stringify(ids) === JSON.stringify([...hers].sort((a, b) => a - b)),
      "The list MUST hold the user's tokens, and only them.",
      [...hers],
      ids,
    );
  });

  clauseTest('tokens.list.no_token_value', 'neither the list nor a single GET shows the token value', async ({ s }) => {
    const list = await s.admin.get(base(), { query: { state: 'all' } });
    check.status(list, 200);
    requireThat(Array.isArray(list.json) && list.json.length > 0, 'The list MUST hold the tokens created (set-up).', 'tokens', list.json);
    for (const t of list.json as Record<string, unknown>[]) {
      requireThat(
        !('token' in t),
        'A listed impersonation token MUST NOT carry the token field.',
        '(no token field)',
        `token field on id ${t.id}`,
      );
      const one = await s.admin.get(`${base()}/${t.id}`);
      check.status(one, 200);
      requireThat(!('token' in one.json), 'A single GET MUST NOT carry the token field.', '(no token field)', `token field on id ${t.id}`);
    }
  });

  clauseTest('tokens.get.status', 'GET /users/:user_id/impersonation_tokens/:id answers 200 with that token', async ({ s }) => {
    const made = await createImpersonationToken(s, erin.id, { name: s.name('one'), scopes: ['api'] });
    hers.add(made.id);
    const res = await s.admin.get(`${base()}/${made.id}`);
    check.status(res, 200);
    check.schema(res.json, 'impersonation-token');
    requireThat(
      res.json.id === made.id && res.json.name === made.body.name,
      'GET MUST answer the token asked for.',
      { id: made.id, name: made.body.name },
      { id: res.json.id, name: res.json.name },
    );
  });
});
