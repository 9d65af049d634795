/**
 * The observing proxy's wire: answers come back byte for byte (status, headers in their case and
 * order, body), streamed as they arrive, with keep-alive on both sides; request bodies reach the
 * upstream as sent; the copies kept for judging are cut at the capture limit, the pipes never.
 * close() drains: the exchanges in flight finish (and reach onExchange) before it resolves, up to
 * drainMs; those left are cut and counted, never recorded. (The table: invisible.test.ts.)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startProxy, type ObservedExchange, type RunningProxy } from './proxy.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.reverse()) await c();
  closers = [];
});

async function upstream(handler: http.RequestListener): Promise<URL> {
  const server = http.createServer({ keepAlive: true }, handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(
    () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

async function proxyTo(url: URL, seen: ObservedExchange[], captureLimit?: number, drainMs?: number): Promise<RunningProxy> {
  const p = await startProxy({ upstream: url, captureLimit, drainMs, onExchange: (x) => seen.push(x) });
  closers.push(() => p.close());
  return p;
}

/** A raw HTTP/1.1 exchange over one socket: what the client receives, byte for byte. */
function raw(
  url: string,
  path: string,
  agent: http.Agent,
  body?: string,
): Promise<{ res: http.IncomingMessage; bytes: Buffer; firstChunkAt: number; endAt: number }> {
  return new Promise((done, fail) => {
    const req = http.request(
      `${url}${path}`,
      { agent, method: body ? 'POST' : 'GET', headers: body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        let firstChunkAt = 0;
        res.on('data', (c: Buffer) => {
          firstChunkAt ||= Date.now();
          chunks.push(c);
        });
        res.on('end', () => done({ res, bytes: Buffer.concat(chunks), firstChunkAt, endAt: Date.now() }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

describe('observe proxy', () => {
  it('answers byte for byte, headers in their case and order, and streams the body as it comes', async () => {
    const url = await upstream((req, res) => {
      res.writeHead(
        201,
        'Made',
        [
          ['X-Zeta', '1'],
          ['Content-Type', 'application/json'],
          ['x-alpha', 'two'],
          ['Set-Cookie', 'a=1'],
          ['Set-Cookie', 'b=2'],
        ].flat(),
      );
      res.write('{"part":');
      setTimeout(() => res.end('"two"}'), 300);
    });
    const seen: ObservedExchange[] = [];
    const proxy = await proxyTo(url, seen);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const { res, bytes, firstChunkAt, endAt } = await raw(proxy.url, '/api/v4/x', agent);
    expect(res.statusCode).toBe(201);
    expect(res.statusMessage).toBe('Made');
    const names = res.rawHeaders.filter((_, i) => i % 2 === 0);
    expect(names.slice(0, 5)).toEqual(['X-Zeta', 'Content-Type', 'x-alpha', 'Set-Cookie', 'Set-Cookie']);
    expect(bytes.toString()).toBe('{"part":"two"}');
    expect(endAt - firstChunkAt).toBeGreaterThan(200); // the first part came before the upstream finished
    await new Promise((r) => setImmediate(r));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', target: '/api/v4/x', status: 201, bodyCut: false });
    expect(seen[0]!.body.toString()).toBe('{"part":"two"}');
    agent.destroy();
  });

  it('keeps the connection alive on both sides and forwards request bodies as sent', async () => {
    const upstreamSockets = new Set<unknown>();
    const received: string[] = [];
    const url = await upstream((req, res) => {
      upstreamSockets.add(req.socket);
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        received.push(text);
        res.end('ok');
      });
    });
    const seen: ObservedExchange[] = [];
    const proxy = await proxyTo(url, seen);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    for (let i = 0; i < 5; i++) {
      const { res } = await raw(proxy.url, '/api/v4/y', agent, `{"n":${i}}`);
      sockets.add(res.socket);
    }
    expect(received).toEqual([0, 1, 2, 3, 4].map((i) => `{"n":${i}}`));
    expect(sockets.size).toBe(1);
    expect(upstreamSockets.size).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(seen.map((x) => x.requestBody.toString())).toEqual(received);
    agent.destroy();
  });

  it('cuts the copy at the capture limit, never the answer', async () => {
    const big = 'x'.repeat(100_000);
    const url = await upstream((_req, res) => res.end(big));
    const seen: ObservedExchange[] = [];
    const proxy = await proxyTo(url, seen, 1000);
    const agent = new http.Agent({ keepAlive: false });
    const { bytes } = await raw(proxy.url, '/api/v4/z', agent);
    expect(bytes.length).toBe(100_000);
    await new Promise((r) => setImmediate(r));
    expect(seen[0]!.body.length).toBe(1000);
    expect(seen[0]!.bodyCut).toBe(true);
  });

  it('answers 502 itself, and records no answer, when the upstream is gone', async () => {
    const url = await upstream((_req, res) => res.end());
    const seen: ObservedExchange[] = [];
    const proxy = await proxyTo(url, seen);
    for (const c of closers.splice(0, 1)) await c(); // the upstream stops
    const res = await fetch(`${proxy.url}/api/v4/users`);
    expect(res.status).toBe(502);
    await new Promise((r) => setImmediate(r));
    expect(seen[0]).toMatchObject({ status: 0 });
  });

  it('close() lets an exchange in flight finish and reach onExchange before it resolves', async () => {
    const url = await upstream((_req, res) => setTimeout(() => res.end('late'), 800));
    const seen: ObservedExchange[] = [];
    const proxy = await proxyTo(url, seen, undefined, 10_000);
    const answer = fetch(`${proxy.url}/api/v4/users`).then(async (r) => ({ status: r.status, body: await r.text() }));
    await new Promise((r) => setTimeout(r, 200));
    await proxy.close();
    expect(await answer).toEqual({ status: 200, body: 'late' });
    expect(seen).toHaveLength(1);
    expect(proxy.counts()).toEqual({ tunnels: 0, unparsable: 0, drained: 1, cutAtStop: 0 });
  });

  it('cuts what is still in flight at the drain bound, counts it, records none of it', async () => {
    const url = await upstream((_req, res) => setTimeout(() => res.end('too late'), 5000));
    const seen: ObservedExchange[] = [];
    const proxy = await proxyTo(url, seen, undefined, 300);
    const answer = fetch(`${proxy.url}/api/v4/users`).then(
      (r) => r.status,
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    await proxy.close();
    expect(Date.now() - started).toBeLessThan(4000); // the bound, not the upstream's 5 s
    expect(await answer).toBe('cut');
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(0);
    expect(proxy.counts()).toMatchObject({ drained: 0, cutAtStop: 1 });
  });
});

describe('an exchange no judge has room for', () => {
  it('is forwarded as the others, without a copy: told to onUncopied, never to onExchange', async () => {
    const url = await upstream((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json', 'X-Case': 'Kept' });
        res.end(JSON.stringify({ echoed: Buffer.concat(chunks).toString() }));
      });
    });
    const seen: ObservedExchange[] = [];
    let uncopied = 0;
    let room = false;
    const p = await startProxy({ upstream: url, onExchange: (x) => seen.push(x), admit: () => room, onUncopied: () => uncopied++ });
    closers.push(() => p.close());
    const agent = new http.Agent({ keepAlive: true });
    closers.push(async () => agent.destroy());
    const straight = await raw(url.href.replace(/\/$/, ''), '/api/v4/user/keys', agent, '{"title":"t"}');
    const dropped = await raw(p.url, '/api/v4/user/keys', agent, '{"title":"t"}');
    expect(dropped.res.statusCode).toBe(201);
    expect(dropped.bytes.toString()).toBe(straight.bytes.toString());
    expect(dropped.res.rawHeaders).toContain('X-Case');
    await new Promise((r) => setImmediate(r));
    expect({ uncopied, seen: seen.length }).toEqual({ uncopied: 1, seen: 0 });
    room = true;
    await raw(p.url, '/api/v4/user/keys', agent, '{"title":"t"}');
    await new Promise((r) => setImmediate(r));
    expect({ uncopied, seen: seen.length }).toEqual({ uncopied: 1, seen: 1 });
    expect(seen[0]!.requestBody.toString()).toBe('{"title":"t"}');
  });
});
