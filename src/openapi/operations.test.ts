/**
 * The operation table, the spec and the reference server list the same operations: the table
 * holds exactly the spec's operations (spec-operations.ts, by method and path shape), and the
 * reference registers each row by its operationId (Router.op: method, path and auth from the row)
 * and by hand only its fixture surface. Neither the table nor the reference can drift without
 * this failing. The kit's view of each GET
 * (src/spec/route-views.ts, derived from the table) agrees with the document's views.
 *
 *   npx vitest run src/openapi/operations.test.ts
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '../kit/schemas.ts';
import { viewOf } from '../spec/route-views.ts';
import { OPERATIONS, operationKey } from '../spec/operations/index.ts';
import { pathShape } from './path-params.ts';
import { referenceRoutes, type ReferenceRoute } from './reference-routes.ts';
import { FIXTURE_SURFACE, SPEC_OPERATIONS } from '../spec/spec-operations.ts';

const shapeKey = (key: string) => {
  const [method, path] = key.split(' ');
  return `${method} ${pathShape(path)}`;
};
const tableKeys = OPERATIONS.map(operationKey);

let routes: ReferenceRoute[];
beforeAll(async () => {
  routes = await referenceRoutes();
});

describe('the table and the spec', () => {
  it("lists each of the spec's operations once, and nothing else", () => {
    expect(new Set(SPEC_OPERATIONS.map(shapeKey)).size).toBe(SPEC_OPERATIONS.length);
    expect(tableKeys.map(shapeKey).sort()).toEqual(SPEC_OPERATIONS.map(shapeKey).sort());
  });

  it('answers POST with 201, DELETE with 204 and GET/PUT with 200 (Conventions #8)', () => {
    const expected = { POST: 201, DELETE: 204, GET: 200, PUT: 200 } as const;
    for (const o of OPERATIONS) expect(o.success.status, operationKey(o)).toBe(expected[o.method]);
  });
});

describe('the table and the reference server', () => {
  it("the reference registers exactly the table's operations plus its fixture surface", () => {
    const registered = routes.map((r) => r.key);
    expect(new Set(registered).size).toBe(registered.length);
    const beyond = registered.filter((k) => !tableKeys.includes(k)).sort();
    expect(beyond).toEqual([...FIXTURE_SURFACE].sort());
    const missing = tableKeys.filter((k) => !registered.includes(k));
    expect(missing).toEqual([]);
  });

  it('registers every operation by its operationId (its row), and by hand only the fixture surface', () => {
    const byRow = routes.filter((r) => r.operationId !== undefined);
    expect(byRow.map((r) => `${r.operationId} ${r.key}`).sort()).toEqual(
      OPERATIONS.map((o) => `${o.operationId} ${operationKey(o)}`).sort(),
    );
    expect(
      routes
        .filter((r) => r.operationId === undefined)
        .map((r) => r.key)
        .sort(),
    ).toEqual([...FIXTURE_SURFACE].sort());
  });

  it('the fixture surface holds no operation of the spec', () => {
    const spec = new Set(SPEC_OPERATIONS.map(shapeKey));
    expect(FIXTURE_SURFACE.filter((k) => spec.has(shapeKey(k)))).toEqual([]);
  });

  it('each operation needs the same authentication in the table as on the reference', () => {
    const byKey = new Map(routes.map((r) => [r.key, r.auth]));
    const differ = OPERATIONS.filter((o) => byKey.get(operationKey(o)) !== o.auth).map(
      (o) => `${operationKey(o)}: table ${o.auth}, reference ${byKey.get(operationKey(o))}`,
    );
    expect(differ).toEqual([]);
  });
});

describe("the table and the kit's route views", () => {
  /** A concrete path of a table path: integers 7, other parameters 'x'. */
  const concrete = (path: string) => path.replace(/:\w+\(int\)/g, '7').replace(/:\w+/g, 'x');
  /** The same schema, or one that refines it (allOf holds a $ref to it). */
  const sameOrRefines = (name: string, base: string) =>
    name === base || ((getSchema(name).allOf as { $ref?: string }[] | undefined) ?? []).some((s) => s.$ref === `${base}.json`);

  it("every GET view the kit checks responses against is the table's view (or a view it refines), list for list", () => {
    const gets = OPERATIONS.filter((o) => o.method === 'GET');
    const disagree = gets.flatMap((o) => {
      const rv = viewOf(concrete(o.path));
      if (rv === undefined) return Array.isArray(o.success.view) ? [] : [`${o.path}: no route view for a caller-independent view`];
      const view = o.success.view;
      if (typeof view !== 'string' || !sameOrRefines(view, rv.schema) || rv.array !== Boolean(o.list)) {
        return [`${o.path}: table ${JSON.stringify(view)}${o.list ? '[]' : ''}, route view ${rv.schema}${rv.array ? '[]' : ''}`];
      }
      return [];
    });
    expect(disagree).toEqual([]);
  });
});
