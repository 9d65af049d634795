/**
 * Revoking an impersonation token twice: the second DELETE changes nothing. Its status is not
 * judged (the spec gives none to a repeated revoke); after it the token still reads revoked and
 * inactive, and is still refused with 401.
 *
 *   DELETE /users/5/impersonation_tokens/9 -> 204;  again -> (any);  GET .../9 -> revoked true, active false
 */
import { beforeAll, describe } from 'vitest';
import {
  check,
  clauseTest,
  createImpersonationToken,
  createUser,
  requireThat,
  session,
  type CreatedUser,
  type Session,
} from '../../src/kit/index.ts';

describe.concurrent('DELETE /users/:user_id/impersonation_tokens/:id asked twice', () => {
  let owner: CreatedUser;
  beforeAll(async () => {
    owner = await createUser(session(), {}, { token: false });
  });

  /** A fresh token of the owner revoked twice (the first DELETE must answer 204); returns its path and value. */
  async function revokedTwice(s: Session, label: string): Promise<{ path: string; token: string }> {
    const t = await createImpersonationToken(s, owner.id, { name: s.name(label) });
    const path = `/users/${owner.id}/impersonation_tokens/${t.id}`;
    check.status(await s.admin.delete(path), 204, 'The first DELETE (set-up) MUST revoke the token with 204.');
    await s.admin.delete(path); // the repeat: its status is left open by the spec
    return { path, token: t.token };
  }

  clauseTest('tokens.delete.revoked', 'after a second DELETE the token still reads revoked true and active false', async ({ s }) => {
    const { path } = await revokedTwice(s, 'twice-read');
    const res = await s.admin.get(path);
    check.status(res, 200);
    requireThat(
      res.json?.revoked === true && res.json?.active === false,
      'A token revoked, then revoked again, MUST still read revoked true and active false.',
      { revoked: true, active: false },
      { revoked: res.json?.revoked, active: res.json?.active },
      ['revoked', 'active'],
    );
  });

  clauseTest('tokens.delete.rejected', 'after a second DELETE the token is still refused with 401', async ({ s }) => {
    const { token } = await revokedTwice(s, 'twice-use');
    check.status(await s.as({ token }).get('/user'), 401, 'A token revoked, then revoked again, MUST still be refused with 401.');
  });
});
