/**
 * Whether a parsed JSON value is an object (not null, not an array): the test every reader of an
 * answer or a request body makes before it looks at a field.
 *
 *   isRecord({ id: 1 })   // true
 *   isRecord([1])         // false
 */
export const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
