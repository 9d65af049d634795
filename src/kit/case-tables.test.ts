/**
 * Every JSON case table under suites/ has the one envelope (suites/case-table.schema.json): a
 * $comment, a non-empty list of cases, optional shared data, nothing else; and the operations a
 * table names are operations of the operation table.
 *
 *   npx vitest run src/kit/case-tables.test.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type _Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, operationKey } from '../spec/operations/index.ts';
import { CASE_TABLE_SCHEMA } from './case-tables.ts';

const SUITES = fileURLToPath(new URL('../../suites/', import.meta.url));
const require = createRequire(import.meta.url);
const Ajv2020 = ((m: { default?: unknown }) => m.default ?? m)(require('ajv/dist/2020.js')) as typeof _Ajv2020.default;

const tables = (readdirSync(SUITES, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.json') && join(SUITES, f) !== fileURLToPath(CASE_TABLE_SCHEMA))
  .sort();

describe('case tables', () => {
  const validate = new Ajv2020({ allErrors: true }).compile(JSON.parse(readFileSync(CASE_TABLE_SCHEMA, 'utf8')));

  it('are found', () => {
    expect(tables.length).toBeGreaterThan(10);
  });

  it.each(tables)('%s has the case-table envelope', (file) => {
    const table: unknown = JSON.parse(readFileSync(join(SUITES, file), 'utf8'));
    const ok = validate(table);
    expect(ok ? [] : validate.errors!.map((e) => `${e.instancePath || '/'} ${e.message}`)).toEqual([]);
  });

  it('auth/matrix-tracks.json names admin-only operations of the operation table', () => {
    const table = JSON.parse(readFileSync(join(SUITES, 'auth/matrix-tracks.json'), 'utf8')) as { cases: { operation: string }[] };
    const adminOnly = new Set(OPERATIONS.filter((o) => o.auth === 'admin').map(operationKey));
    expect(table.cases.map((c) => c.operation).filter((k) => !adminOnly.has(k))).toEqual([]);
  });
});
