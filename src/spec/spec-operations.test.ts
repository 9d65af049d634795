/** The spec's operation list is read from its copy: endpoint-table rows, not other tables, and the prose ones beside them. */
import { describe, expect, it } from 'vitest';
import { SPEC_OPERATIONS, tableOperations } from './spec-operations.ts';

describe('the spec operations', () => {
  it('reads the method and path of each endpoint-table row, and nothing of other tables', () => {
    const text = [
      '| Method | Path | Request | Response |',
      '|---|---|---|---|',
      '| GET | /user/keys | none | array of SSH keys |',
      '| DELETE | /user/keys/:key_id | | 204, or 404 |',
      '| page | integer | default 1 |',
      'A GET | /not/a/row | in prose',
    ].join('\n');
    expect(tableOperations(text)).toEqual(['GET /user/keys', 'DELETE /user/keys/:key_id']);
  });

  it('holds each operation once, those the spec writes in prose included', () => {
    expect(new Set(SPEC_OPERATIONS).size).toBe(SPEC_OPERATIONS.length);
    expect(SPEC_OPERATIONS).toEqual(expect.arrayContaining(['GET /users', 'POST /users/:id/block', 'GET /user/keys/:key_id']));
  });
});
