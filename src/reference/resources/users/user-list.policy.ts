/**
 * The variation point of GET /users (user-list.ts): its filters, ordering and views: the spec's behaviour as hooks a declared variation patches
 * (`policies: { ... }` in its declaration), so the handlers name no fault. SPEC_USER_LIST is the spec.
 *
 *   policies: { key: (p) => ({ ...p, hook: ... }) }   // in a *.variations.ts declaration
 */

export interface UserListPolicy {}

export const SPEC_USER_LIST: UserListPolicy = {};
