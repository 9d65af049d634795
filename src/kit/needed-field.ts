/**
 * A field the kit reads from a target's 2xx answer to go on: a created user's id, a created token's
 * value, a group's full_path. When the answer lacks it (or holds something else), the message names
 * the request, the status and the missing field, and the fields the answer does have (names only:
 * a value may be a secret); the likely cause follows as a second sentence when there is one.
 * Provisioning throws it as a KitError ANSWER_INCOMPLETE, a fixture as the test's set-up error.
 *
 *   const missing = missingField(res, 'POST /users', { field: 'id', kind: 'id' });
 *   // 'POST /users answered 201 without id (an integer), which the kit needs to go on; the answer has username, name, state.'
 *   if (missing) throw new KitError('ANSWER_INCOMPLETE', `Could not create the run's regular user: ${missing}`);
 */
import type { ApiResponse } from './exchange.ts';

/** What the field must hold: an integer; an id (an integer, or its digits as a string: the suites judge its type); a non-empty string. */
export type FieldKind = 'integer' | 'id' | 'string';

export interface NeededField {
  field: string;
  kind: FieldKind;
  /** What the value is, in a few words ('the token's value'), when the name does not say. */
  what?: string;
  /** The likely cause when the field is missing, one sentence; given only when there is one. */
  cause?: string | ((res: ApiResponse) => string | undefined);
}

/**
 * A created token's value (impersonation or personal access token), which the spec shows once, in
 * the answer to its creation. An answer without it that still has the token's id is most likely the
 * token as read later.
 */
export const TOKEN_VALUE: NeededField = {
  field: 'token',
  kind: 'string',
  what: "the token's value",
  cause: (res) =>
    (res.json as { id?: unknown } | undefined)?.id !== undefined
      ? "The spec shows a token's value once, in the answer to its creation: this answer looks like the token as read later, without its value."
      : undefined,
};

const KIND_WORDS: Record<FieldKind, string> = { integer: 'an integer', id: 'an integer', string: 'a string' };
/** How many of the answer's field names a message lists. */
const NAMES_SHOWN = 12;

/** Whether `value` is of `kind`. */
export function holds(value: unknown, kind: FieldKind): boolean {
  if (kind === 'string') return typeof value === 'string' && value !== '';
  if (kind === 'id' && typeof value === 'string') return /^\d+$/.test(value);
  return Number.isSafeInteger(value);
}

/** Why the 2xx answer to `request` cannot give the kit `needed`, in one or two sentences; undefined when it can. */
export function missingField(res: ApiResponse, request: string, needed: NeededField): string | undefined {
  const body = res.json as Record<string, unknown> | undefined;
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  if (isObject && holds(body[needed.field], needed.kind)) return undefined;
  const kind = KIND_WORDS[needed.kind];
  const how =
    isObject && needed.field in body
      ? `with ${needed.field} as ${describe(body[needed.field])}, where the kit needs ${kind}${needed.what ? ` (${needed.what})` : ''} to go on`
      : `without ${needed.field} (${kind}${needed.what ? `: ${needed.what}` : ''}), which the kit needs to go on`;
  const has = isObject ? hasFields(body) : `its body is not a JSON object (${bodyKind(res)})`;
  const cause = typeof needed.cause === 'function' ? needed.cause(res) : needed.cause;
  return `${request} answered ${res.status} ${how}; ${has}.${cause ? ` ${cause}` : ''}`;
}

/** The first field `needed` lists that the answer lacks, as missingField says it; undefined when it has them all. */
export function firstMissingField(res: ApiResponse, request: string, needed: readonly NeededField[]): string | undefined {
  for (const n of needed) {
    const missing = missingField(res, request, n);
    if (missing) return missing;
  }
  return undefined;
}

/** A value's kind, never the value itself (it may be a secret): 'null', 'a number', 'an empty string'. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === '') return 'an empty string';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return /^\d+$/.test(value) ? 'a string of digits' : 'a string';
  if (typeof value === 'number')
    return !Number.isInteger(value) ? 'a number with a fraction' : Number.isSafeInteger(value) ? 'a number' : 'a number beyond 2^53';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function hasFields(body: Record<string, unknown>): string {
  const names = Object.keys(body);
  if (names.length === 0) return 'the answer is an empty object';
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  return `the answer has ${shown}${names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : ''}`;
}

function bodyKind(res: ApiResponse): string {
  if (res.error) return `no complete answer: ${res.error}`;
  if (Array.isArray(res.json)) return 'an array';
  if (res.json === undefined) return res.text === '' ? 'empty' : `not JSON, content type ${res.headers['content-type'] ?? 'none'}`;
  return res.json === null ? 'null' : `a JSON ${typeof res.json}`;
}
