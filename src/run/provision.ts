/**
 * Provisioning of what every suite needs, through the API with the administrator token alone:
 * a regular user (named under the run prefix, example.com e-mail, confirmation skipped) and an
 * impersonation token for it. Each resource enters the ledger as soon as it exists.
 *
 *   const user = await provisionRegularUser(admin, { runPrefix, ledgerPath, secrets });
 */
import { randomBytes } from 'node:crypto';
import type { ApiClient } from '../kit/client.ts';
import { KitError } from '../shared/errors.ts';
import { appendLedger } from '../kit/ledger.ts';
import type { SecretSet } from '../shared/redact.ts';
import type { ProvisionedUser } from '../kit/target.ts';

export interface ProvisionContext {
  runPrefix: string;
  ledgerPath: string;
  secrets: SecretSet;
}

export async function provisionRegularUser(admin: ApiClient, ctx: ProvisionContext): Promise<ProvisionedUser> {
  const username = `${ctx.runPrefix}-user`;
  const password = `Pw-${randomBytes(12).toString('base64url')}`;
  ctx.secrets.add(password);
  const created = await admin.post('/users', {
    json: {
      username,
      name: `Conformance ${ctx.runPrefix}`,
      email: `${username}@example.com`,
      password,
      skip_confirmation: true,
    },
  });
  if (created.status !== 201 && created.status !== 200) {
    throw new KitError(
      'PROVISIONING_FAILED',
      `Could not create the run's regular user: POST /users ${created.error ? `got no complete answer (${created.error})` : `answered ${created.status} ${ctx.secrets.redact(created.text.slice(0, 200))}`}`,
    );
  }
  const id = Number(created.json.id);
  appendLedger(ctx.ledgerPath, {
    kind: 'user',
    id,
    path: `/users/${id}`,
    query: { hard_delete: 'true' },
    label: username,
    target: admin.options.apiUrl,
  });

  const token = await admin.post(`/users/${id}/impersonation_tokens`, {
    json: { name: `${ctx.runPrefix}-token`, scopes: ['api', 'read_user'] },
  });
  if ((token.status !== 201 && token.status !== 200) || typeof token.json?.token !== 'string') {
    throw new KitError(
      'PROVISIONING_FAILED',
      token.error
        ? `Could not create an impersonation token for the run's regular user: got no complete answer (${token.error}).`
        : `Could not create an impersonation token for the run's regular user: answered ${token.status}. Is impersonation disabled on the target?`,
    );
  }
  ctx.secrets.add(token.json.token);
  appendLedger(ctx.ledgerPath, {
    kind: 'impersonation_token',
    id: Number(token.json.id),
    path: `/users/${id}/impersonation_tokens/${token.json.id}`,
    target: admin.options.apiUrl,
  });
  return { id, username, token: token.json.token };
}
