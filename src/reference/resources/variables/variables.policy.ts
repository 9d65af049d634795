/**
 * The variation point of the project variable routes (variables.ts): the spec's behaviour as hooks a declared variation patches
 * (`policies: { ... }` in its declaration), so the handlers name no fault. SPEC_VARIABLES is the spec.
 *
 *   policies: { key: (p) => ({ ...p, hook: ... }) }   // in a *.variations.ts declaration
 */

export interface VariablesPolicy {}

export const SPEC_VARIABLES: VariablesPolicy = {};
