/**
 * Creating impersonation tokens (administrators): 201, the value shown this once, name and
 * scopes required, the attributes echoed, the initial state, the token fields, and scopes[]
 * repeated in a form body and in the query string. Every POST carries an expires_at (the run's
 * tokenExpiresAt unless the test gives its own): current platform installs refuse a token
 * without one, and a refusal must come from the rule a test is about.
 *
 *   await postToken(s, dave.id, { json: { name: s.name('token'), scopes: ['api'], expires_at: s.target.tokenExpiresAt } });
 */
import { beforeAll, describe } from 'vitest';
import { PER_PAGE_MAX, check, clauseTest, createUser, requireThat, session, type CreatedUser } from '../../src/kit/index.ts';
import { daysAhead, postToken } from './fixtures.ts';

const sorted = (v: unknown) => (Array.isArray(v) ? [...v].sort() : v);

describe.concurrent('POST /users/:user_id/impersonation_tokens', () => {
  let dave: CreatedUser;
  beforeAll(async () => {
    dave = await createUser(session(), {}, { token: false });
  });

  clauseTest('tokens.create.status', "POST with name and scopes (and the run's expires_at) answers 201", async ({ s }) => {
    check.status(
      await postToken(s, dave.id, { json: { name: s.name('token'), scopes: ['api'], expires_at: s.target.tokenExpiresAt } }),
      201,
    );
  });

  clauseTest('tokens.create.token_value', 'the create response carries token, a non-empty string', async ({ s }) => {
    const res = await postToken(s, dave.id, {
      json: { name: s.name('token'), scopes: ['read_user'], expires_at: s.target.tokenExpiresAt },
    });
    check.status(res, 201);
    requireThat(
      typeof res.json.token === 'string' && res.json.token.length > 0,
      'The create response MUST carry the token value.',
      'a non-empty string',
      res.json.token === undefined ? '(absent)' : typeof res.json.token,
    );
  });

  clauseTest('tokens.create.name_required', 'POST without name (with scopes and expires_at) answers 400', async ({ s }) => {
    check.status(await postToken(s, dave.id, { json: { scopes: ['api'], expires_at: s.target.tokenExpiresAt } }), 400);
  });

  clauseTest('tokens.create.scopes_required', 'POST without scopes (with name and expires_at) answers 400', async ({ s }) => {
    check.status(await postToken(s, dave.id, { json: { name: s.name('token'), expires_at: s.target.tokenExpiresAt } }), 400);
  });

  clauseTest('tokens.create.fields', 'the created token echoes name, scopes and expires_at as given', async ({ s }) => {
    const given = { name: s.name('fields'), scopes: ['api', 'read_user'], expires_at: daysAhead(s, 20) };
    const res = await postToken(s, dave.id, { json: given });
    check.status(res, 201);
    requireThat(res.json.name === given.name, 'name MUST be echoed as given.', given.name, res.json.name);
    requireThat(
      JSON.stringify(sorted(res.json.scopes)) === JSON.stringify(sorted(given.scopes)),
      'scopes MUST be echoed as given.',
      given.scopes,
      res.json.scopes,
    );
    requireThat(
      res.json.expires_at === given.expires_at,
      'expires_at MUST be echoed as the date given (YYYY-MM-DD).',
      given.expires_at,
      res.json.expires_at,
    );
  });

  clauseTest('tokens.create.initial_state', 'a new token is active and not revoked', async ({ s }) => {
    const res = await postToken(s, dave.id, { json: { name: s.name('fresh'), scopes: ['api'], expires_at: s.target.tokenExpiresAt } });
    check.status(res, 201);
    requireThat(
      res.json.active === true && res.json.revoked === false,
      'A new token MUST have active true and revoked false.',
      { active: true, revoked: false },
      { active: res.json.active, revoked: res.json.revoked },
    );
  });

  clauseTest(
    'tokens.field.shape',
    'the token fields (impersonation true, expires_at a date) in the create response, list items and single GET',
    async ({ s }) => {
      const res = await postToken(s, dave.id, { json: { name: s.name('shape'), scopes: ['api'], expires_at: daysAhead(s, 10) } });
      check.status(res, 201);
      check.schema(res.json, 'impersonation-token.created', 'The create response');
      const other = await postToken(s, dave.id, {
        json: { name: s.name('shape-read-user'), scopes: ['read_user'], expires_at: s.target.tokenExpiresAt },
      });
      check.status(other, 201);
      check.schema(other.json, 'impersonation-token.created', 'The create response of a read_user token');
      const one = await s.admin.get(`/users/${dave.id}/impersonation_tokens/${res.json.id}`);
      check.status(one, 200);
      check.schema(one.json, 'impersonation-token', 'The single GET body');
      check.arrayOf(
        await s.admin.get(`/users/${dave.id}/impersonation_tokens`, { query: { state: 'all', per_page: PER_PAGE_MAX } }),
        'impersonation-token',
      );
    },
  );

  clauseTest(
    'conv.params.array_repeat',
    'scopes[]=api&scopes[]=read_user in a form body or the query string is read as an array',
    async ({ s }) => {
      const form = `name=${encodeURIComponent(s.name('form'))}&scopes[]=api&scopes[]=read_user&expires_at=${s.target.tokenExpiresAt}`;
      const viaForm = await postToken(s, dave.id, { form });
      check.status(viaForm, 201, 'A form body with scopes[] repeated MUST be accepted (201).');
      requireThat(
        JSON.stringify(sorted(viaForm.json.scopes)) === '["api","read_user"]',
        'The repeated scopes[] of a form body MUST be read as the array [api, read_user].',
        ['api', 'read_user'],
        viaForm.json.scopes,
      );
      const viaQuery = await postToken(s, dave.id, {
        query: 'scopes[]=api&scopes[]=read_user',
        json: { name: s.name('query'), expires_at: s.target.tokenExpiresAt },
      });
      check.status(viaQuery, 201, 'scopes[] repeated in the query string MUST be accepted (201).');
      requireThat(
        JSON.stringify(sorted(viaQuery.json.scopes)) === '["api","read_user"]',
        'The repeated scopes[] of the query string MUST be read as the array [api, read_user].',
        ['api', 'read_user'],
        viaQuery.json.scopes,
      );
    },
  );
});
