/**
 * The list's memoized item JSON never goes stale: a change to a user (or to the user who
 * created it, shown in its admin view) shows in the next list, for admins and normal callers,
 * and under another Host the URLs follow it.
 *
 *   npx vitest run src/reference/json-views.test.ts
 */
import { describe, expect, it } from 'vitest';
import { createJsonArrays, createJsonViews } from './json-views.ts';
import { postUser, testServer } from './testing.ts';

describe('createJsonViews', () => {
  it('builds a view once per row object, key and dependency', () => {
    const cache = createJsonViews<{ id: number }>();
    const row = { id: 1 };
    const dep = {};
    let built = 0;
    const view = () => ({ n: ++built });
    expect(cache.json(row, 'a', dep, view)).toBe('{"n":1}');
    expect(cache.json(row, 'a', dep, view)).toBe('{"n":1}');
    expect(cache.json(row, 'a', {}, view)).toBe('{"n":2}');
    expect(cache.json(row, 'b', null, view)).toBe('{"n":3}');
    expect(cache.json({ id: 1 }, 'b', null, view)).toBe('{"n":4}');
  });
});

describe('GET /users items after changes', () => {
  it('shows an update, a creator renamed, and the request host', async () => {
    const t = await testServer();
    const creator = await t.user('creator', { admin: true });
    const made = await postUser(t, 'made');
    await t.req('POST', '/users', {
      token: creator.token,
      body: { username: 'child', name: 'Child', email: 'child@example.com', password: 'password123' },
    });
    const list = async (token = t.admin, headers: Record<string, string> = {}) =>
      (await t.req('GET', '/users', { token, query: 'per_page=100', headers })).data as Record<string, any>[];
    const byName = (items: Record<string, any>[], username: string) => items.find((u) => u.username === username)!;

    expect(byName(await list(), 'made').name).not.toBe('Renamed');
    await t.req('PUT', `/users/${made.data.id}`, { token: t.admin, body: { name: 'Renamed' } });
    expect(byName(await list(), 'made').name).toBe('Renamed');
    const regular = await t.user('regular');
    expect(byName(await list(regular.token), 'made').name).toBe('Renamed');

    expect(byName(await list(), 'child').created_by.username).toBe('creator');
    await t.req('PUT', `/users/${byName(await list(), 'creator').id}`, { token: t.admin, body: { username: 'creator2' } });
    expect(byName(await list(), 'child').created_by.username).toBe('creator2');

    expect(byName(await list(t.admin, { host: 'other.example:8080' }), 'made').web_url).toBe('http://other.example:8080/made');
    expect(byName(await list(), 'made').web_url).toBe('http://localhost:80/made');
  });
});

describe('createJsonArrays', () => {
  it('gives the same bytes for the very same items, new ones when any item differs', () => {
    const arrays = createJsonArrays();
    const a = JSON.stringify({ id: 1, name: 'Zoë 😀' });
    const b = JSON.stringify({ id: 2 });
    const first = arrays([a, b]);
    expect(first.toString('utf8')).toBe('[{"id":1,"name":"Zoë 😀"},{"id":2}]');
    expect(arrays([a, b])).toBe(first);
    expect(arrays([a]).toString()).toBe(`[${a}]`);
    expect(arrays([a, JSON.stringify({ id: 3 })]).toString()).toBe(`[${a},{"id":3}]`);
    expect(arrays([]).toString()).toBe('[]');
  });
});
