/**
 * Parsing of query strings and form bodies (Rack rules: brackets, arrays of hashes, + and %2B).
 *
 *   npx vitest run src/reference/parse.test.ts
 */
import { describe, expect, it } from 'vitest';
import { parseParams, ParamsParseError } from './parse.ts';
import { testServer } from './testing.ts';

describe('parseParams (Rack rules)', () => {
  it('reads name[] as an array and name[key] as a hash', () => {
    expect(parseParams('scopes[]=api&scopes[]=read_user')).toEqual({ scopes: ['api', 'read_user'] });
    expect(parseParams('attrs[api_url]=https%3A%2F%2Fk&attrs[token]=t')).toEqual({ attrs: { api_url: 'https://k', token: 't' } });
  });

  it('reads name[][key] pairs as an array of hashes', () => {
    expect(parseParams('v[][key]=a&v[][value]=1&v[][key]=b&v[][value]=2')).toEqual({
      v: [
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
      ],
    });
  });

  it('reads + as a space and %2B as a plus', () => {
    expect(parseParams('search=Jane+Doe&at=2020-01-01T00:00:00%2B00:00')).toEqual({
      search: 'Jane Doe',
      at: '2020-01-01T00:00:00+00:00',
    });
  });

  it('keeps the last value of a repeated plain name; a name without = is null', () => {
    expect(parseParams('a=1&a=2&flag')).toEqual({ a: '2', flag: null });
  });

  it('keeps a long array', () => {
    const text = Array.from({ length: 500 }, (_, i) => `ids[]=${i}`).join('&');
    expect((parseParams(text).ids as string[]).length).toBe(500);
  });

  it('ignores __proto__ and tolerates bad percent-encoding', () => {
    const parsed = parseParams('__proto__[x]=1&constructor[]=2&q=%zz');
    expect(parsed).toEqual({ constructor: ['2'], q: '%zz' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('refuses mixing a plain value and an array', () => {
    expect(() => parseParams('a=1&a[]=2')).toThrow(ParamsParseError);
  });
});

describe('request parsing in the app', () => {
  it('reads form bodies like JSON bodies', async () => {
    const t = await testServer();
    const form = await t.req('POST', '/broadcast_messages', {
      token: t.admin,
      form: 'message=Hello+there&color=%23AABBCC&target_access_levels[]=10&target_access_levels[]=30',
    });
    expect(form.statusCode).toBe(201);
    expect(form.data).toMatchObject({ message: 'Hello there', color: '#AABBCC', target_access_levels: [10, 30] });
  });

  it('reads %2B in a query datetime as an offset and + as a space', async () => {
    const t = await testServer();
    await t.user('jane');
    const plus = await t.req('GET', '/users', { token: t.admin, query: 'search=Name+jane' });
    expect(plus.data.map((u: { username: string }) => u.username)).toEqual(['jane']);
    const created = await t.req('GET', '/users', { token: t.admin, query: 'created_after=2020-01-01T00:00:00%2B00:00' });
    expect(created.statusCode).toBe(200);
    expect(created.data.length).toBe(2);
  });

  // The platform's params merge Rack's GET and POST (Grape): a write's query string is read too, the body winning a name given twice.
  for (const profile of ['spec', 'platform'] as const) {
    it(`reads a write's query string as its body, the body winning a name in both (${profile} profile)`, async () => {
      const t = await testServer(profile === 'platform' ? { profile } : {});
      const created = await t.req('POST', '/broadcast_messages', {
        token: t.admin,
        query: 'message=from+the+query&color=%23AABBCC',
        body: { color: '#112233' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.data).toMatchObject({ message: 'from the query', color: '#112233' });
      const jane = await t.user('jane');
      const status = await t.req('PUT', '/user/status', { token: jane.token, query: 'message=in+a+meeting&emoji=coffee' });
      expect([status.statusCode, status.data.message, status.data.emoji]).toEqual([200, 'in a meeting', 'coffee']);
    });
  }

  it('answers 400 to a malformed query string', async () => {
    const t = await testServer();
    const res = await t.req('GET', '/broadcast_messages', { query: 'a=1&a[]=2' });
    expect(res.statusCode).toBe(400);
    expect(typeof res.data.message).toBe('string');
  });
});
