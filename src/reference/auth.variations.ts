/**
 * The declared variations of authentication, sudo and scopes (auth.ts): each fault once, with the
 * clause it breaks and the suites that catch it. Behaviour a declaration carries is applied at
 * the shared variation points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=auth.401-body npm run serve
 */
import type { Variation } from './variation/declaration.ts';

export const AUTH_VARIATIONS = [
  {
    id: 'tokens.expiry-unchecked',
    kind: 'fault',
    description: 'authentication does not look at expires_at: a token whose expiry date has passed still works',
    clause: 'auth.invalid.401',
    suites: ['suites/impersonation-tokens/expired.test.ts'],
    auth: (p) => ({ ...p, expiryChecked: false }),
  },
  {
    id: 'auth.401-body',
    kind: 'fault',
    description: '401 body is {"error":"unauthorized"}',
    clause: 'auth.401.body',
    suites: ['broadcast-messages'],
    wire: (p) => ({ ...p, errorBodies: { ...p.errorBodies, unauthorized: { error: 'unauthorized' } } }),
  },
  {
    id: 'auth.sudo-ignored',
    kind: 'fault',
    description: 'the sudo header and query parameter are ignored',
    clause: 'auth.sudo.query',
    suites: ['suites/auth/sudo.test.ts'],
    auth: (p) => ({ ...p, sudo: false }),
  },
  {
    id: 'auth.bearer-ignored',
    kind: 'fault',
    description: 'the Authorization: Bearer header is not read: requests carrying only it are anonymous',
    clause: 'auth.pat.bearer',
    suites: ['suites/auth/tokens.test.ts'],
    auth: (p) => ({ ...p, transports: p.transports.filter((t) => t !== 'bearer') }),
  },
  {
    id: 'auth.private-token-query-ignored',
    kind: 'fault',
    description: 'the private_token query parameter is not read: requests carrying only it are anonymous',
    clause: 'auth.pat.private_token_query',
    suites: ['suites/auth/tokens.test.ts'],
    auth: (p) => ({ ...p, transports: p.transports.filter((t) => t !== 'private-token-query') }),
  },
  {
    id: 'auth.sudo-scope-unchecked',
    kind: 'fault',
    description: 'sudo works with an admin token that lacks the sudo scope',
    clause: 'auth.sudo.no_scope.status',
    suites: ['suites/auth/sudo.test.ts'],
    auth: (p) => ({ ...p, sudoNeedsScope: false }),
  },
  {
    id: 'auth.sudo-username-case-sensitive',
    kind: 'fault',
    description: 'a sudo username is matched case-sensitively',
    clause: 'auth.sudo.username',
    suites: ['suites/auth/sudo.test.ts'],
    auth: (p) => ({ ...p, sudoUsernameCase: 'sensitive' }),
  },
  {
    id: 'auth.sudo-scope-before-admin',
    kind: 'fault',
    description: 'sudo by a non-admin answers insufficient_scope: the scope is checked before the admin rule',
    clause: 'auth.sudo.non_admin.message',
    suites: ['suites/auth/sudo.test.ts'],
    auth: (p) => ({ ...p, sudoCheckOrder: 'scope-first' }),
  },
  {
    id: 'auth.sudo-unknown-user-ignored',
    kind: 'fault',
    description: 'sudo naming an unknown user is ignored: the request runs as the token owner',
    clause: 'auth.sudo.unknown_user',
    suites: ['suites/auth/sudo.test.ts'],
    auth: (p) => ({ ...p, unknownSudoUser: 'ignored' }),
  },
  {
    id: 'auth.admin-only-open',
    kind: 'fault',
    description: 'routes declared admin-only accept any authenticated user',
    clause: 'auth.admin_only.403',
    suites: ['suites/auth/matrix.test.ts'],
    auth: (p) => ({ ...p, adminOnlyEnforced: false }),
  },
  {
    id: 'auth.admin-mode',
    kind: 'capability',
    description:
      "Admin Mode is on, as the platform's admin_mode setting: an administrator's token without the admin_mode scope acts as a regular user's (admin-only routes 403, sudo 403 \"Must be admin to use sudo\", regular views); the seeded administrator's token carries admin_mode, and GET /application/settings says admin_mode true",
    option: 'adminMode',
    env: 'REFERENCE_ADMIN_MODE',
    clause: 'auth.sudo.no_scope.error',
    suites: ['suites/auth/sudo.test.ts'],
    auth: (p) => ({ ...p, adminModeScope: true }),
  },
] as const satisfies readonly Variation[];
