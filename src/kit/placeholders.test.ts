/**
 * The placeholder filler and the requests built from the operation table: strings, whole-value
 * placeholders, nested bodies, async look-ups once per name, and a KitError for a missing value.
 *
 *   npx vitest run src/kit/placeholders.test.ts
 */
import { describe, expect, it } from 'vitest';
import { isKitError } from '../shared/errors.ts';
import { refusedRequests } from './operation-requests.ts';
import { fill, fillAsync, placeholdersIn } from './placeholders.ts';

describe('fill', () => {
  it('fills placeholders in strings and anywhere in a JSON value; a whole placeholder keeps its type', () => {
    expect(fill('/users/{id}/keys/{key_id}', { id: 7, key_id: 3 })).toBe('/users/7/keys/3');
    expect(fill({ title: '{name}', n: '{id}', list: ['{name}-x', true] }, { name: 'k', id: 7 })).toEqual({
      title: 'k',
      n: 7,
      list: ['k-x', true],
    });
  });

  it('refuses a placeholder without a value (KitError CASE_TABLE_INVALID)', () => {
    let thrown: unknown;
    try {
      fill('/users/{id}', {});
    } catch (e) {
      thrown = e;
    }
    expect(isKitError(thrown) && thrown.code).toBe('CASE_TABLE_INVALID');
  });

  it('fillAsync looks each name up once, in order of first use', async () => {
    const asked: string[] = [];
    const out = await fillAsync({ a: '{x}/{y}', b: '{x}' }, async (n) => {
      asked.push(n);
      return n.toUpperCase();
    });
    expect(out).toEqual({ a: 'X/Y', b: 'X' });
    expect(asked).toEqual(['x', 'y']);
    expect(placeholdersIn(['{a}', { b: '{b}{a}' }])).toEqual(['a', 'b']);
  });
});

describe('refusedRequests', () => {
  it('gives the operations of a refusal clause with their paths and sample bodies filled', () => {
    const requests = refusedRequests('emails.admin.non_admin', { id: 7, email_id: 3, name: 'kit-x' });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /users/7/emails',
      'POST /users/7/emails',
      'DELETE /users/7/emails/3',
    ]);
    expect(requests[1]).toMatchObject({ title: 'POST /users/:id/emails', json: { email: 'kit-x@example.com', skip_confirmation: true } });
  });
});
