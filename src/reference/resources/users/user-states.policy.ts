/**
 * The variation point of the user state moves (user-states.ts): block, unblock, deactivate, activate: the spec's behaviour as hooks a declared variation patches
 * (`policies: { ... }` in its declaration), so the handlers name no fault. SPEC_USER_STATES is the spec.
 *
 *   policies: { key: (p) => ({ ...p, hook: ... }) }   // in a *.variations.ts declaration
 */

export interface UserStatesPolicy {}

export const SPEC_USER_STATES: UserStatesPolicy = {};
