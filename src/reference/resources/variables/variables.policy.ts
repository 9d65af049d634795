/**
 * The variation point of the project variable routes (variables.ts): how a key is stored, compared and
 * reached, whether a create checks and inserts in one step and refuses a taken key, what a
 * variable created without type or scope gets, whether a blank scope is refused, what the show
 * view holds, whether PUT needs value and reads filter[environment_scope], and whether that filter
 * is offered at all. A declared variation patches these hooks (`policies: { variables: ... }` in
 * variables.variations.ts), so the handlers name no fault. SPEC_VARIABLES is the spec.
 *
 *   policies: { variables: (p) => ({ ...p, defaultVariableType: 'file' }) }   // the type default broken
 *   ctxOf(request).variations.policies.variables.storedKey('  DB_URL ')       // 'DB_URL' on the spec
 */
import { DEFAULT_SCOPE, type VARIABLE_TYPES } from '../../domain/variables.ts';

/** A variable view as sent (variableView in variables.ts). */
type VariableView = Readonly<Record<string, unknown>>;

export interface VariablesPolicy {
  /** The key as stored, from the key given: trimmed. */
  storedKey(given: string): string;
  /** Is a key taken by another of the same scope? Exactly equal on the spec (keys are case-sensitive). */
  sameKey(a: string, b: string): boolean;
  /** Does GET, PUT or DELETE of /variables/:key (`asked`) reach the variable of key `stored`? Exactly equal on the spec. */
  reachesKey(stored: string, asked: string): boolean;
  /** POST with a key taken in its scope replaces that variable (201) instead of being refused. */
  readonly takenKeyReplaces: boolean;
  /** POST checks the key is free, then awaits a storage round trip, then inserts without checking again (a race). */
  readonly createPausesBeforeInsert: boolean;
  /** variable_type of a variable created without one. */
  readonly defaultVariableType: (typeof VARIABLE_TYPES)[number];
  /** environment_scope of a variable created without one. */
  readonly defaultScope: string;
  /** A blank environment_scope passes validation (the spec says "can't be blank"). */
  readonly blankScopeAllowed: boolean;
  /** The view GET /projects/:id/variables/:key sends. */
  showView(view: VariableView): VariableView;
  /** PUT /projects/:id/variables/:key answers 400 without value. */
  readonly updateValueRequired: boolean;
  /** PUT reads filter[environment_scope], as GET and DELETE do. */
  readonly updateReadsScopeFilter: boolean;
  /** filter[environment_scope] selects among the variables of one key, and several matches are a 409 (the spec's feature flag; always on on the platform). */
  readonly scopeFilterOffered: boolean;
}

export const SPEC_VARIABLES: VariablesPolicy = {
  storedKey: (given) => given.trim(),
  sameKey: (a, b) => a === b,
  reachesKey: (stored, asked) => stored === asked,
  takenKeyReplaces: false,
  createPausesBeforeInsert: false,
  defaultVariableType: 'env_var',
  defaultScope: DEFAULT_SCOPE,
  blankScopeAllowed: false,
  showView: (view) => view,
  updateValueRequired: true,
  updateReadsScopeFilter: true,
  scopeFilterOffered: false,
};
