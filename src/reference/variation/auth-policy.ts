/**
 * The variation point of authentication (auth.ts): what the shared auth hook reads and enforces,
 * as data. SPEC_AUTH is the spec; a declared variation patches a copy (a token transport left
 * out, sudo's scope unchecked...), so auth.ts names no variation.
 *
 *   auth: (p) => ({ ...p, transports: p.transports.filter((t) => t !== 'bearer') })
 */

/** What a route requires of its caller, declared once per route and enforced by the auth hook. */
export type AuthNeed = 'public' | 'authenticated' | 'admin';

/** Where a token may travel, in the platform's order of precedence. */
export type TokenTransport = 'private-token-header' | 'private-token-query' | 'bearer' | 'access-token-query';

export interface AuthPolicy {
  /** The transports read, in order: the first present wins. */
  readonly transports: readonly TokenTransport[];
  /** The Sudo header and sudo query parameter are read. */
  readonly sudo: boolean;
  /** A revoked token is refused. */
  readonly revocationChecked: boolean;
  /** A token whose expires_at has passed is refused. */
  readonly expiryChecked: boolean;
  /** API use moves the user's last_activity_on. */
  readonly recordsActivity: boolean;
  /** A sudo username is matched in any case ('insensitive') or exactly. */
  readonly sudoUsernameCase: 'insensitive' | 'sensitive';
  /** Sudo needs the sudo scope on the admin's token. */
  readonly sudoNeedsScope: boolean;
  /** The missing sudo scope is reported before the must-be-admin rule ('scope-first'). */
  readonly sudoCheckOrder: 'admin-first' | 'scope-first';
  /** Sudo naming nobody: 404 ('not-found'), or the request runs as the token owner ('ignored'). */
  readonly unknownSudoUser: 'not-found' | 'ignored';
  /** Routes declared admin-only refuse other users (403). */
  readonly adminOnlyEnforced: boolean;
  /** Admin Mode: an administrator's token acts as an administrator only with the admin_mode scope (otherwise as a regular user). */
  readonly adminModeScope: boolean;
}

export const SPEC_AUTH: AuthPolicy = {
  transports: ['private-token-header', 'private-token-query', 'bearer', 'access-token-query'],
  sudo: true,
  revocationChecked: true,
  expiryChecked: true,
  recordsActivity: true,
  sudoUsernameCase: 'insensitive',
  sudoNeedsScope: true,
  sudoCheckOrder: 'admin-first',
  unknownSudoUser: 'not-found',
  adminOnlyEnforced: true,
  adminModeScope: false,
};
