/**
 * encodeParams writes what qs wrote before it (brackets for arrays, values encoded only): a table
 * of the shapes the kit sends, and any parameters fast-check draws compared with qs itself (a dev
 * dependency kept for this comparison).
 */
import fc from 'fast-check';
import { stringify } from 'qs';
import { describe, expect, it } from 'vitest';
import { encodeParams } from './query-string.ts';

const qs = (params: Record<string, unknown>) => stringify(params, { arrayFormat: 'brackets', encodeValuesOnly: true, skipNulls: false });

describe('encodeParams', () => {
  it.each([
    [{ search: 'a b', page: 2 }, 'search=a%20b&page=2'],
    [{ scope: ['x', 'y'] }, 'scope[]=x&scope[]=y'],
    [{ filter: { state: 'opened', author: null } }, 'filter[state]=opened&filter[author]='],
    [{ a: null, b: undefined, c: [], d: true }, 'a=&d=true'],
    [{ s: "!'()*~-_." }, 's=%21%27%28%29%2A~-_.'],
    [{ s: 'é😀' }, 's=%C3%A9%F0%9F%98%80'],
    [{ s: '\ud800x' }, 's=%EF%BF%BDx'],
    [{ at: new Date(0) }, 'at=1970-01-01T00%3A00%3A00.000Z'],
    [{ o: [{ p: 1 }, { q: [2] }] }, 'o[][p]=1&o[][q][]=2'],
  ])('%j', (params, expected) => {
    expect(encodeParams(params)).toBe(expected);
    expect(encodeParams(params)).toBe(qs(params));
  });

  it('writes what qs writes, for any parameters', () => {
    const leaf = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
    );
    const value = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('v'), { maxLength: 3 }),
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 4 }).filter((k) => /^\w+$/.test(k)),
          tie('v'),
          { maxKeys: 3 },
        ),
      ),
    })).v;
    const params = fc.dictionary(fc.stringMatching(/^[a-z_]{1,8}$/), value, { maxKeys: 5 });
    fc.assert(
      fc.property(params, (p) => encodeParams(p) === qs(p)),
      { numRuns: 500 },
    );
  });
});
