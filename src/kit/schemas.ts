/**
 * The schema registry: every `schemas/**\/*.json` (JSON Schema 2020-12) loaded once, compiled
 * lazily with Ajv and cached. Names are file paths without `.json` (`user.public`,
 * `error.route`); `_defs/` holds shared pieces and is not a name.
 *
 *   const r = validateAgainst('broadcast-message', body);
 *   if (!r.valid) console.log(describeSchemaErrors(r.errors)); // "/starts_at: must be a datetime ..."
 *   validateJsonText('error.route', '{"error":"404 Not Found"}').valid  // true
 *
 * Formats: `api-datetime` (2020-01-01T12:00:00.000Z exactly: milliseconds and Z) and `api-date`
 * (YYYY-MM-DD), both real calendar dates.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import _Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import _addFormats from 'ajv-formats';
import { KitError } from './errors.ts';

// ajv and ajv-formats are CommonJS with a `default` export; under NodeNext the default import is
// the module object, so take `.default` when it is there.
type AjvClass = typeof _Ajv2020.default;
const Ajv2020 = ((_Ajv2020 as unknown as { default?: AjvClass }).default ?? _Ajv2020) as AjvClass;
type AddFormats = typeof _addFormats.default;
const addFormats = ((_addFormats as unknown as { default?: AddFormats }).default ?? _addFormats) as AddFormats;

/** One validation problem: where in the value (JSON pointer, '/' for the root) and what. */
export interface SchemaIssue {
  pointer: string;
  message: string;
}

export interface SchemaResult {
  valid: boolean;
  errors: SchemaIssue[];
}

/** The `schemas/` directory of this package, whatever the working directory. */
export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));

const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{3}Z$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function realDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate(); // day 0 of next month = last day of m
  return d <= days;
}

/** ISO 8601 with milliseconds and Z, e.g. 2020-01-01T12:00:00.000Z, and a real calendar time. */
export function isApiDatetime(s: string): boolean {
  const m = DATETIME_RE.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number);
  return realDate(y, mo, d) && h <= 23 && mi <= 59 && se <= 59;
}

/** YYYY-MM-DD and a real calendar date. */
export function isApiDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number);
  return realDate(y, mo, d);
}

interface Registry {
  ajv: InstanceType<AjvClass>;
  ids: Map<string, string>; // name -> $id
  raw: Map<string, Record<string, unknown>>; // name -> schema JSON
  compiled: Map<string, ValidateFunction>;
}

let registry: Registry | undefined;

function listJsonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listJsonFiles(full));
    else if (entry.isFile() && entry.name.endsWith('.json')) out.push(full);
  }
  return out.sort();
}

function load(): Registry {
  if (registry) return registry;
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    // Views state `required` beside an allOf that holds the property types: not an error here.
    strictRequired: false,
    allowUnionTypes: true, // ["string", "null"] for nullable fields
    verbose: true,
  });
  addFormats(ajv);
  ajv.addFormat('api-datetime', { type: 'string', validate: isApiDatetime });
  ajv.addFormat('api-date', { type: 'string', validate: isApiDate });
  const ids = new Map<string, string>();
  const raw = new Map<string, Record<string, unknown>>();
  for (const file of listJsonFiles(SCHEMAS_DIR)) {
    const rel = relative(SCHEMAS_DIR, file).split(sep).join('/');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const id = schema.$id;
    if (typeof id !== 'string' || !id.endsWith(`/${rel}`)) {
      throw new Error(`schemas/${rel}: $id must end with "/${rel}", got ${JSON.stringify(id)}`);
    }
    ajv.addSchema(schema);
    if (!rel.startsWith('_')) {
      const name = rel.slice(0, -'.json'.length);
      ids.set(name, id);
      raw.set(name, schema);
    }
  }
  registry = { ajv, ids, raw, compiled: new Map() };
  return registry;
}

