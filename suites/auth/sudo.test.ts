/**
 * Sudo end to end: an administrator's token with the sudo scope plus the Sudo header or the sudo
 * query parameter, naming a user by id or by username in any case, runs the request as that user
 * (GET /user answers that user); the three refusals: a non-admin (403, "must be admin"), an admin
 * token without the sudo scope (403 insufficient_scope, here an api-scoped impersonation token
 * of the administrator), an unknown user (404 naming it). Where the installation has Admin Mode on
 * (read at preflight), that token also carries the admin_mode scope: without it the token is no
 * administrator's there, and the answer would be "must be admin" instead.
 *
 * On a deployed target whose administrator token lacks the sudo scope, the checks that need it
 * are skipped with that reason; the bundled reference's token always has it.
 */
import { beforeAll, describe } from 'vitest';
import {
  check,
  clauseTest,
  createImpersonationToken,
  createUser,
  missingUserId,
  requireThat,
  session,
  type ApiResponse,
  type ClauseContext,
  type CreatedUser,
} from '../../src/kit/index.ts';
import { adminScopes } from '../../src/kit/installation.ts';

type Via = 'header' | 'query';
const VIAS: readonly Via[] = ['header', 'query'];

/** A username with its letters' case swapped (jdoe -> JDOE, cfk-a1 -> CFK-A1). */
const swapCase = (name: string) => [...name].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** Skips when a deployed target refuses sudo to the administrator token for want of the scope. */
function needSudoScope(ctx: ClauseContext, res: ApiResponse): void {
  if (!ctx.s.target.bundled && res.status === 403 && res.json?.error === 'insufficient_scope') {
    ctx.skip('The administrator token lacks the sudo scope: give CONFORMANCE_ADMIN_TOKEN the sudo scope to certify sudo.');
  }
}

/** GET /user as the administrator with sudo; the answer must be `user`. */
async function actsAs(ctx: ClauseContext, value: string | number, via: Via, user: CreatedUser): Promise<void> {
  const res = await ctx.s.admin.get('/user', { sudo: value, sudoVia: via });
  needSudoScope(ctx, res);
  const how = via === 'header' ? `the Sudo header ${value}` : `the query parameter sudo=${value}`;
  check.status(res, 200, `GET /user by an admin with ${how} MUST answer 200.`);
  requireThat(
    res.json?.id === user.id && res.json?.username === user.username,
    `GET /user with ${how} MUST answer as that user.`,
    `${user.username} (id ${user.id})`,
    `${res.json?.username} (id ${res.json?.id})`,
  );
}

describe.concurrent('sudo', () => {
  let target: CreatedUser;
  beforeAll(async () => {
    target = await createUser(session(), {}, { token: false });
  });

  clauseTest('auth.sudo.query', 'an admin with Sudo: <id> or sudo=<id> gets GET /user answered as that user', async (ctx) => {
    for (const via of VIAS) await actsAs(ctx, target.id, via, target);
  });

  clauseTest(
    'auth.sudo.username',
    'a sudo username in upper, lower or mixed case acts as that user, as header and as query',
    async (ctx) => {
      for (const via of VIAS) {
        for (const value of [target.username.toUpperCase(), swapCase(target.username), target.username]) {
          await actsAs(ctx, value, via, target);
        }
      }
    },
  );

  clauseTest('auth.sudo.non_admin.status', 'sudo with a non-admin token answers 403, as header and as query', async ({ s }) => {
    for (const via of VIAS) {
      const res = await s.user.get('/user', { sudo: target.id, sudoVia: via });
      check.status(res, 403, `GET /user by a non-admin with sudo (${via}) MUST answer 403.`);
    }
  });

  clauseTest('auth.sudo.non_admin.message', 'the non-admin sudo 403 says that admin is required to use sudo', async ({ s }) => {
    const res = await s.user.get('/user', { sudo: target.username });
    check.status(res, 403);
    check.errorBody(res, 'error.message');
    const message = String(res.json.message);
    requireThat(
      /admin/i.test(message) && /sudo/i.test(message),
      'The 403 message MUST say that admin is required to use sudo.',
      'a message naming admin and sudo',
      message,
    );
  });

  describe('an admin token without the sudo scope', () => {
    let apiOnly: CreatedUser['client'];
    beforeAll(async () => {
      const s = session();
      // Admin Mode: an administrator's token without admin_mode acts as a regular user's (no sudo at all).
      const made = await createImpersonationToken(s, s.target.admin.id, { scopes: adminScopes(s.target.installation, ['api']) });
      apiOnly = s.as({ token: made.token });
    });

    /** Sudo with the api-scoped token, once its plain use is shown to work. */
    async function sudoWithoutScope({ s }: ClauseContext): Promise<ApiResponse> {
      const plain = await apiOnly.get('/user');
      check.status(plain, 200, "The administrator's api-scoped impersonation token MUST work without sudo.");
      requireThat(plain.json?.id === s.target.admin.id, 'That token MUST act as the administrator.', s.target.admin.id, plain.json?.id);
      return apiOnly.get('/user', { sudo: target.id });
    }

    clauseTest('auth.sudo.no_scope.status', 'sudo with an api-scoped impersonation token of the admin answers 403', async (ctx) => {
      check.status(await sudoWithoutScope(ctx), 403);
    });

    clauseTest('auth.sudo.no_scope.error', 'that 403 has error insufficient_scope, an error_description and scope sudo', async (ctx) => {
      const res = await sudoWithoutScope(ctx);
      check.status(res, 403);
      check.errorBody(res, 'error.insufficient-scope');
      requireThat(res.json.scope === 'sudo', 'The insufficient_scope body MUST name the scope sudo.', 'sudo', res.json.scope);
    });
  });

  clauseTest('auth.sudo.unknown_user', 'sudo naming an unknown username or id answers 404 with a message naming it', async (ctx) => {
    const { s } = ctx;
    for (const value of [`${s.name('nobody')}`, String(await missingUserId(s))]) {
      for (const via of VIAS) {
        const res = await s.admin.get('/user', { sudo: value, sudoVia: via });
        needSudoScope(ctx, res);
        check.status(res, 404, `Sudo (${via}) naming the unknown user ${value} MUST answer 404.`);
        check.errorBody(res, 'error.message');
        requireThat(
          String(res.json.message).includes(value),
          'The 404 message MUST name the unknown id or username.',
          `a message containing ${value}`,
          res.json.message,
        );
      }
    }
  });
});
