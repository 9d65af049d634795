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

/** The schema names DESIGN.md fixes (more views may exist): the registry and `conformance schemas` must know each. */
export const DESIGN_NAMES: readonly string[] = [
  'user.basic',
  'user.public',
  'user.admin',
  'user.current',
  'user.current-admin',
  'user.status',
  'user.counts',
  'user.activity',
  'user.membership',
  'ssh-key',
  'gpg-key',
  'email',
  'impersonation-token',
  'impersonation-token.created',
  'cluster',
  'cluster.detail',
  'project',
  'variable.list',
  'variable.show',
  'variable',
  'broadcast-message',
  'dependency',
  'epic',
  'epic.detail',
  'todo',
  'error.message',
  'error.validation',
  'error.route',
  'error.insufficient-scope',
  'error.unauthorized',
];