/** Every schema name, sorted (`_defs` excluded). */
export function schemaNames(): string[] {
  return [...load().ids.keys()].sort();
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}

/** Throws KitError SCHEMA_UNKNOWN (naming the close names) unless `name` is a schema name. */
export function assertSchemaName(name: string): void {
  if (load().ids.has(name)) return; // every validation asks: no list built on the way
  const names = schemaNames();
  const wanted = name.toLowerCase();
  const close = names.filter(
    (n) => editDistance(n, wanted) <= 3 || (wanted.length >= 3 && (n.includes(wanted) || wanted.includes(n))),
  );
  const hint = close.length
    ? `Close names: ${close.join(', ')}.`
    : `Known names: ${names.join(', ')}.`;
  throw new KitError('SCHEMA_UNKNOWN', `No schema is named "${name}". ${hint}`);
}

/** The schema JSON of a name (as in schemas/<name>.json). */
export function getSchema(name: string): Record<string, unknown> {
  assertSchemaName(name);
  return load().raw.get(name)!;
}

function validator(name: string): ValidateFunction {
  assertSchemaName(name);
  const reg = load();
  let fn = reg.compiled.get(name);
  if (!fn) {
    fn = reg.ajv.getSchema(reg.ids.get(name)!);
    if (!fn) throw new Error(`schema ${name} did not compile`);
    reg.compiled.set(name, fn);
  }
  return fn;
}

function issue(e: ErrorObject): SchemaIssue {
  const at = e.instancePath;
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'false schema':
      return { pointer: at || '/', message: 'must be absent: the spec does not show this field in this view' };
    case 'required':
      return { pointer: at || '/', message: `must have required property '${String(params.missingProperty)}'` };
    case 'format': {
      const f = params.format;
      const what =
        f === 'api-datetime'
          ? 'a datetime with milliseconds and Z, like 2020-01-01T12:00:00.000Z'
          : f === 'api-date'
            ? 'a date YYYY-MM-DD, like 2020-01-31'
            : `format "${String(f)}"`;
      return { pointer: at || '/', message: `must be ${what}, got ${JSON.stringify(e.data)}` };
    }
    case 'const':
      return { pointer: at || '/', message: `must be ${JSON.stringify(params.allowedValue)}, got ${JSON.stringify(e.data)}` };
    case 'enum':
      return {
        pointer: at || '/',
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(e.data)}`,
      };
    case 'type':
      return { pointer: at || '/', message: `must be ${String(params.type).replace(/,/g, ' or ')}, got ${describeType(e.data)}` };
    default:
      return { pointer: at || '/', message: e.message ?? e.keyword };
  }
}

function describeType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? `integer ${v}` : `number ${v}`;
  if (typeof v === 'string') return `string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  return typeof v;
}

/** Validates a value against a named schema; errors carry JSON pointers into the value. */
export function validateAgainst(name: string, value: unknown): SchemaResult {
  const fn = validator(name);
  if (fn(value)) return { valid: true, errors: [] };
  const seen = new Set<string>();
  const errors: SchemaIssue[] = [];
  for (const e of fn.errors ?? []) {
    // anyOf/oneOf/if summaries repeat what their branches said.
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const i = issue(e);
    const key = `${i.pointer}\u0000${i.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      errors.push(i);
    }
  }
  if (errors.length === 0) errors.push({ pointer: '/', message: 'does not match the schema' });
  return { valid: false, errors };
}

/** Parses JSON text (KitError INPUT_UNREADABLE if it is not JSON) and validates it. */
export function validateJsonText(name: string, text: string, source = 'input'): SchemaResult {
  assertSchemaName(name);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new KitError('INPUT_UNREADABLE', `${source} is not JSON: ${(e as Error).message}`);
  }
  return validateAgainst(name, value);
}

/** One line per issue: "/path: message". */
export function describeSchemaErrors(errors: SchemaIssue[]): string {
  return errors.map((e) => `${e.pointer}: ${e.message}`).join('\n');
}

