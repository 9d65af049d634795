/**
 * The variation point of the user state moves (user-states.ts): block, unblock, deactivate and
 * activate. It decides which moves change the user's state, which states each move refuses (a
 * block by directory synchronization, a block by an admin, a deactivated user) and whether recent
 * activity stops a deactivation. SPEC_USER_STATES is the spec; a declared variation patches it
 * (`policies: { userStates: ... }` in user-states.variations.ts), so the handlers name no fault.
 *
 *   // block answers 201 and changes nothing (users.block-not-applied):
 *   policies: { userStates: (p) => ({ ...p, applies: (move) => move !== 'block' && p.applies(move) }) }
 */

/** The moves of POST /users/:id/<move>. */
export type StateMove = 'block' | 'unblock' | 'deactivate' | 'activate';

export interface UserStatesPolicy {
  /** The move, answered as made, changes the user's state (block and unblock ask). */
  applies(move: StateMove): boolean;
  /** Block and unblock refuse a user blocked by directory (LDAP) synchronization (403). */
  readonly refusesLdapBlocked: boolean;
  /** Block refuses a deactivated user (403); the spec blocks it. */
  readonly refusesDeactivatedBlock: boolean;
  /** The move refuses a user blocked by an admin or by LDAP (403; deactivate and activate ask). */
  refusesBlocked(move: StateMove): boolean;
  /** Deactivation refuses a user active within the spec's window (DEACTIVATION_INACTIVE_DAYS). */
  readonly deactivationChecksActivity: boolean;
}

export const SPEC_USER_STATES: UserStatesPolicy = {
  applies: () => true,
  refusesLdapBlocked: true,
  refusesDeactivatedBlock: false,
  refusesBlocked: () => true,
  deactivationChecksActivity: true,
};
