/**
 * Precompiled validators: the JavaScript Ajv generates for every schema, written once to a cache
 * file and loaded by later processes instead of compiling the schemas again. A certification's
 * workers each compiled the schemas they met (about 0.4 s of CPU per worker, issue 11 bench); a
 * cached module loads in about 10 ms. The file is named by a digest of the schema files, the
 * Ajv version and the compile options, so an edited schema never meets stale code; a file that
 * does not load is ignored (and replaced by the next save).
 *
 *   const code = generateValidatorsCode(ajv, { 'user.basic': 'https://…/user.basic.json' });
 *   saveValidators(dir, digest, code);
 *   const fns = loadValidators(dir, digest, formats);  // { 'user.basic': validate, … } or undefined
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import type { ValidateFunction } from 'ajv';
import _standaloneCode from 'ajv/dist/standalone/index.js';

type StandaloneCode = typeof _standaloneCode.default;
const standaloneCode = ((_standaloneCode as unknown as { default?: StandaloneCode }).default ?? _standaloneCode) as StandaloneCode;

/** What the generated code requires for the formats (the loader hands it the same definitions the compiler had). */
export const FORMATS_MODULE = 'conformance:schema-formats';
/** Bump when the generated code or the way it is loaded changes. */
const CODE_VERSION = '1';
const PREFIX = 'validators-';

const requireHere = createRequire(import.meta.url);

/** A digest of everything the generated code depends on: schema texts, Ajv's version, options. */
export function validatorsDigest(files: ReadonlyArray<{ rel: string; text: string }>, options: unknown): string {
  const hash = createHash('sha256');
  hash.update(`${CODE_VERSION}\0${(requireHere('ajv/package.json') as { version: string }).version}\0${JSON.stringify(options)}\0`);
  for (const f of files) hash.update(`${f.rel}\0${f.text}\0`);
  return hash.digest('hex').slice(0, 24);
}

/** CommonJS source exporting one validate function per name (`refs`: name -> schema $id). */
export function generateValidatorsCode(ajv: Parameters<StandaloneCode>[0], refs: Record<string, string>): string {
  return standaloneCode(ajv, refs);
}

const fileOf = (dir: string, digest: string) => join(dir, `${PREFIX}${digest}.cjs`);

/** Writes the code for this digest (atomically) and removes the files of other digests; false if the folder is not writable. */
export function saveValidators(dir: string, digest: string, code: string): boolean {
  const file = fileOf(dir, digest);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, code);
    renameSync(temp, file);
  } catch {
    rmSync(temp, { force: true });
    return false;
  }
  for (const name of readdirSync(dir)) {
    if (name.startsWith(PREFIX) && join(dir, name) !== file && !name.endsWith('.tmp')) rmSync(join(dir, name), { force: true });
  }
  return true;
}

/** The validators saved for this digest, or undefined when there are none or they do not load. */
export function loadValidators(
  dir: string,
  digest: string,
  formats: Record<string, unknown>,
): Record<string, ValidateFunction> | undefined {
  const file = fileOf(dir, digest);
  let code: string;
  try {
    code = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const define = runInThisContext(`(function (exports, require, module) {${code}\n})`, { filename: file }) as (
      exports: object,
      require: (id: string) => unknown,
      module: { exports: object },
    ) => void;
    const module = { exports: {} as Record<string, ValidateFunction> };
    define(module.exports, (id) => (id === FORMATS_MODULE ? formats : requireHere(id)), module);
    return module.exports;
  } catch {
    return undefined;
  }
}
