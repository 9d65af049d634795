/**
 * The variation point of the epic routes (epics.ts): the spec's behaviour as hooks a declared variation patches
 * (`policies: { ... }` in its declaration), so the handlers name no fault. SPEC_EPICS is the spec.
 *
 *   policies: { key: (p) => ({ ...p, hook: ... }) }   // in a *.variations.ts declaration
 */

export interface EpicsPolicy {}

export const SPEC_EPICS: EpicsPolicy = {};
