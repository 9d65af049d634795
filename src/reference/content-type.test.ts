/**
 * Every JSON answer of the reference carries `Content-Type: application/json` exactly, as the
 * real platform's do: objects, lists served from the view cache, the bare `true` of a user state
 * move, error bodies of the error handler, of an unknown route and of a request Node refuses.
 *
 *   npx vitest run src/reference/content-type.test.ts
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from './index.ts';
import { testServer, type TestServer } from './testing.ts';

describe('Content-Type of JSON answers', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await testServer();
  });

  it.each([
    ['an object', 'GET', '/user', 200],
    ['a list from the view cache', 'GET', '/users', 200],
    ['a validation error', 'POST', '/broadcast_messages', 400],
    ['a 401', 'GET', '/user/keys', 401],
    ['an unknown route', 'GET', '/no/such/route', 404],
  ])('%s is application/json with no parameter', async (_what, method, path, status) => {
    const token = status === 401 ? undefined : t.admin;
    const res = await t.req(method, path, { token, body: method === 'POST' ? {} : undefined });
    expect([res.statusCode, res.headers['content-type']]).toEqual([status, 'application/json']);
  });

  it('the bare true of a user state move is application/json', async () => {
    const jane = await t.user('jane');
    const res = await t.req('POST', `/users/${jane.id}/block`, { token: t.admin });
    expect([res.statusCode, res.body, res.headers['content-type']]).toEqual([201, 'true', 'application/json']);
  });
});

describe('Content-Type of an answer Node writes itself', () => {
  let ref: Awaited<ReturnType<typeof startReferenceServer>>;
  beforeAll(async () => {
    ref = await startReferenceServer({ port: 0 });
  });
  afterAll(async () => ref.close());

  it('a request line Node cannot parse gets a JSON body typed application/json', async () => {
    const url = new URL(ref.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () =>
        socket.write('GET /api/v4/user HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nContent-Type: application\/json\r\n/);
  });
});
