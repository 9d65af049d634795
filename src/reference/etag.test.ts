/**
 * Conditional GET of the reference (etag.ts), as the platform's Rack::ETag and Rack::ConditionalGet:
 * a weak ETag of the body on GET 200 answers only, 304 with no body when If-None-Match names the
 * current ETag, 200 with the new body when it names an older one.
 *
 *   npx vitest run src/reference/etag.test.ts
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyEtag, noneMatchNames, weakEtag } from './etag.ts';
import { testServer, type TestServer } from './testing.ts';

describe('weakEtag and noneMatchNames', () => {
  it('tags a body W/"<length>-<CRC-32>" (hex), the same for the same bytes', () => {
    expect(weakEtag('{"a":1}')).toBe('W/"7-561bacaf"');
    expect(weakEtag('é')).toMatch(/^W\/"2-/); // bytes, not characters
    expect(weakEtag(Buffer.from('{"a":1}'))).toBe(weakEtag('{"a":1}'));
    expect(weakEtag('{"a":2}')).not.toBe(weakEtag('{"a":1}'));
  });

  it('bodyEtag digests a Buffer once and tags each body by its bytes', () => {
    const page = Buffer.from('[{"id":1}]');
    expect(bodyEtag(page)).toBe(weakEtag(page));
    expect(bodyEtag(page)).toBe(bodyEtag(page)); // remembered for that body
    expect(bodyEtag(Buffer.from('[{"id":2}]'))).toBe(weakEtag('[{"id":2}]')); // another body: its own digest
    expect(bodyEtag('{"a":1}')).toBe(weakEtag('{"a":1}'));
  });

  it('matches an exact entry of a comma-separated list, nothing else', () => {
    expect(noneMatchNames('W/"x", W/"y"', 'W/"y"')).toBe(true);
    expect(noneMatchNames('"y"', 'W/"y"')).toBe(false);
    expect(noneMatchNames('W/"x"', 'W/"y"')).toBe(false);
  });
});

describe('conditional GET', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await testServer();
  });

  it('a GET 200 carries a weak ETag; a POST 201 and an error carry none', async () => {
    const read = await t.req('GET', '/user', { token: t.admin });
    expect([read.statusCode, read.headers.etag]).toEqual([200, weakEtag(read.body)]);
    const made = await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } });
    expect([made.statusCode, made.headers.etag]).toEqual([201, undefined]);
    const refused = await t.req('GET', '/user');
    expect([refused.statusCode, refused.headers.etag]).toEqual([401, undefined]);
  });

  it('If-None-Match naming the current ETag answers 304 with no body and no Content-Type', async () => {
    const read = await t.req('GET', '/user', { token: t.admin });
    const again = await t.req('GET', '/user', { token: t.admin, headers: { 'if-none-match': String(read.headers.etag) } });
    expect([again.statusCode, again.body, again.headers['content-type'], again.headers.etag]).toEqual([
      304,
      '',
      undefined,
      read.headers.etag,
    ]);
  });

  it('If-None-Match naming an older ETag answers 200 with the new body', async () => {
    const made = await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'before' } });
    const path = `/broadcast_messages/${made.data.id}`;
    const first = await t.req('GET', path, { token: t.admin });
    await t.req('PUT', path, { token: t.admin, body: { message: 'after' } });
    const again = await t.req('GET', path, { token: t.admin, headers: { 'if-none-match': String(first.headers.etag) } });
    expect([again.statusCode, again.data.message]).toEqual([200, 'after']);
    expect(again.headers.etag).not.toBe(first.headers.etag);
  });

  it('a list page answered again from the same bytes keeps its tag, and a change of the page changes it', async () => {
    const first = await t.req('GET', '/users?per_page=2', { token: t.admin });
    const same = await t.req('GET', '/users?per_page=2', { token: t.admin, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(same.statusCode).toBe(304);
    await t.req('POST', '/users', {
      token: t.admin,
      body: { email: 'etag-page@example.com', name: 'Etag Page', username: 'etag_page', password: 'Secret-pass-123456' },
    });
    const changed = await t.req('GET', '/users?per_page=2', { token: t.admin, headers: { 'if-none-match': String(first.headers.etag) } });
    expect([changed.statusCode, changed.headers.etag]).toEqual([200, weakEtag(changed.body)]);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });
});
