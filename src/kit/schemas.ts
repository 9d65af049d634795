/**
 * The schema registry: every `schemas/**\/*.json` (JSON Schema 2020-12) loaded once; each
 * validator taken from the precompiled code in the package's cache when it matches the schemas
 * (schema-code.ts; precompileValidators() writes it), else compiled lazily with Ajv. Names are
 * file paths without `.json` (`user.public`, `error.route`); `_defs/` holds shared pieces and is
 * not a name.
 *
 *   const r = validateAgainst('broadcast-message', body);
 *   if (!r.valid) console.log(describeSchemaErrors(r.errors)); // "/starts_at: must be a datetime ..."
 *   validateJsonText('error.route', '{"error":"404 Not Found"}').valid  // true
 *
 * Formats (schema-formats.ts): `api-datetime` (2020-01-01T12:00:00.000Z exactly: milliseconds and
 * Z) and `api-date` (YYYY-MM-DD), both real calendar dates.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type _Ajv2020 from 'ajv/dist/2020.js';
import { fieldPath } from './field-path.ts';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { KitError } from '../shared/errors.ts';
import { writableCacheDir } from '../shared/module-cache.ts';
import { FORMATS_MODULE, generateValidatorsCode, loadValidators, saveValidators, validatorsDigest } from './schema-code.ts';
import { isApiDate, isApiDatetime, schemaFormats } from './schema-formats.ts';

export { isApiDate, isApiDatetime };

// ajv is CommonJS with a `default` export, loaded only when a schema must be compiled
// (precompiled validators do without it: schema-code.ts).
type AjvClass = typeof _Ajv2020.default;
const requireHere = createRequire(import.meta.url);
const cjsDefault = <T>(m: unknown): T => ((m as { default?: T }).default ?? m) as T;

/** One validation problem: where in the value (JSON pointer, '/' for the root) and what. */
export interface SchemaIssue {
  pointer: string;
  message: string;
  /** The field it is about, as a dotted path without array indexes ('bio_html', 'platform_kubernetes.namespace'); absent for the value itself. */
  field?: string;
}

export interface SchemaResult {
  valid: boolean;
  errors: SchemaIssue[];
}

/** The `schemas/` directory of this package, whatever the working directory. */
export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));

interface Registry {
  ids: Map<string, string>; // name -> $id
  raw: Map<string, Record<string, unknown>>; // name -> schema JSON
  /** Every schema file, `_defs` included, in path order. */
  files: { rel: string; text: string; schema: Record<string, unknown> }[];
  digest: string;
  compiled: Map<string, ValidateFunction>;
  /** The cached validators of this digest (undefined: not looked for yet; null: none). */
  precompiled?: Record<string, ValidateFunction> | null;
  ajv?: InstanceType<AjvClass>;
}

let registry: Registry | undefined;

/** Ajv's options (part of the precompiled code's digest). */
const AJV_OPTIONS = {
  allErrors: true,
  strict: true,
  // Views state `required` beside an allOf that holds the property types: not an error here.
  strictRequired: false,
  allowUnionTypes: true, // ["string", "null"] for nullable fields
  verbose: true,
} as const;

/** The precompiled validators in `dir` for the current schemas, if it holds them and they load. */
const precompiledIn = (dir: string) => loadValidators(dir, load().digest, schemaFormats());

/** Where precompiled validators are kept: the package's node_modules/.cache, when writable. */
const validatorsDir = () => writableCacheDir(fileURLToPath(new URL('../../', import.meta.url)), 'conformance-validators');

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
  const ids = new Map<string, string>();
  const raw = new Map<string, Record<string, unknown>>();
  const files: Registry['files'] = [];
  for (const file of listJsonFiles(SCHEMAS_DIR)) {
    const rel = relative(SCHEMAS_DIR, file).split(sep).join('/');
    const text = readFileSync(file, 'utf8');
    const schema = JSON.parse(text) as Record<string, unknown>;
    const id = schema.$id;
    if (typeof id !== 'string' || !id.endsWith(`/${rel}`)) {
      throw new Error(`schemas/${rel}: $id must end with "/${rel}", got ${JSON.stringify(id)}`);
    }
    files.push({ rel, text, schema });
    if (!rel.startsWith('_')) {
      const name = rel.slice(0, -'.json'.length);
      ids.set(name, id);
      raw.set(name, schema);
    }
  }
  registry = { ids, raw, files, digest: validatorsDigest(files, AJV_OPTIONS), compiled: new Map() };
  return registry;
}

