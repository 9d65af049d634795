/**
 * The field rules' walk (field-rules.ts) finds what the plain walk it replaced found: for each rule
 * the same first bad field (pointer and value), on bodies drawn at random: nested lists of objects
 * that share a shape or change it, keys the rules look at and others, good and bad values.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { ApiResponse } from './exchange.ts';
import { FIELD_RULES, firstBadField, type FieldRuleName } from './field-rules.ts';

const NAMES = Object.keys(FIELD_RULES) as FieldRuleName[];

/** The walk as first written: every key of every object classified, depth first, the key before what it holds. */
function plainWalk(json: unknown): Record<string, readonly [string, unknown] | undefined> {
  const found: Record<string, readonly [string, unknown] | undefined> = {};
  const keys: (string | number)[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        keys.push(i);
        walk(item);
        keys.pop();
      });
    } else if (value !== null && typeof value === 'object') {
      for (const k of Object.keys(value)) {
        keys.push(k);
        const v = (value as Record<string, unknown>)[k];
        for (const name of NAMES) {
          const rule = FIELD_RULES[name] as { key: (k: string) => boolean; bad: (v: unknown, k: string) => boolean };
          if (!(name in found) && rule.key(k) && rule.bad(v, k)) found[name] = [`/${keys.join('/')}`, v];
        }
        walk(v);
        keys.pop();
      }
    }
  };
  walk(json);
  return found;
}

const res = (json: unknown): ApiResponse => ({
  method: 'GET',
  url: 'http://h/api/v4/x',
  requestHeaders: {},
  status: 200,
  headers: {},
  text: '',
  json,
  durationMs: 1,
});

const KEYS = [
  'id',
  'iid',
  'parent_id',
  'project_id',
  'name',
  'created_at',
  'updated_at',
  'due_date',
  'last_activity_on',
  'start_date_fixed',
  'x_from_milestones',
  'state',
  'author',
  'items',
  '0',
  '',
];
const leaf = fc.oneof(
  fc.constantFrom(
    '2020-01-01T12:00:00.000Z',
    '2020-01-01T12:00:00Z',
    '2020-01-01',
    '01/02/2020',
    'text',
    '',
    null,
    1,
    0,
    -3,
    1.5,
    '7',
    true,
  ),
  fc.integer(),
  fc.string({ maxLength: 6 }),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('object'), tie('list'), tie('sameShapes')),
  object: fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 6 }),
  list: fc.array(tie('value'), { maxLength: 4 }),
  /** Objects of one shape with different values (the items of a list), sometimes one of another shape among them. */
  sameShapes: fc
    .tuple(
      fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 5 }),
      fc.array(fc.array(tie('value'), { minLength: 5, maxLength: 5 }), { maxLength: 5 }),
    )
    .map(([keys, rows]) => rows.map((row, i) => (i === 2 ? { other: row[0] } : Object.fromEntries(keys.map((k, j) => [k, row[j]]))))),
}));

describe('field rules', () => {
  test('the walk finds, for each rule, the first bad field the plain walk finds', () => {
    fc.assert(
      fc.property(value, (json) => {
        const expected = plainWalk(json);
        const r = res(json);
        for (const name of NAMES) expect(firstBadField(r, name)).toEqual(expected[name]);
      }),
      { seed: 39, numRuns: 2000 },
    );
  });

  test('a list of one shape: the first bad item, and a later shape change still judged', () => {
    const good = { id: 1, created_at: '2020-01-01T12:00:00.000Z', due_date: '2020-01-01' };
    const body = [good, good, { ...good, created_at: '2020-01-01T12:00:00Z' }, { nested: [{ ...good, id: '4' }] }];
    expect(firstBadField(res(body), 'datetime')).toEqual(['/2/created_at', '2020-01-01T12:00:00Z']);
    expect(firstBadField(res(body), 'integerIds')).toEqual(['/3/nested/0/id', '4']);
    expect(firstBadField(res(body), 'date')).toBeUndefined();
  });

  test('only a 2xx JSON body is judged', () => {
    expect(firstBadField({ ...res({ id: 'x' }), status: 404 }, 'integerIds')).toBeUndefined();
    expect(firstBadField(res(undefined), 'integerIds')).toBeUndefined();
  });
});
