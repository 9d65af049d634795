/**
 * Error answers: unknown routes, 405, malformed input (never a 5xx), body limits, 412, 414 over a socket.
 *
 *   npx vitest run src/reference/errors.test.ts
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReference } from './index.ts';
import { testServer, type TestServer } from './testing.ts';

let t: TestServer;
beforeEach(async () => {
  t = await testServer();
});

describe('unknown routes and methods', () => {
  it('answers 404 {"error":"404 Not Found"} to an unknown route', async () => {
    for (const path of ['/api/v4/no_such_resource', '/']) {
      const res = await t.req('GET', path);
      expect(res.statusCode).toBe(404);
      expect(res.data).toEqual({ error: '404 Not Found' });
    }
  });

  it('answers 410 to any path under /api/v3, as the platform does since version 3 was removed', async () => {
    for (const [method, path] of [
      ['GET', '/api/v3/broadcast_messages'],
      ['POST', '/api/v3/users'],
      ['GET', '/api/v3'],
    ]) {
      const res = await t.req(method!, path!);
      expect([res.statusCode, res.data]).toEqual([410, { error: 'API V3 is no longer supported. Use API V4 instead.' }]);
    }
  });

  it('answers the route 404 to a non-numeric id where a number is needed', async () => {
    const res = await t.req('GET', '/users/abc', { token: t.admin });
    expect(res.statusCode).toBe(404);
    expect(res.data).toEqual({ error: '404 Not Found' });
    expect((await t.req('GET', '/broadcast_messages/1x')).data).toEqual({ error: '404 Not Found' });
  });

  it('answers 405 {"error":"405 Not Allowed"} to an unsupported method on a known path', async () => {
    for (const [method, path] of [
      ['PATCH', '/broadcast_messages'],
      ['PATCH', '/broadcast_messages/1'],
      ['DELETE', '/user'],
      ['PUT', '/projects'],
    ]) {
      const res = await t.req(method, path, { token: t.admin });
      expect(res.statusCode, `${method} ${path}`).toBe(405);
      expect(res.data).toEqual({ error: '405 Not Allowed' });
    }
  });

  it('answers OPTIONS with 204 and the allowed methods', async () => {
    const res = await t.req('OPTIONS', '/broadcast_messages');
    expect(res.statusCode).toBe(204);
    expect(String(res.headers.allow)).toContain('POST');
  });
});

describe('bad input never reaches a 5xx', () => {
  it('reads an empty JSON body as no body (clients send one on DELETE)', async () => {
    await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } });
    const del = await t.req('DELETE', '/broadcast_messages/1', { token: t.admin, headers: { 'content-type': 'application/json' } });
    expect(del.statusCode).toBe(204);
    const post = await t.req('POST', '/broadcast_messages', { token: t.admin, headers: { 'content-type': 'application/json' } });
    expect([post.statusCode, post.data]).toEqual([400, { message: 'message is missing' }]);
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v4/broadcast_messages',
      headers: { 'private-token': t.admin, 'content-type': 'application/json' },
      payload: '{"message":',
    });
    expect(bad.statusCode).toBe(400);
    expect(typeof JSON.parse(bad.body).message).toBe('string');
  });

  it('answers a JSON body that is not an object with 400', async () => {
    const res = await t.req('POST', '/broadcast_messages', { token: t.admin, body: ['message'] });
    expect(res.statusCode).toBe(400);
  });

  it('answers an unknown content type with 415 and a JSON message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/broadcast_messages',
      headers: { 'private-token': t.admin, 'content-type': 'application/xml' },
      payload: '<m/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof JSON.parse(res.body).message).toBe('string');
  });

  it('answers bad URL encoding with 400', async () => {
    expect((await t.req('GET', '/broadcast_messages/%zz')).statusCode).toBe(400);
  });

  it('takes a JSON body over 2 MiB (a 1,048,576-character text full of escapes)', async () => {
    const message = '"\\'.repeat(524_288);
    const res = await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message } });
    expect(res.statusCode).toBe(201);
    expect(res.data.message.length).toBe(1_048_576);
  });

  it('answers a body over 8 MiB with 413', async () => {
    const res = await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x'.repeat(9 * 1024 * 1024) } });
    expect(res.statusCode).toBe(413);
  });

  it('checks parameters before looking the resource up', async () => {
    const res = await t.req('PUT', '/broadcast_messages/999', { token: t.admin, body: { starts_at: 'soon' } });
    expect(res.statusCode).toBe(400);
    expect(res.data).toEqual({ message: 'starts_at is invalid' });
  });

  it('answers an unexpected exception with 500 {"message":"500 Internal Server Error"}', async () => {
    const fresh = await testServer();
    fresh.app.get('/api/v4/__boom', async () => {
      throw new Error('boom');
    });
    const res = await fresh.req('GET', '/__boom');
    expect(res.statusCode).toBe(500);
    expect(res.data).toEqual({ message: '500 Internal Server Error' });
  });
});

describe('412 on a stale If-Unmodified-Since', () => {
  it('refuses DELETE /users/:id when the user changed after the given date', async () => {
    const jane = await t.user('jane');
    const res = await t.req('DELETE', `/users/${jane.id}`, {
      token: t.admin,
      headers: { 'if-unmodified-since': 'Mon, 01 Jan 2024 00:00:00 GMT' },
    });
    expect(res.statusCode).toBe(412);
    const fine = await t.req('DELETE', `/users/${jane.id}`, {
      token: t.admin,
      headers: { 'if-unmodified-since': 'Mon, 01 Jan 2030 00:00:00 GMT' },
    });
    expect(fine.statusCode).toBe(204);
  });
});

describe('over a real socket', () => {
  let ref: RunningReference;
  beforeAll(async () => {
    ref = await startReferenceServer({ adminToken: 'socket-admin' });
  });
  afterAll(async () => {
    await ref.close();
  });

  function get(path: string): Promise<{ status: number; body: string; type: string }> {
    return new Promise((resolve, reject) => {
      // The Link header repeats the query in each link: a query near 8 KiB gives headers past Node's 16 KiB default.
      const req = httpRequest(`${ref.url}${path}`, { method: 'GET', maxHeaderSize: 64 * 1024 }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('exposes url and apiUrl without a trailing slash', () => {
    expect(ref.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ref.apiUrl).toBe(`${ref.url}/api/v4`);
    expect(ref.adminToken).toBe('socket-admin');
  });

  it('answers 414 (not 431) to a 40 KiB query string', async () => {
    const res = await get(`/api/v4/broadcast_messages?search=${'a'.repeat(40 * 1024)}`);
    expect(res.status).toBe(414);
    expect(res.type).toMatch(/^application\/json/);
    expect(JSON.parse(res.body).message).toContain('414');
  });

  it('still answers a query string just under 8 KiB', async () => {
    const res = await get(`/api/v4/broadcast_messages?search=${'a'.repeat(8000)}`);
    expect(res.status).toBe(200);
  });
});
