/**
 * Every method a known path does not serve answers 405 with Allow, in both profiles: the 34 methods
 * Node 20's parser passes on (CONNECT through the server's 'connect' event), and what Node refuses
 * before any handler (any other token: 400 from the parser itself).
 *
 *   npx vitest run src/reference/other-methods.test.ts
 */
import { METHODS } from 'node:http';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReference } from './index.ts';
import { testServer } from './testing.ts';
import { PROFILES } from './variation/registry.ts';

const PATHS = ['/broadcast_messages', '/broadcast_messages/1', '/user', '/user_counts', '/users/1/emails'];

describe.each(PROFILES)('the %s profile', (profile) => {
  it('answers 405 {"error":"405 Not Allowed"} with Allow to every method a known path does not serve', async () => {
    const t = await testServer({ profile });
    for (const path of PATHS) {
      const options = await t.req('OPTIONS', path);
      expect(options.statusCode, path).toBe(204);
      const allow = String(options.headers.allow);
      const served = new Set(allow.split(', '));
      const others = METHODS.filter((m) => !served.has(m) && m !== 'CONNECT');
      expect(others.length, path).toBeGreaterThan(25);
      for (const method of others) {
        const res = await t.req(method, path, { token: t.admin });
        expect([method, path, res.statusCode, res.headers.allow]).toEqual([method, path, 405, allow]);
        expect(res.data).toEqual({ error: '405 Not Allowed' });
      }
    }
  });
});

describe('QUERY', () => {
  it('answers 405 with or without a body and Content-Type, and the route 404 on an unknown path', async () => {
    const t = await testServer();
    expect((await t.req('QUERY', '/user', { token: t.admin })).statusCode).toBe(405);
    const withBody = await t.req('QUERY', '/user', { token: t.admin, body: { q: 1 } });
    expect([withBody.statusCode, withBody.headers.allow]).toEqual([405, 'GET, HEAD, OPTIONS']);
    const unknown = await t.req('QUERY', '/no_such_resource', { token: t.admin });
    expect([unknown.statusCode, unknown.data]).toEqual([404, { error: '404 Not Found' }]);
  });
});

describe('over a real socket', () => {
  let ref: RunningReference;
  beforeAll(async () => {
    ref = await startReferenceServer({ adminToken: 'methods-admin' });
  });
  afterAll(async () => {
    await ref.close();
  });

  /** The raw answer to one request line (the connection closed after it). */
  function raw(requestLine: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const { port } = new URL(ref.url);
      const socket = createConnection({ host: '127.0.0.1', port: Number(port) });
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (c) => (data += c));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
      socket.write(`${requestLine}\r\nHost: x\r\nPrivate-Token: methods-admin\r\nConnection: close\r\n\r\n`);
    });
  }

  it('answers CONNECT on a known path 405 with Allow, and CONNECT host:port the route 404', async () => {
    const known = await raw('CONNECT /api/v4/user HTTP/1.1');
    expect(known).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(known).toMatch(/\r\nallow: GET, HEAD, OPTIONS\r\n/);
    expect(known.endsWith('{"error":"405 Not Allowed"}')).toBe(true);
    expect(await raw('CONNECT example.com:443 HTTP/1.1')).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
  });

  it('answers TRACE and QUERY 405 over the wire too', async () => {
    for (const method of ['TRACE', 'QUERY', 'M-SEARCH']) {
      expect(await raw(`${method} /api/v4/broadcast_messages HTTP/1.1`)).toMatch(/^HTTP\/1\.1 405 /);
    }
  });

  it("cannot answer a token outside Node's list: its parser answers 400 before any handler runs", async () => {
    for (const method of ['FOO', 'BREW', 'get', 'DESCRIBE', 'PRI']) {
      const answer = await raw(`${method} /api/v4/broadcast_messages HTTP/1.1`);
      expect([method, answer.split('\r\n')[0]]).toEqual([method, 'HTTP/1.1 400 Bad Request']);
    }
  });
});
