/**
 * Precompiled validators (schema-code.ts, schemas.ts): the cached code answers exactly as Ajv's
 * in-process compilation on every schema case, is found again by the next process, and is never
 * used when it does not match the schemas or does not load.
 *
 *   npx vitest run src/kit/schema-code.test.ts
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaCases } from './schema-cases.ts';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { saveValidators, validatorsDigest } from './schema-code.ts';
import { compiledValidator, precompiledValidator, precompileValidators, schemaNames, validateWith } from './schemas.ts';

const cases = schemaCases();
const temp = tempFoldersForThisFile();
const codeFiles = (dir: string) => readdirSync(dir).filter((f) => f.startsWith('validators-'));

describe('precompiled validators', () => {
  it('answer every schema case as the in-process compilation does: verdict and each error', () => {
    const dir = temp('validators-');
    const digest = precompileValidators(dir);
    expect(digest).toMatch(/^[0-9a-f]{24}$/);
    expect(codeFiles(dir)).toEqual([`validators-${digest}.cjs`]);
    expect(cases.length).toBeGreaterThan(100);
    for (const c of cases) {
      const cached = precompiledValidator(c.schema, dir);
      expect(cached, c.schema).toBeTypeOf('function');
      const got = validateWith(cached!, c.data);
      expect(got, `${c.schema}: ${c.note}`).toEqual(validateWith(compiledValidator(c.schema), c.data));
      expect(got.valid, `${c.schema}: ${c.note}`).toBe(c.valid);
    }
  });

  it('hold a validator for every schema name', () => {
    const dir = temp('validators-');
    precompileValidators(dir);
    for (const name of schemaNames()) expect(precompiledValidator(name, dir), name).toBeTypeOf('function');
  });

  it('are kept by a later run, not written again', () => {
    const dir = temp('validators-');
    const digest = precompileValidators(dir)!;
    const file = join(dir, `validators-${digest}.cjs`);
    const before = statSync(file).mtimeMs;
    writeFileSync(join(dir, 'marker'), '');
    expect(precompileValidators(dir)).toBe(digest);
    expect(statSync(file).mtimeMs).toBe(before);
  });

  it('are not used when the file does not load, and the next precompile replaces it', () => {
    const dir = temp('validators-');
    const digest = precompileValidators(dir)!;
    const file = join(dir, `validators-${digest}.cjs`);
    writeFileSync(file, 'exports["user.basic"] = ; // cut short');
    expect(precompiledValidator('user.basic', dir)).toBeUndefined();
    expect(precompileValidators(dir)).toBe(digest);
    expect(precompiledValidator('user.basic', dir)).toBeTypeOf('function');
  });

  it('of other schemas are never loaded: the digest follows every schema text and the options', () => {
    const files = [
      { rel: 'a.json', text: '{"type":"object"}' },
      { rel: '_defs/b.json', text: '{"type":"string"}' },
    ];
    const digest = validatorsDigest(files, { allErrors: true });
    expect(validatorsDigest(files, { allErrors: true })).toBe(digest);
    expect(validatorsDigest([files[0]!, { rel: '_defs/b.json', text: '{"type":"integer"}' }], { allErrors: true })).not.toBe(digest);
    expect(validatorsDigest([files[0]!], { allErrors: true })).not.toBe(digest);
    expect(validatorsDigest(files, { allErrors: false })).not.toBe(digest);
    // A folder holding only another digest's code has nothing for the current schemas.
    const dir = temp('validators-');
    expect(saveValidators(dir, 'f'.repeat(24), 'exports["user.basic"] = () => true;')).toBe(true);
    expect(precompiledValidator('user.basic', dir)).toBeUndefined();
  });

  it('replace the files of earlier digests when saved', () => {
    const dir = temp('validators-');
    writeFileSync(join(dir, `validators-${'0'.repeat(24)}.cjs`), 'exports = {};');
    const digest = precompileValidators(dir);
    expect(codeFiles(dir)).toEqual([`validators-${digest}.cjs`]);
  });

  it('are no error where the cache folder cannot be written: the run compiles in process', () => {
    const missing = join(temp('validators-'), 'not', 'there');
    expect(precompileValidators(missing)).toBeUndefined();
    expect(existsSync(missing)).toBe(false);
    expect(precompiledValidator('user.basic', missing)).toBeUndefined();
  });
});
