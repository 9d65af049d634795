/**
 * The variation point of GET /users (user-list.ts): which users its filters keep, how it orders
 * them and what its admin list item shows, as hooks a declared variation patches (`policies: {
 * userList: ... }` in its declaration), so the handler names no fault. SPEC_USER_LIST is the spec.
 *
 *   policies: { userList: (p) => ({ ...p, usernameMatches: (a, b) => a === b }) }   // username= case-sensitive
 */
import type { Identity, UserRecord } from '../../domain/records.ts';

export interface UserListPolicy {
  /** username=: does a stored username match the one asked for? */
  usernameMatches(username: string, asked: string): boolean;
  /** search=: the fields a (lower-cased) search term is looked for in. */
  searchFields(user: UserRecord): readonly string[];
  /** active=true keeps this user. */
  countsAsActive(user: UserRecord): boolean;
  /** blocked=true keeps this user. */
  countsAsBlocked(user: UserRecord): boolean;
  /** external=true (admins) keeps this user. */
  countsAsExternal(user: UserRecord): boolean;
  /** two_factor= (admins): whether the value asks for users with two-factor authentication on. */
  twoFactorAskedFor(value: 'enabled' | 'disabled'): boolean;
  /** without_projects=true (admins) leaves out users with access to a project. */
  readonly withoutProjectsApplies: boolean;
  /** extern_uid= and provider= (admins): does one of the user's identities match them? */
  identityMatches(identity: Identity, externUid: string | undefined, provider: string | undefined): boolean;
  /** created_before= and created_after= (admins) leave out users created outside them. */
  readonly createdFiltersApply: boolean;
  /** order_by= (admins) is followed. */
  readonly orderByApplies: boolean;
  /** sort= (admins) is followed. */
  readonly sortApplies: boolean;
  /** The direction without sort=. */
  readonly defaultSortDirection: 'asc' | 'desc';
  /** The admin list item carries is_admin. */
  readonly adminItemShowsIsAdmin: boolean;
  /** The admin list item carries current_sign_in_ip and last_sign_in_ip. */
  readonly adminItemShowsSignInIps: boolean;
  /**
   * An anonymous caller (only where a declaration makes the routes public): 'unauthorized' as the
   * spec's routes, or the platform's 403 unless GET /users asks for a username (and 403 on GET /users/:id).
   */
  readonly anonymous: 'unauthorized' | 'forbidden-unless-username';
}

export const SPEC_USER_LIST: UserListPolicy = {
  usernameMatches: (username, asked) => username.toLowerCase() === asked.toLowerCase(),
  searchFields: (u) => [u.name, u.username, u.email],
  countsAsActive: (u) => u.state === 'active',
  countsAsBlocked: (u) => u.state === 'blocked' || u.state === 'ldap_blocked',
  countsAsExternal: (u) => u.external,
  twoFactorAskedFor: (value) => value === 'enabled',
  withoutProjectsApplies: true,
  identityMatches: (i, externUid, provider) => i.externUid === externUid && i.provider === provider,
  createdFiltersApply: true,
  orderByApplies: true,
  sortApplies: true,
  defaultSortDirection: 'desc',
  adminItemShowsIsAdmin: true,
  adminItemShowsSignInIps: true,
  anonymous: 'unauthorized',
};
