/**
 * The one filler of `{name}` placeholders in case tables and in paths built from the operation
 * table: in a string, or anywhere in a JSON value (strings in arrays and objects). A string that
 * is one whole placeholder takes the value itself (a number stays a number); a placeholder with
 * no value is a KitError (CASE_TABLE_INVALID): the table and its suite disagree.
 *
 *   fill('/users/{id}/keys/{key_id}', { id: 7, key_id: 3 })     // '/users/7/keys/3'
 *   fill({ title: '{name}', n: '{id}' }, { name: 'k', id: 7 })  // { title: 'k', n: 7 }
 *   await fillAsync(row.body, (name) => makeOnce(name))        // each name looked up once, in order
 */
import { KitError } from '../shared/errors.ts';

export type PlaceholderValue = string | number | boolean;
export type Lookup = (name: string) => PlaceholderValue | Promise<PlaceholderValue>;

const PLACEHOLDER = /\{(\w+)\}/g;
const WHOLE = /^\{(\w+)\}$/;

/** The placeholder names in a value, each once, in the order they first appear. */
export function placeholdersIn(value: unknown): string[] {
  const names = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') for (const m of v.matchAll(PLACEHOLDER)) names.add(m[1]!);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return [...names];
}

function valueOf(values: Readonly<Record<string, PlaceholderValue>>, name: string, where: string): PlaceholderValue {
  if (!Object.hasOwn(values, name)) {
    throw new KitError(
      'CASE_TABLE_INVALID',
      `placeholder {${name}} in ${where} has no value (known: ${Object.keys(values).join(', ') || 'none'})`,
    );
  }
  return values[name]!;
}

/** The value with every placeholder replaced by its value. */
export function fill<T>(value: T, values: Readonly<Record<string, PlaceholderValue>>): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const whole = WHOLE.exec(v);
      if (whole) return valueOf(values, whole[1]!, JSON.stringify(v));
      return v.replace(PLACEHOLDER, (_m, name: string) => String(valueOf(values, name, JSON.stringify(v))));
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** fill() with values looked up (and awaited) one name after another, each once. */
export async function fillAsync<T>(value: T, lookup: Lookup): Promise<T> {
  const values: Record<string, PlaceholderValue> = {};
  for (const name of placeholdersIn(value)) values[name] = await lookup(name);
  return fill(value, values);
}
