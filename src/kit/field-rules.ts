/**
 * Rules on fields wherever they stand in a 2xx JSON body (datetimes, dates, integer ids), judged
 * in one walk of the body for all of them: every response of a test (and every exchange observe
 * judges) goes through here. Objects of one shape repeat (the items of a list): the rules that look
 * at each key are found once per shape, and a pointer is only joined for a bad value.
 *
 *   firstBadField(res, 'datetime')   // ['/0/created_at', '2020-01-01T12:00:00Z'], or undefined
 */
import type { ApiResponse } from './exchange.ts';
import { KeyClasses, KeyShapes } from './key-shapes.ts';

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
const ALL_RULES = (1 << RULE_LIST.length) - 1;

/** Which rules look at a key (bit i: RULE_LIST[i]). */
const KEY_CLASSES = new KeyClasses((key) => RULE_LIST.reduce((mask, rule, i) => (rule.key(key) ? mask | (1 << i) : mask), 0));

type Found = readonly [pointer: string, value: unknown];

/** One walk of one body: the first bad field of each rule, depth first (an object's key before what it holds). */
class FieldWalk {
  readonly found: (Found | undefined)[] = RULE_LIST.map(() => undefined);
  /** The rules still looking. */
  private open = ALL_RULES;
  /** The path to the value being walked: keys and indexes, one per depth. */
  private readonly path: (string | number)[] = [];
  private readonly shapes = new KeyShapes(KEY_CLASSES);

  walk(value: unknown, depth: number): void {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length && this.open; i++) {
        const item: unknown = value[i];
        if (item !== null && typeof item === 'object') {
          this.path[depth] = i;
          this.walk(item, depth + 1);
        }
      }
      return;
    }
    const keys = Object.keys(value as object);
    const values = Object.values(value as object) as unknown[];
    const shape = this.shapes.at(depth, keys);
    for (let j = 0; j < keys.length; j++) {
      if (!this.open) return;
      const v = values[j];
      const hits = shape.union ? shape.masks[j]! & this.open : 0;
      if (hits) this.judge(hits, keys[j]!, v, depth);
      if (v !== null && typeof v === 'object') {
        this.path[depth] = keys[j]!;
        this.walk(v, depth + 1);
      }
    }
  }

  private judge(hits: number, key: string, v: unknown, depth: number): void {
    for (let i = 0; i < RULE_LIST.length; i++) {
      if (hits & (1 << i) && RULE_LIST[i]!.bad(v, key)) {
        this.path[depth] = key;
        this.found[i] = [`/${this.path.slice(0, depth + 1).join('/')}`, v];
        this.open &= ~(1 << i);
      }
    }
  }
}

function firstBadFields(json: unknown): (Found | undefined)[] {
  const walk = new FieldWalk();
  if (json !== null && typeof json === 'object') walk.walk(json, 0);
  return walk.found;
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
