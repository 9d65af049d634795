/**
 * The operation table's own facts hold together: every clause it names is in the catalogue, every
 * view is a schema of schemas/, a clauseView is a view the document's view refines, every
 * admin-only operation names the clause of its endpoint's refusal (only those do) and has a
 * sample body when it takes one. Where a view has no clause, it is one of the few the table
 * says no single clause fits.
 *
 *   npx vitest run src/spec/operations.test.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findClause } from './clauses.ts';
import { OPERATIONS, operationKey } from './operations/index.ts';

const schemaFile = (name: string) => new URL(`../../schemas/${name}.json`, import.meta.url);
const views = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Bodies whose view depends on the caller: no shape clause (the epic views cite epics.field.core, judged with the epic fields alone). */
const NO_SHAPE_CLAUSE = ['GET /users/:id(int)', 'GET /user'];

describe('the operation table', () => {
  it('names only clauses of the catalogue', () => {
    const named = OPERATIONS.flatMap((o) => [o.success.clause, o.refusedClause].filter((c): c is string => c !== undefined));
    expect(named).not.toEqual([]);
    expect(named.filter((c) => !findClause(c))).toEqual([]);
  });

  it('names only views that are schemas, and a clauseView the view refines', () => {
    const missing = OPERATIONS.flatMap((o) => [...views(o.success.view), ...views(o.success.clauseView)]).filter(
      (v) => !existsSync(schemaFile(v)),
    );
    expect(missing).toEqual([]);
    for (const o of OPERATIONS.filter((x) => x.success.clauseView !== undefined)) {
      const schema = JSON.parse(readFileSync(schemaFile(o.success.view as string), 'utf8')) as { allOf?: { $ref?: string }[] };
      expect(
        schema.allOf?.some((s) => s.$ref === `${o.success.clauseView}.json`),
        operationKey(o),
      ).toBe(true);
    }
  });

  it('gives every body with a view the clause of its shape, but for the few no clause fits', () => {
    const without = OPERATIONS.filter((o) => o.success.view !== undefined && o.success.clause === undefined).map(operationKey);
    expect(without.sort()).toEqual([...NO_SHAPE_CLAUSE].sort());
  });

  it('names the refusal clause of every admin-only operation, and of no other', () => {
    expect(OPERATIONS.filter((o) => o.auth === 'admin' && !o.refusedClause).map(operationKey)).toEqual([]);
    expect(OPERATIONS.filter((o) => o.auth !== 'admin' && o.refusedClause).map(operationKey)).toEqual([]);
  });

  it('gives every admin-only operation with a body a sample; a sample holds the required fields and only fields of the body', () => {
    const bad = OPERATIONS.flatMap((o) => {
      if (o.auth === 'admin' && o.body && !o.sample) return [`${operationKey(o)}: no sample`];
      if (!o.sample) return [];
      if (!o.body) return [`${operationKey(o)}: a sample without a body`];
      const keys = Object.keys(o.sample);
      const unknown = keys.filter((k) => !(k in o.body!.fields));
      const missing = (o.body.required ?? []).filter((k) => !keys.includes(k));
      return unknown.length + missing.length > 0 ? [`${operationKey(o)}: unknown ${unknown}, missing ${missing}`] : [];
    });
    expect(bad).toEqual([]);
  });
});
