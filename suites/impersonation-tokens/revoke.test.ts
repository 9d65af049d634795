/**
 * Revoking impersonation tokens: DELETE answers 204, the token then reads revoked and
 * inactive, is refused with 401 in every personal-access-token transport, and the state filter
 * (active, inactive, all) sorts live from revoked tokens.
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
  type Transport,
} from '../../src/kit/index.ts';
import { idsOf } from './fixtures.ts';

/** The personal-access-token forms of the spec (Authentication): query, header, Bearer. */
const PAT_FORMS: readonly Transport[] = ['private_token', 'private-token', 'bearer'];

describe.concurrent('DELETE /users/:user_id/impersonation_tokens/:id', () => {
  let frank: CreatedUser;
  /** A live and a revoked token of frank, made once for the filter checks. */
  let live: number;
  let revoked: number;
  beforeAll(async () => {
    const s = session();
    frank = await createUser(s, {}, { token: false });
    live = (await createImpersonationToken(s, frank.id, { name: s.name('live') })).id;
    revoked = (await createImpersonationToken(s, frank.id, { name: s.name('revoked') })).id;
    const del = await s.admin.delete(`/users/${frank.id}/impersonation_tokens/${revoked}`);
    if (del.status !== 204) throw new Error(`fixture: revoking a token answered ${del.status}`);
  });
  const base = () => `/users/${frank.id}/impersonation_tokens`;

  clauseTest('tokens.delete.status', 'DELETE of a token answers 204', async ({ s }) => {
    const t = await createImpersonationToken(s, frank.id, { name: s.name('to-revoke') });
    const res = await s.admin.delete(`${base()}/${t.id}`);
    check.status(res, 204);
    check.emptyBody(res);
  });

  clauseTest('tokens.delete.revoked', 'after DELETE the token reads revoked true and active false', async ({ s }) => {
    const t = await createImpersonationToken(s, frank.id, { name: s.name('to-revoke') });
    check.status(await s.admin.delete(`${base()}/${t.id}`), 204);
    const res = await s.admin.get(`${base()}/${t.id}`);
    check.status(res, 200);
    requireThat(
      res.json.revoked === true && res.json.active === false,
      'A revoked token MUST read revoked true and active false.',
      { revoked: true, active: false },
      { revoked: res.json.revoked, active: res.json.active },
    );
  });

  clauseTest('tokens.delete.rejected', 'a revoked token is refused with 401 as private_token, Private-Token and Bearer', async ({ s }) => {
    const t = await createImpersonationToken(s, frank.id, { name: s.name('to-reject') });
    check.status(await s.as({ token: t.token }).get('/user'), 200, 'The token MUST work before it is revoked (set-up).');
    check.status(await s.admin.delete(`${base()}/${t.id}`), 204);
    for (const via of PAT_FORMS) {
      check.status(await s.as({ token: t.token, via }).get('/user'), 401, `A revoked token sent as ${via} MUST be refused with 401.`);
    }
  });

  clauseTest('tokens.filter.active', 'state=active lists the live token and not the revoked one', async ({ s }) => {
    const res = await s.admin.get(base(), { query: { state: 'active', per_page: PER_PAGE_MAX } });
    check.status(res, 200);
    const ids = idsOf(res);
    requireThat(ids.includes(live), 'state=active MUST list an active token.', live, ids);
    requireThat(!ids.includes(revoked), 'state=active MUST NOT list a revoked token.', `no ${revoked}`, ids);
    requireThat(
      (res.json as { active: boolean }[]).every((t) => t.active === true),
      'Every token listed with state=active MUST be active.',
      'active: true',
      res.json,
    );
  });

  clauseTest('tokens.filter.inactive', 'state=inactive lists the revoked token and not the live one', async ({ s }) => {
    const res = await s.admin.get(base(), { query: { state: 'inactive', per_page: PER_PAGE_MAX } });
    check.status(res, 200);
    const ids = idsOf(res);
    requireThat(ids.includes(revoked), 'state=inactive MUST list a revoked token.', revoked, ids);
    requireThat(!ids.includes(live), 'state=inactive MUST NOT list an active token.', `no ${live}`, ids);
    requireThat(
      (res.json as { active: boolean }[]).every((t) => t.active === false),
      'Every token listed with state=inactive MUST be inactive.',
      'active: false',
      res.json,
    );
  });

  clauseTest('tokens.filter.all', 'state=all lists both the live and the revoked token', async ({ s }) => {
    const res = await s.admin.get(base(), { query: { state: 'all', per_page: PER_PAGE_MAX } });
    check.status(res, 200);
    const ids = idsOf(res);
    requireThat(ids.includes(live) && ids.includes(revoked), 'state=all MUST list active and revoked tokens.', [live, revoked], ids);
  });
});
