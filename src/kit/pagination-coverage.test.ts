/**
 * Every list operation of the operation table is paged through by a collection of the pagination
 * suite (suites/pagination/collections.ts, by its operationId) or has a named reason
 * (suites/pagination/without-collection.ts), never both; a collection or a reason names only list
 * operations. Forgetting the collection of a new list endpoint fails here.
 *
 *   npx vitest run src/kit/pagination-coverage.test.ts
 */
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../spec/operations/index.ts';
import { COLLECTIONS } from '../../suites/pagination/collections.ts';
import { WITHOUT_COLLECTION } from '../../suites/pagination/without-collection.ts';

const lists = OPERATIONS.filter((o) => o.list).map((o) => o.operationId);
const paged = new Set(COLLECTIONS.flatMap((c) => (c.operationId ? [c.operationId] : [])));
const excused = Object.keys(WITHOUT_COLLECTION);

describe('pagination coverage of the list operations', () => {
  it('pages through every list operation, or says why not', () => {
    expect(lists.filter((id) => !paged.has(id) && !excused.includes(id))).toEqual([]);
  });

  it('gives no reason for a list it pages through', () => {
    expect(excused.filter((id) => paged.has(id))).toEqual([]);
  });

  it('names only list operations of the table', () => {
    expect([...paged, ...excused].filter((id) => !lists.includes(id))).toEqual([]);
  });
});
