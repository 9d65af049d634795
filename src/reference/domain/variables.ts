/**
 * Project variable rules, as the platform applies them: the key (trimmed, 1..255 of
 * A-Z a-z 0-9 _), the value of a masked variable (at least 8 characters of a limited set), one
 * key per environment scope.
 *
 *   keyErrors('MY-VAR');          // ["can contain only letters, digits and '_'."]
 *   maskable('s3cr3t-value');     // true
 *   scopeTaken(store, 5, 'DB', '*') // another variable of project 5 has key DB in scope *
 */
import type { Store } from '../store.ts';
import type { VariableRecord } from './records.ts';
import { VARIABLE_KEY_MAX_LENGTH, VARIABLE_KEY_PATTERN } from '../../spec/limits.ts';

export const KEY_CHARSET_TEXT = "can contain only letters, digits and '_'.";
export const VARIABLE_TYPES = ['env_var', 'file'] as const;
export const DEFAULT_SCOPE = '*';

const MASKABLE = /^[A-Za-z0-9_+=/@:.~-]{8,}$/;

/** Model errors of a (trimmed) key; empty when valid. */
export function keyErrors(key: string): string[] {
  const errors: string[] = [];
  if (key === '') errors.push("can't be blank");
  else if (!VARIABLE_KEY_PATTERN.test(key)) errors.push(KEY_CHARSET_TEXT);
  if (key.length > VARIABLE_KEY_MAX_LENGTH) errors.push(`is too long (maximum is ${VARIABLE_KEY_MAX_LENGTH} characters)`);
  return errors;
}

/** Can this value be masked in job logs? */
export function maskable(value: string): boolean {
  return MASKABLE.test(value);
}

/** How two keys are compared: exactly (keys are case-sensitive), unless a variation says otherwise. */
export type SameKey = (a: string, b: string) => boolean;
const exactly: SameKey = (a, b) => a === b;

/** Is `key` already used in `scope` by another variable of the project? */
export function scopeTaken(
  store: Store,
  projectId: number,
  key: string,
  scope: string,
  exceptId?: number,
  sameKey: SameKey = exactly,
): boolean {
  return (
    store.variables.find((v) => v.projectId === projectId && sameKey(v.key, key) && v.environmentScope === scope && v.id !== exceptId) !==
    undefined
  );
}

/** The project's variables with this key, oldest first. */
export function variablesWithKey(store: Store, projectId: number, key: string, sameKey: SameKey = exactly): VariableRecord[] {
  return store.variables.filter((v) => v.projectId === projectId && sameKey(v.key, key));
}
