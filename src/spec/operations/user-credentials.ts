/**
 * Operations of the spec on what a user holds: SSH keys, GPG keys, e-mail addresses and
 * impersonation tokens, for the current user (/user/...) and, by an administrator, for any user
 * (/users/:id/...) (spec: Endpoints > SSH keys, GPG keys, E-mails, Impersonation tokens).
 *
 *   CREDENTIAL_OPERATIONS.filter((o) => o.tag === 'gpg-keys').length // 8
 */
import { array, boolean, date, datetime, oneOf, string, type Operation } from '../operation.ts';

const ADMIN = 'Administrators only; anyone else gets 403.';

const SSH_KEY_BODY = {
  fields: {
    title: string(),
    key: string({ description: 'public key text' }),
    expires_at: datetime({ description: 'ISO 8601, form YYYY-MM-DDTHH:MM:SSZ' }),
  },
  required: ['title', 'key'],
};

const GPG_KEY_BODY = { fields: { key: string({ description: 'armored public key block' }) }, required: ['key'] };

const SSH: Operation[] = [
  {
    method: 'GET', path: '/user/keys', operationId: 'listCurrentUserSshKeys', tag: 'ssh-keys',
    summary: 'List the SSH keys of the current user', auth: 'authenticated', list: true,
    success: { status: 200, view: 'ssh-key', clause: 'keys.field.shape' },
  },
  {
    method: 'GET', path: '/users/:id_or_username/keys', operationId: 'listUserSshKeys', tag: 'ssh-keys',
    summary: 'List the SSH keys of a user',
    description: 'Whether this endpoint needs authentication is left open by the spec.', auth: 'public', list: true,
    pathParams: { id_or_username: 'id or username of the user' },
    success: { status: 200, view: 'ssh-key', clause: 'keys.field.shape' },
  },
  {
    method: 'GET', path: '/user/keys/:key_id(int)', operationId: 'getCurrentUserSshKey', tag: 'ssh-keys',
    summary: 'Get one SSH key of the current user', auth: 'authenticated',
    success: { status: 200, view: 'ssh-key', clause: 'keys.field.shape' },
  },
  {
    method: 'POST', path: '/user/keys', operationId: 'addCurrentUserSshKey', tag: 'ssh-keys',
    summary: 'Add an SSH key for the current user',
    description: 'A key already taken gets 400 with a message object keyed by fingerprint and key.',
    auth: 'authenticated', body: SSH_KEY_BODY, success: { status: 201, view: 'ssh-key', clause: 'keys.field.shape' },
  },
  {
    method: 'POST', path: '/users/:id_or_username(int)/keys', operationId: 'addUserSshKey', tag: 'ssh-keys',
    summary: 'Add an SSH key for a user', description: `${ADMIN} Also records an audit event (premium).`, auth: 'admin', refusedClause: 'keys.admin.non_admin',
    pathParams: { id_or_username: 'id of the user (the spec writes this path /users/:id/keys)' },
    body: SSH_KEY_BODY, sample: { title: '{name}', key: '{ssh_key}' },
    success: { status: 201, notShown: 'The response body of the admin add-key operation is not shown in the spec.' },
  },
  {
    method: 'DELETE', path: '/user/keys/:key_id(int)', operationId: 'deleteCurrentUserSshKey', tag: 'ssh-keys',
    summary: 'Delete an SSH key of the current user', auth: 'authenticated', success: { status: 204 },
  },
  {
    method: 'DELETE', path: '/users/:id_or_username(int)/keys/:key_id(int)', operationId: 'deleteUserSshKey', tag: 'ssh-keys',
    summary: 'Delete an SSH key of a user', description: ADMIN, auth: 'admin', refusedClause: 'keys.admin.non_admin',
    pathParams: { id_or_username: 'id of the user (the spec writes this path /users/:id/keys/:key_id)' },
    success: { status: 204 },
  },
];

const GPG: Operation[] = [
  {
    method: 'GET', path: '/user/gpg_keys', operationId: 'listCurrentUserGpgKeys', tag: 'gpg-keys',
    summary: 'List the GPG keys of the current user', auth: 'authenticated', list: true,
    success: { status: 200, view: 'gpg-key', clause: 'gpg.field.shape' },
  },
  {
    method: 'GET', path: '/user/gpg_keys/:key_id(int)', operationId: 'getCurrentUserGpgKey', tag: 'gpg-keys',
    summary: 'Get one GPG key of the current user', auth: 'authenticated',
    success: { status: 200, view: 'gpg-key', clause: 'gpg.field.shape' },
  },
  {
    method: 'POST', path: '/user/gpg_keys', operationId: 'addCurrentUserGpgKey', tag: 'gpg-keys',
    summary: 'Add a GPG key for the current user', auth: 'authenticated', body: GPG_KEY_BODY,
    success: { status: 201, view: 'gpg-key.created', clause: 'gpg.create_own.shape' },
  },
  {
    method: 'DELETE', path: '/user/gpg_keys/:key_id(int)', operationId: 'deleteCurrentUserGpgKey', tag: 'gpg-keys',
    summary: 'Delete a GPG key of the current user', auth: 'authenticated', success: { status: 204 },
  },
  {
    method: 'GET', path: '/users/:id(int)/gpg_keys', operationId: 'listUserGpgKeys', tag: 'gpg-keys',
    summary: 'List the GPG keys of a user', description: ADMIN, auth: 'admin', refusedClause: 'gpg.admin.non_admin', list: true,
    success: { status: 200, view: 'gpg-key', clause: 'gpg.field.shape' },
  },
  {
    method: 'GET', path: '/users/:id(int)/gpg_keys/:key_id(int)', operationId: 'getUserGpgKey', tag: 'gpg-keys',
    summary: 'Get one GPG key of a user', description: ADMIN, auth: 'admin', refusedClause: 'gpg.admin.non_admin',
    success: { status: 200, view: 'gpg-key', clause: 'gpg.field.shape' },
  },
  {
    method: 'POST', path: '/users/:id(int)/gpg_keys', operationId: 'addUserGpgKey', tag: 'gpg-keys',
    summary: 'Add a GPG key for a user',
    description: `${ADMIN} The spec's parameter table lists key_id but its example sends the key text as key.`,
    auth: 'admin', refusedClause: 'gpg.admin.non_admin',
    body: GPG_KEY_BODY, sample: { key: '{gpg_key}' }, success: { status: 201, view: 'gpg-key.created', clause: 'gpg.create_user.shape' },
  },
  {
    method: 'DELETE', path: '/users/:id(int)/gpg_keys/:key_id(int)', operationId: 'deleteUserGpgKey', tag: 'gpg-keys',
    summary: 'Delete a GPG key of a user', description: ADMIN, auth: 'admin', refusedClause: 'gpg.admin.non_admin', success: { status: 204 },
  },
];

