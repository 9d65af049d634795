/**
 * Which targets are the API's (issue 39, item 1): `/api/v4` must be the path's first segment after
 * the relative URL root the operator names; a repository page whose path ends in /api/v4/users is
 * not; a target whose percent-encoding does not decode is unparsable, never matched.
 */
import { describe, expect, it } from 'vitest';
import { apiTarget, matchOperation } from './exchange-view.ts';

describe('apiTarget and matchOperation', () => {
  it('takes /api/v4 as the first segment only', () => {
    expect(apiTarget('/api/v4/users?per_page=2')).toEqual({ path: '/users', query: 'per_page=2', apiRoot: '/api/v4' });
    expect(apiTarget('/group/mocks/-/tree/main/api/v4/users')).toBe('not-api');
    expect(apiTarget('/api/v4x/users')).toBe('not-api');
    expect(apiTarget('/api/v3/users')).toBe('not-api');
    expect(apiTarget('/-/cable')).toBe('not-api');
    expect(matchOperation('GET', '/group/mocks/-/tree/main/api/v4/users')).toBeUndefined();
    expect(matchOperation('GET', '/api/v4/users')?.name).toBe('GET /users');
  });

  it('takes it after the relative URL root when one is named, and only there', () => {
    expect(apiTarget('/gitlab/api/v4/users', '/gitlab')).toEqual({ path: '/users', query: '', apiRoot: '/gitlab/api/v4' });
    expect(apiTarget('/api/v4/users', '/gitlab')).toBe('not-api');
    expect(apiTarget('/gitlab/api/v4/users')).toBe('not-api');
    expect(matchOperation('GET', '/gitlab/api/v4/users/3', '/gitlab')).toMatchObject({ name: 'GET /users/:id', apiRoot: '/gitlab/api/v4' });
  });

  it('reads an absolute-form target by its path', () => {
    expect(apiTarget('http://gitlab.example.com/api/v4/users?page=2')).toEqual({ path: '/users', query: 'page=2', apiRoot: '/api/v4' });
  });

  it('calls a target whose percent-encoding does not decode unparsable, and matches it to nothing', () => {
    expect(apiTarget('/api/v4/users?search=%E9')).toBe('unparsable');
    expect(apiTarget('/api/v4/users?search=%zz')).toBe('unparsable');
    expect(apiTarget('/api/v4/users/%')).toBe('unparsable');
    expect(apiTarget('/api/v4/users?search=caf%C3%A9')).toMatchObject({ path: '/users' });
    expect(matchOperation('GET', '/api/v4/users?search=%E9')).toBeUndefined();
  });
});