/** Ajv with every schema added, made on the first schema that must be compiled here. */
function compiler(reg: Registry): InstanceType<AjvClass> {
  if (reg.ajv) return reg.ajv;
  const Ajv2020 = cjsDefault<AjvClass>(requireHere('ajv/dist/2020.js'));
  const { _ } = requireHere('ajv') as typeof import('ajv');
  // code.source keeps each validator's source for generateValidatorsCode; formats come from FORMATS_MODULE there.
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true, formats: _`require(${FORMATS_MODULE})` } });
  for (const [name, format] of Object.entries(schemaFormats())) ajv.addFormat(name, format as Parameters<typeof ajv.addFormat>[1]);
  for (const f of reg.files) ajv.addSchema(f.schema);
  reg.ajv = ajv;
  return ajv;
}

/**
 * Compiles every schema and keeps the generated code in the package's cache, unless it is
 * there already: later processes (a certification's workers) load it instead of compiling.
 * Returns the file's digest, or undefined when there is no writable cache folder.
 */
export function precompileValidators(dir: string | undefined = validatorsDir()): string | undefined {
  if (!dir) return undefined;
  const reg = load();
  const cached = precompiledIn(dir);
  if (cached) {
    reg.precompiled = cached;
    return reg.digest;
  }
  const refs = Object.fromEntries(reg.ids);
  return saveValidators(dir, reg.digest, generateValidatorsCode(compiler(reg), refs)) ? reg.digest : undefined;
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
  const close = names.filter((n) => editDistance(n, wanted) <= 3 || (wanted.length >= 3 && (n.includes(wanted) || wanted.includes(n))));
  const hint = close.length ? `Close names: ${close.join(', ')}.` : `Known names: ${names.join(', ')}.`;
  throw new KitError('SCHEMA_UNKNOWN', `No schema is named "${name}". ${hint}`);
}

/** The schema JSON of a name (as in schemas/<name>.json). */
export function getSchema(name: string): Record<string, unknown> {
  assertSchemaName(name);
  return load().raw.get(name)!;
}

/** The validator of a name: precompiled when the cache has this digest's code, else compiled here (once). */
function validator(name: string): ValidateFunction {
  assertSchemaName(name);
  const reg = load();
  let fn = reg.compiled.get(name);
  if (!fn) {
    if (reg.precompiled === undefined) {
      const dir = validatorsDir();
      reg.precompiled = (dir && precompiledIn(dir)) || null;
    }
    fn = reg.precompiled?.[name] ?? compiledValidator(name);
    reg.compiled.set(name, fn);
  }
  return fn;
}

/** A name's validator compiled by Ajv in this process, whatever the cache holds (tests compare it with the cached one). */
export function compiledValidator(name: string): ValidateFunction {
  assertSchemaName(name);
  const reg = load();
  const fn = compiler(reg).getSchema(reg.ids.get(name)!);
  if (!fn) throw new Error(`schema ${name} did not compile`);
  return fn;
}

/** A name's validator from the precompiled code in `dir`, or undefined when there is none for the current schemas. */
export function precompiledValidator(name: string, dir: string): ValidateFunction | undefined {
  assertSchemaName(name);
  return precompiledIn(dir)?.[name];
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
  return validateWith(validator(name), value);
}

/** A value checked by one validator, its errors as SchemaIssues (anyOf summaries and repeats dropped). */
export function validateWith(fn: ValidateFunction, value: unknown): SchemaResult {
  if (fn(value)) return { valid: true, errors: [] };
  const seen = new Set<string>();
  const errors: SchemaIssue[] = [];
  for (const e of fn.errors ?? []) {
    // anyOf/oneOf/if summaries repeat what their branches said.
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const i = issue(e);
    const field = fieldPath(
      e.instancePath,
      e.keyword === 'required' ? String((e.params as { missingProperty: unknown }).missingProperty) : undefined,
    );
    if (field) i.field = field;
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
