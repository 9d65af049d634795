/**
 * The path-parameter table holds exactly the parameters of the operation table: each parameter of
 * every operation has a row (the document's description, the kit's placeholder), no row is left
 * without an operation, and one placeholder never stands for two kinds of item within a path.
 *
 *   npx vitest run src/spec/path-parameters.test.ts
 */
import { describe, expect, it } from 'vitest';
import { OPERATIONS, operationKey } from './operations/index.ts';
import { PATH_PARAMETERS, pathParameterKey, pathParameterRow, placeholderPath } from './path-parameters.ts';
import { pathParameters } from './paths.ts';

const used = OPERATIONS.flatMap((o) => pathParameters(o.path).map((p) => ({ op: operationKey(o), key: pathParameterKey(p), p })));

describe('the path-parameter table', () => {
  it('has a row for every path parameter of the operation table', () => {
    expect(used.filter((u) => pathParameterRow(u.p) === undefined).map((u) => `${u.op}: ${u.key}`)).toEqual([]);
  });

  it('holds no row that no operation uses', () => {
    const keys = new Set(used.map((u) => u.key));
    expect(Object.keys(PATH_PARAMETERS).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('gives the parameters of one path distinct placeholders', () => {
    const clashes = OPERATIONS.filter((o) => {
      const names = pathParameters(o.path).map((p) => pathParameterRow(p)?.placeholder);
      return new Set(names).size !== names.length;
    }).map(operationKey);
    expect(clashes).toEqual([]);
  });

  it('fills a path with the placeholders and names the last', () => {
    expect(placeholderPath('/users/:id(int)/keys/:key_id(int)')).toEqual({ path: '/users/{user_id}/keys/{key_id}', last: 'key_id' });
    expect(() => placeholderPath('/nothing/:here')).toThrow('no row nothing/here');
  });
});
