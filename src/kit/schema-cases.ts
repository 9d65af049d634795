/**
 * The data-only schema cases of the kit's tests (schema-cases.json: {schema, valid, note, data}),
 * as JSON-Schema-Test-Suite keeps them: read by the registry's tests and by those of the
 * precompiled validators. Not part of the package.
 *
 *   for (const c of schemaCases()) expect(validateAgainst(c.schema, c.data).valid).toBe(c.valid);
 */
import { readFileSync } from 'node:fs';

export interface SchemaCase {
  schema: string;
  valid: boolean;
  note: string;
  data: unknown;
}

export function schemaCases(): SchemaCase[] {
  return JSON.parse(readFileSync(new URL('./schema-cases.json', import.meta.url), 'utf8')) as SchemaCase[];
}
