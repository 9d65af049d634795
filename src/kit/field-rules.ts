/**
 * Rules on fields wherever they stand in a 2xx JSON body (datetimes, dates, integer ids), judged
 * in one walk of the body for all of them: every response of a test goes through here, so each
 * field name is classified once and a pointer is only joined for a bad value.
 *
 *   firstBadField(res, 'datetime')   // ['/0/created_at', '2020-01-01T12:00:00Z'], or undefined
 */
import type { ApiResponse } from './exchange.ts';

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Keys the spec types as dates (last_activity_on, due_date, start_date_fixed, *_from_milestones...). */
const DATE_KEY = /(_on|_date|_date_fixed|_from_milestones|_from_inherited_source)$/;
/** Keys the spec types as integer ids. */
const INTEGER_IDS = new Set(['id', 'iid', 'group_id', 'source_id', 'project_id', 'user_id', 'namespace_id']);
const NULLABLE_IDS = new Set(['parent_id']);

/** A field rule: `key` says whether a field name falls under it, `bad` whether its value breaks it. */
interface FieldRule {
  key: (key: string) => boolean;
  bad: (value: unknown, key: string) => boolean;
}

export const FIELD_RULES = {
  /** A datetime (a *_at value with a time) has milliseconds and Z. */
  datetime: { key: (k) => k.endsWith('_at'), bad: (v) => typeof v === 'string' && v.includes('T') && !DATETIME.test(v) },
  /** A date (*_on, *_date) is YYYY-MM-DD. */
  date: { key: (k) => DATE_KEY.test(k), bad: (v) => typeof v === 'string' && !DATE.test(v) },
  /** Ids are integers (parent_id may be null). */
  integerIds: {
    key: (k) => INTEGER_IDS.has(k) || NULLABLE_IDS.has(k),
    bad: (v, k) => !Number.isInteger(v) && !(v === null && NULLABLE_IDS.has(k)),
  },
} satisfies Record<string, FieldRule>;

export type FieldRuleName = keyof typeof FIELD_RULES;
const RULE_LIST: FieldRule[] = Object.values(FIELD_RULES);
const RULE_INDEX = new Map(Object.keys(FIELD_RULES).map((name, i) => [name, i]));

/** Which rules look at a key (bit i: RULE_LIST[i]); field names repeat, so each is classified once. */
const keyClasses = new Map<string, number>();
const KEY_CLASSES_KEPT = 10_000;

function classOf(key: string): number {
  let mask = keyClasses.get(key);
  if (mask === undefined) {
    mask = 0;
    RULE_LIST.forEach((rule, i) => {
      if (rule.key(key)) mask! |= 1 << i;
    });
    if (keyClasses.size >= KEY_CLASSES_KEPT) keyClasses.clear();
    keyClasses.set(key, mask);
  }
  return mask;
}

type Found = readonly [pointer: string, value: unknown];

/** The first bad field of each rule, depth first (an object's key before what it holds). */
function firstBadFields(json: unknown): (Found | undefined)[] {
  const found: (Found | undefined)[] = RULE_LIST.map(() => undefined);
  let open = (1 << RULE_LIST.length) - 1; // the rules still looking
  const keys: (string | number)[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length && open; i++) {
        keys.push(i);
        walk(value[i]);
        keys.pop();
      }
    } else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const k of Object.keys(record)) {
        if (!open) return;
        keys.push(k);
        const v = record[k];
        const hits = classOf(k) & open;
        if (hits) {
          for (let i = 0; i < RULE_LIST.length; i++) {
            if (hits & (1 << i) && RULE_LIST[i]!.bad(v, k)) {
              found[i] = [`/${keys.join('/')}`, v];
              open &= ~(1 << i);
            }
          }
        }
        walk(v);
        keys.pop();
      }
    }
  };
  walk(json);
  return found;
}

/** The walk of each response's body, made once for all its rules. */
const walked = new WeakMap<ApiResponse, (Found | undefined)[]>();

/** The first field of a 2xx JSON body that breaks the rule, or undefined. */
export function firstBadField(res: ApiResponse, rule: FieldRuleName): Found | undefined {
  if (res.json === undefined || res.status < 200 || res.status >= 300) return undefined;
  let found = walked.get(res);
  if (!found) walked.set(res, (found = firstBadFields(res.json)));
  return found[RULE_INDEX.get(rule)!];
}
