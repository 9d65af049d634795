/**
 * Provisioning of what every suite needs, through the API with the administrator token alone:
 * a regular user (named under the run prefix, example.com e-mail, confirmation skipped, a password
 * that meets common complexity rules) and an impersonation token for it, expiring on the run's
 * tokenExpiresAt; and the run group, the one top-level group of the run (private, its path the
 * run prefix), of which every group the run makes is a subgroup: current platform releases only
 * mark a top-level group for deletion and refuse to remove it at once, while a subgroup can be
 * removed for good (cleanup removes the run group last). Each resource enters the ledger as soon
 * as it exists. A refusal that a setting of the target explains (Admin Mode, password rules,
 * token expiry, time zone) names the setting; a 2xx answer without what the kit reads from it (the
 * user's id, the token's value) names the request, the status and the field (KitError
 * ANSWER_INCOMPLETE, needed-field.ts). Where the installation makes profiles private by default
 * (user_defaults_to_private_profile, read at preflight), the user is created with private_profile
 * false stated, as every user the kit makes.
 *
 *   const user = await provisionRegularUser(admin, { runPrefix, ledgerPath, secrets, tokenExpiresAt: '2025-07-14' });
 *   const group = await provisionRunGroup(admin, { runPrefix, ledgerPath });   // { id: 12, fullPath: 'cfk-1a2b3c4d' }
 */
import { randomBytes } from 'node:crypto';
import type { ApiClient } from '../kit/client.ts';
import { KitError } from '../shared/errors.ts';
import { appendLedger } from '../kit/ledger.ts';
import type { SecretSet } from '../shared/redact.ts';
import type { ProvisionedUser, RunGroup } from '../kit/target.ts';
import { firstMissingField, missingField, TOKEN_VALUE, type NeededField } from '../kit/needed-field.ts';
import { publicProfile, type InstallationSettings } from '../kit/installation.ts';
import { adminModeError, assertUtc, passwordRefusal, tokenExpiryRefusal } from './target-settings.ts';

/** What provisioning reads from the target's answers (needed-field.ts). */
const USER_ID: NeededField = { field: 'id', kind: 'id', what: "the new user's id" };
const GROUP_ID: NeededField = { field: 'id', kind: 'id', what: "the new group's id" };
const CREATED_TOKEN: readonly NeededField[] = [TOKEN_VALUE, { field: 'id', kind: 'id', what: "the token's id, for cleanup" }];

export interface ProvisionContext {
  runPrefix: string;
  ledgerPath: string;
  secrets: SecretSet;
  /** The expires_at of the run's impersonation token (YYYY-MM-DD; token-expiry.ts). */
  tokenExpiresAt: string;
  /** The installation settings preflight read (the spec's defaults when not given). */
  installation?: InstallationSettings;
}

/** A random password with upper and lower case letters, digits and symbols, 24 characters: it meets the usual complexity rules. */
export function runPassword(): string {
  return `Kit-${randomBytes(12).toString('base64url')}-9z!`;
}

export async function provisionRegularUser(admin: ApiClient, ctx: ProvisionContext): Promise<ProvisionedUser> {
  const username = `${ctx.runPrefix}-user`;
  const password = runPassword();
  ctx.secrets.add(password);
  const created = await admin.post('/users', {
    json: {
      username,
      name: `Conformance ${ctx.runPrefix}`,
      email: `${username}@example.com`,
      password,
      skip_confirmation: true,
      ...publicProfile(ctx.installation),
    },
  });
  const redact = (text: string) => ctx.secrets.redact(text);
  if (created.status === 403) throw adminModeError('the admin-only POST /users answered 403');
  const refused = passwordRefusal(created, redact);
  if (refused) throw refused;
  if (created.status !== 201 && created.status !== 200) {
    throw new KitError(
      'PROVISIONING_FAILED',
      `Could not create the run's regular user: POST /users ${created.error ? `got no complete answer (${created.error})` : `answered ${created.status} ${ctx.secrets.redact(created.text.slice(0, 200))}`}`,
    );
  }
  const userLacks = missingField(created, 'POST /users', USER_ID);
  if (userLacks) throw new KitError('ANSWER_INCOMPLETE', redact(`Could not create the run's regular user: ${userLacks}`));
  const id = Number(created.json.id);
  appendLedger(ctx.ledgerPath, {
    kind: 'user',
    id,
    path: `/users/${id}`,
    query: { hard_delete: 'true' },
    label: username,
    target: admin.options.apiUrl,
  });
  assertUtc(created.json.created_at, 'POST /users');

  const token = await admin.post(`/users/${id}/impersonation_tokens`, {
    json: { name: `${ctx.runPrefix}-token`, scopes: ['api', 'read_user'], expires_at: ctx.tokenExpiresAt },
  });
  const expiry = tokenExpiryRefusal(token, ctx.tokenExpiresAt, redact);
  if (expiry) throw expiry;
  const tokenRequest = `POST /users/${id}/impersonation_tokens`;
  if (token.status !== 201 && token.status !== 200) {
    throw new KitError(
      'PROVISIONING_FAILED',
      token.error
        ? `Could not create an impersonation token for the run's regular user: ${tokenRequest} got no complete answer (${token.error}).`
        : `Could not create an impersonation token for the run's regular user: ${tokenRequest} answered ${token.status} ${redact(token.text.slice(0, 200))}`,
    );
  }
  if (typeof token.json?.token === 'string' && token.json.token !== '') ctx.secrets.add(token.json.token);
  const tokenLacks = firstMissingField(token, tokenRequest, CREATED_TOKEN);
  if (tokenLacks)
    throw new KitError('ANSWER_INCOMPLETE', redact(`Could not create an impersonation token for the run's regular user: ${tokenLacks}`));
  appendLedger(ctx.ledgerPath, {
    kind: 'impersonation_token',
    id: Number(token.json.id),
    path: `/users/${id}/impersonation_tokens/${token.json.id}`,
    target: admin.options.apiUrl,
  });
  return { id, username, token: token.json.token };
}

/** The run's top-level group: private, path and name the run prefix, ledgered before anything is made in it. */
export async function provisionRunGroup(admin: ApiClient, ctx: Pick<ProvisionContext, 'runPrefix' | 'ledgerPath'>): Promise<RunGroup> {
  const path = ctx.runPrefix;
  const created = await admin.post('/groups', { json: { name: path, path, visibility: 'private' } });
  if (created.status === 403) throw adminModeError('POST /groups answered 403');
  if (created.status !== 201 && created.status !== 200) {
    throw new KitError(
      'PROVISIONING_FAILED',
      `Could not create the run's group: POST /groups ${created.error ? `got no complete answer (${created.error})` : `answered ${created.status} ${created.text.slice(0, 200)}`}`,
    );
  }
  const lacks = missingField(created, 'POST /groups', GROUP_ID);
  if (lacks) throw new KitError('ANSWER_INCOMPLETE', `Could not create the run's group: ${lacks}`);
  const id = Number(created.json.id);
  appendLedger(ctx.ledgerPath, { kind: 'group', id, path: `/groups/${id}`, label: path, target: admin.options.apiUrl, parent: null });
  return { id, fullPath: String(created.json.full_path ?? path) };
}