const EMAILS: Operation[] = [
  {
    method: 'GET', path: '/user/emails', operationId: 'listCurrentUserEmails', tag: 'emails',
    summary: 'List the e-mail addresses of the current user', auth: 'authenticated', list: true,
    success: { status: 200, view: 'email', clause: 'emails.field.shape' },
  },
  {
    method: 'GET', path: '/users/:id(int)/emails', operationId: 'listUserEmails', tag: 'emails',
    summary: 'List the e-mail addresses of a user', description: ADMIN, auth: 'admin', refusedClause: 'emails.admin.non_admin', list: true,
    success: { status: 200, view: 'email', clause: 'emails.field.shape' },
  },
  {
    method: 'GET', path: '/user/emails/:email_id(int)', operationId: 'getCurrentUserEmail', tag: 'emails',
    summary: 'Get one e-mail address of the current user', auth: 'authenticated',
    success: { status: 200, view: 'email', clause: 'emails.field.shape' },
  },
  {
    method: 'POST', path: '/user/emails', operationId: 'addCurrentUserEmail', tag: 'emails',
    summary: 'Add an e-mail address for the current user',
    description: 'An address already taken gets 400 with a message object keyed by email.', auth: 'authenticated',
    body: { fields: { email: string() }, required: ['email'] },
    success: { status: 201, view: 'email', clause: 'emails.field.shape' },
  },
  {
    method: 'POST', path: '/users/:id(int)/emails', operationId: 'addUserEmail', tag: 'emails',
    summary: 'Add an e-mail address for a user', description: ADMIN, auth: 'admin', refusedClause: 'emails.admin.non_admin',
    body: { fields: { email: string(), skip_confirmation: boolean({ default: false }) }, required: ['email'] },
    sample: { email: '{name}@example.com', skip_confirmation: true },
    success: { status: 201, notShown: 'The response body of the admin add-e-mail operation is not shown in the spec.' },
  },
  {
    method: 'DELETE', path: '/user/emails/:email_id(int)', operationId: 'deleteCurrentUserEmail', tag: 'emails',
    summary: 'Delete an e-mail address of the current user', auth: 'authenticated', success: { status: 204 },
  },
  {
    method: 'DELETE', path: '/users/:id(int)/emails/:email_id(int)', operationId: 'deleteUserEmail', tag: 'emails',
    summary: 'Delete an e-mail address of a user', description: ADMIN, auth: 'admin', refusedClause: 'emails.admin.non_admin', success: { status: 204 },
  },
];

const tokens = '/users/:user_id(int)/impersonation_tokens';

const TOKENS: Operation[] = [
  {
    method: 'GET', path: tokens, operationId: 'listImpersonationTokens', tag: 'impersonation-tokens',
    summary: 'List the impersonation tokens of a user', description: ADMIN, auth: 'admin', refusedClause: 'tokens.admin.non_admin',
    query: { state: oneOf(['all', 'active', 'inactive']) }, list: true,
    success: { status: 200, view: 'impersonation-token', clause: 'tokens.field.shape' },
  },
  {
    method: 'GET', path: `${tokens}/:impersonation_token_id(int)`, operationId: 'getImpersonationToken',
    tag: 'impersonation-tokens', summary: 'Get one impersonation token of a user', description: ADMIN, auth: 'admin', refusedClause: 'tokens.admin.non_admin',
    success: { status: 200, view: 'impersonation-token', clause: 'tokens.field.shape' },
  },
  {
    method: 'POST', path: tokens, operationId: 'createImpersonationToken', tag: 'impersonation-tokens',
    summary: 'Create an impersonation token for a user',
    description: `${ADMIN} The token value is in this response only, returned this one time.`, auth: 'admin', refusedClause: 'tokens.admin.non_admin',
    body: {
      fields: {
        name: string(),
        expires_at: date(),
        scopes: array(oneOf(['api', 'read_user']), { minItems: 1 }),
      },
      required: ['name', 'scopes'],
    },
    sample: { name: '{name}', scopes: ['api'] },
    success: { status: 201, view: 'impersonation-token.created', clause: 'tokens.field.shape' },
  },
  {
    method: 'DELETE', path: `${tokens}/:impersonation_token_id(int)`, operationId: 'revokeImpersonationToken',
    tag: 'impersonation-tokens', summary: 'Revoke an impersonation token of a user', description: ADMIN, auth: 'admin', refusedClause: 'tokens.admin.non_admin',
    success: { status: 204 },
  },
];

export const CREDENTIAL_OPERATIONS: Operation[] = [...SSH, ...GPG, ...EMAILS, ...TOKENS];
