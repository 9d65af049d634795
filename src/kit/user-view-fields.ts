/**
 * The fields of the user views by group, with the kinds the spec gives them (user-view-fields.json:
 * Resources and their fields > User): what the user suites require of each view, and what observe
 * requires of an answer once it knows who called. One table, read by both.
 *
 *   fieldProblems({ id: 1, username: 'a' }, 'public')   // [{ field: 'name', problem: 'missing' }, ...]
 *   presentFields({ email: 'a@b' }, 'admin_only')        // ['email']
 */
import { casesOf } from './case-tables.ts';
import { isApiDate, isApiDatetime } from './schema-formats.ts';
import table from './user-view-fields.json' with { type: 'json' };

export type UserFieldGroup =
  | 'public'
  | 'normal'
  | 'admin_account'
  | 'admin_settings'
  | 'current_profile'
  | 'current_account'
  | 'current_admin'
  | 'admin_only'
  | 'current_admin_only';

/** The fields of each group and their allowed kinds. */
export const USER_FIELD_GROUPS = Object.fromEntries(
  casesOf<{ group: UserFieldGroup; fields: Record<string, string[]> }>(table).map((c) => [c.group, c.fields]),
) as Record<UserFieldGroup, Record<string, string[]>>;

const KINDS: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  array: (v) => Array.isArray(v),
  null: (v) => v === null,
  datetime: (v) => typeof v === 'string' && isApiDatetime(v),
  date: (v) => typeof v === 'string' && isApiDate(v),
};

/** Whether a value is of one of the kinds ('string', 'datetime', 'null'...). */
export const ofKind = (value: unknown, kinds: readonly string[]): boolean => {
  for (const k of kinds) if (KINDS[k]!(value)) return true;
  return false;
};

/** Each group's fields as [field, kinds] pairs, made once (observe reads them for every user of every answer). */
const GROUP_ENTRIES = Object.fromEntries(Object.entries(USER_FIELD_GROUPS).map(([g, fields]) => [g, Object.entries(fields)])) as Record<
  UserFieldGroup,
  [string, string[]][]
>;
const GROUP_KEYS = Object.fromEntries(Object.entries(USER_FIELD_GROUPS).map(([g, fields]) => [g, Object.keys(fields)])) as Record<
  UserFieldGroup,
  string[]
>;

export interface FieldProblem {
  field: string;
  problem: 'missing' | 'wrong-kind';
  /** The kinds the field may have. */
  kinds: string[];
}

/** The group's fields the object lacks or holds with a kind the spec does not give, in the table's order. */
export function fieldProblems(obj: Record<string, unknown>, group: UserFieldGroup): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const [field, kinds] of GROUP_ENTRIES[group]) {
    if (!Object.prototype.hasOwnProperty.call(obj, field)) out.push({ field, problem: 'missing', kinds });
    else if (!ofKind(obj[field], kinds)) out.push({ field, problem: 'wrong-kind', kinds });
  }
  return out;
}

/** The group's fields the object carries (for the groups a view must not show). */
export function presentFields(obj: Record<string, unknown>, group: UserFieldGroup): string[] {
  return GROUP_KEYS[group].filter((f) => Object.prototype.hasOwnProperty.call(obj, f));
}
