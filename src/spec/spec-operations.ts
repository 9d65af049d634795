/**
 * The operations of the spec (api-v4.md, Endpoints and States), transcribed as the spec writes
 * them, in its order: the independent list the tests hold the operation table to. Path
 * parameter names are the spec's (`/users/:id/keys`), so compare by shape (pathShape()).
 * Tests compare the operation table with this list, never with a count.
 *
 *   SPEC_OPERATIONS.includes('GET /users/:id')  // true
 */
export const SPEC_OPERATIONS: readonly string[] = [
  // Project clusters
  'GET /projects/:id/clusters',
  'GET /projects/:id/clusters/:cluster_id',
  'POST /projects/:id/clusters/user',
  'PUT /projects/:id/clusters/:cluster_id',
  'DELETE /projects/:id/clusters/:cluster_id',
  // Project variables
  'GET /projects/:id/variables',
  'GET /projects/:id/variables/:key',
  'POST /projects/:id/variables',
  'PUT /projects/:id/variables/:key',
  'DELETE /projects/:id/variables/:key',
  // Users
  'GET /users',
  'GET /users/:id',
  'POST /users',
  'PUT /users/:id',
  'DELETE /users/:id',
  'DELETE /users/:id/identities/:provider',
  'GET /user',
  'GET /user/status',
  'GET /users/:id_or_username/status',
  'PUT /user/status',
  'GET /user_counts',
  'GET /user/activities',
  'GET /users/:id/memberships',
  'POST /users/:id/block',
  'POST /users/:id/unblock',
  'POST /users/:id/deactivate',
  'POST /users/:id/activate',
  // SSH keys
  'GET /user/keys',
  'GET /users/:id_or_username/keys',
  'GET /user/keys/:key_id',
  'POST /user/keys',
  'POST /users/:id/keys',
  'DELETE /user/keys/:key_id',
  'DELETE /users/:id/keys/:key_id',
  // GPG keys
  'GET /user/gpg_keys',
  'GET /user/gpg_keys/:key_id',
  'POST /user/gpg_keys',
  'DELETE /user/gpg_keys/:key_id',
  'GET /users/:id/gpg_keys',
  'GET /users/:id/gpg_keys/:key_id',
  'POST /users/:id/gpg_keys',
  'DELETE /users/:id/gpg_keys/:key_id',
  // E-mails
  'GET /user/emails',
  'GET /users/:id/emails',
  'GET /user/emails/:email_id',
  'POST /user/emails',
  'POST /users/:id/emails',
  'DELETE /user/emails/:email_id',
  'DELETE /users/:id/emails/:email_id',
  // Impersonation tokens
  'GET /users/:user_id/impersonation_tokens',
  'GET /users/:user_id/impersonation_tokens/:impersonation_token_id',
  'POST /users/:user_id/impersonation_tokens',
  'DELETE /users/:user_id/impersonation_tokens/:impersonation_token_id',
  // Broadcast messages
  'GET /broadcast_messages',
  'GET /broadcast_messages/:id',
  'POST /broadcast_messages',
  'PUT /broadcast_messages/:id',
  'DELETE /broadcast_messages/:id',
  // Dependencies
  'GET /projects/:id/dependencies',
  // Epics
  'GET /groups/:id/epics',
  'GET /groups/:id/epics/:epic_iid',
  'POST /groups/:id/epics',
  'PUT /groups/:id/epics/:epic_iid',
  'DELETE /groups/:id/epics/:epic_iid',
  'POST /groups/:id/epics/:epic_iid/todo',
];

/**
 * Routes the reference registers beyond the spec: the fixture surface DESIGN.md names (projects,
 * groups, members), which the kit needs to provision, and the reads real clients' own suites make
 * before they act (platform-behaviour.md); not operations of the spec, so not in the document.
 */
export const FIXTURE_SURFACE: readonly string[] = [
  'POST /projects',
  'GET /projects',
  'GET /projects/:id',
  'DELETE /projects/:id',
  'POST /groups',
  'GET /groups',
  'GET /groups/:id',
  'DELETE /groups/:id',
  'POST /projects/:id/members',
  'POST /groups/:id/members',
  'GET /groups/:id/subgroups',
  'GET /projects/:id/members',
  'GET /groups/:id/members',
  'GET /namespaces/:id',
  'GET /users/:id_or_username(int)/keys/:key_id(int)',
];
