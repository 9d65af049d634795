/**
 * Issue 39, item 1 ("Invisible"): observe in front of an upstream that behaves like the platform's
 * front end (fixtures/front-end.ts), each row of the table sent twice, straight to the
 * upstream and through observe, and compared: same status, same body (and the same interim
 * answers, frames, bytes received). What observe counts of each is checked beside.
 * The HTTPS rows (a private CA) are in upstream-tls.test.ts.
 *
 *   npx vitest run src/observe/invisible.test.ts
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { rawRequest, startFrontEnd, webSocketTalk, type FrontEnd } from './fixtures/front-end.ts';
import { startObserve, type RunningObserve } from './index.ts';
import type { ObservationCounts } from './observation.ts';
import { SERVER_TIMEOUTS } from './proxy.ts';
import { spawnObserve } from './fixtures/observe-command.ts';

const temp = tempFoldersForThisFile();
let front: FrontEnd;
let observe: RunningObserve;

beforeAll(async () => {
  front = await startFrontEnd();
  observe = await startObserve({ upstream: front.url, reportsDir: temp('cfk-invisible-') });
});
afterAll(async () => {
  await observe?.stop();
  await front?.close();
});

/** The same client, straight to the upstream and through observe (in parallel), and what observe counted meanwhile. */
async function both<T>(client: (base: string) => Promise<T>): Promise<{ direct: T; observed: T; counted: Partial<ObservationCounts> }> {
  const before = (await observe.snapshot()).counts;
  const [direct, observed] = await Promise.all([client(front.url), client(observe.url)]);
  await new Promise((r) => setImmediate(r)); // the exchange reaches the judges on the next turn
  const after = (await observe.snapshot()).counts;
  const counted: Partial<ObservationCounts> = {};
  for (const k of Object.keys(after) as (keyof ObservationCounts)[]) if (after[k] !== before[k]) counted[k] = after[k] - before[k];
  return { direct, observed, counted };
}

interface Answer {
  status: number;
  /** The answer's Connection header: 'close' when the connection ends with it. */
  connection?: string;
  body: string;
  interim: { status: number; link?: string }[];
}

/** One request with Node's client: the final answer, and the interim ones (100, 103) it saw. */
function send(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const interim: Answer['interim'] = [];
    const req = http.request(`${base}${path}`, { method, headers, agent: false });
    req.on('information', (i) => interim.push({ status: i.statusCode, ...(i.headers.link ? { link: i.headers.link as string } : {}) }));
    // Expect: 100-continue: the body goes only when the upstream asks for it.
    if (headers.expect === '100-continue') req.on('continue', () => req.end(body));
    else req.end(body);
    req.on('error', fail);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text, interim }));
    });
  });
}

describe('observe in front of the platform front end changes nothing a client sees', () => {
  it('lets the upstream refuse an Expect: 100-continue upload with 401 before the body', async () => {
    const upload = (base: string) =>
      send(
        base,
        'POST',
        '/api/v4/projects/1/uploads',
        { expect: '100-continue', 'content-type': 'application/octet-stream', 'content-length': '5' },
        'hello',
      );
    const bodiesBefore = front.seen.bodyBytes.length;
    const { direct, observed, counted } = await both(upload);
    expect(direct).toEqual({ status: 401, connection: 'close', body: '{"message":"401 Unauthorized"}', interim: [] });
    expect(observed).toEqual(direct);
    expect(front.seen.bodyBytes.length).toBe(bodiesBefore); // no body reached the upstream, either way
    expect(front.seen.expectations.slice(-2)).toEqual(['100-continue', '100-continue']); // the upstream, not observe, answered the Expect
    expect(counted).toMatchObject({ exchanges: 1 });
  });

  it("forwards the upstream's own 100 Continue, and the body after it", async () => {
    const upload = (base: string) =>
      send(
        base,
        'POST',
        '/api/v4/projects/1/uploads',
        { expect: '100-continue', 'private-token': 'invisible-test-token', 'content-length': '5' },
        'hello',
      );
    const { direct, observed } = await both(upload);
    expect(direct).toMatchObject({ status: 201, body: '{"received":5}', interim: [{ status: 100 }] });
    expect(observed).toEqual(direct);
  });

  it('forwards an Expect other than 100-continue, which Node would answer 417 itself', async () => {
    const { direct, observed } = await both((base) => send(base, 'GET', '/api/v4/version', { expect: 'x-custom' }));
    expect(direct.status).toBe(200);
    expect(observed).toEqual(direct);
    expect(front.seen.expectations.slice(-2)).toEqual(['x-custom', 'x-custom']);
  });

  it('forwards 103 Early Hints with their Link header', async () => {
    const { direct, observed } = await both((base) => send(base, 'GET', '/api/v4/version'));
    expect(direct.interim).toEqual([{ status: 103, link: '</assets/application.css>; rel=preload; as=style' }]);
    expect(observed).toEqual(direct);
  });

  it('tunnels a WebSocket upgrade on /-/cable, frames both ways, and counts it', async () => {
    const { direct, observed, counted } = await both((base) => webSocketTalk(base, ['ping', 'pong']));
    expect(direct).toEqual({ head: 'HTTP/1.1 101 Switching Protocols', frames: ['welcome', 'echo:ping', 'echo:pong'] });
    expect(observed).toEqual(direct);
    expect(counted).toEqual({ tunnels: 1 });
  });

  it('forwards a refused upgrade as the upstream answers it', async () => {
    const { direct, observed, counted } = await both((base) => webSocketTalk(base, [], '/-/elsewhere'));
    expect(direct).toEqual({ head: 'HTTP/1.1 404 Not Found', frames: ['Page not found\n'] });
    expect(observed).toEqual(direct);
    expect(counted).toMatchObject({ exchanges: 1, notApi: 1 });
  });

  it('passes an HTML page whose repository path ends in /api/v4/users, and judges nothing of it', async () => {
    const page = async (base: string) => {
      const res = await fetch(`${base}/group/mocks/-/tree/main/api/v4/users`);
      return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
    };
    const before = await observe.snapshot();
    const { direct, observed, counted } = await both(page);
    expect(direct.status).toBe(200);
    expect(direct.body).toContain('<!DOCTYPE html>');
    expect(observed).toEqual(direct);
    expect(counted).toEqual({ exchanges: 1, notApi: 1 });
    expect((await observe.snapshot()).server).toEqual(before.server);
  });

  it('forwards a target with raw UTF-8 bytes unchanged, answered 200, counted as unparsable', async () => {
    const request = Buffer.from(
      'GET /api/v4/users?search=café&order_by=名前 HTTP/1.1\r\nHost: gitlab.example.com\r\nConnection: close\r\n\r\n',
    );
    const { direct, observed, counted } = await both((base) => rawRequest(base, request));
    expect(direct).toEqual({ status: 'HTTP/1.1 200 OK', body: '{"target":"/api/v4/users?search=café&order_by=名前"}' });
    expect(observed).toEqual(direct);
    const [a, b] = front.seen.rawTargets.slice(-2);
    expect(a).toBe(b); // the same bytes reached the upstream
    expect(counted).toEqual({ unparsable: 1 });
  });

  it('forwards a target whose percent-encoding does not decode, and counts it as unparsable, never judged', async () => {
    const { direct, observed, counted } = await both((base) => send(base, 'GET', '/api/v4/users?search=%E9%zz'));
    expect(direct.status).toBe(404);
    expect(observed).toEqual(direct);
    expect(counted).toEqual({ exchanges: 1, unparsable: 1 });
  });

  it('has no request, header or idle timeout of its own, and takes a slow upload whole', { timeout: 60_000 }, async () => {
    // Node's defaults would cut a request at 300 s, its headers at 60 s, an idle connection at 5 s: all off.
    expect(SERVER_TIMEOUTS).toEqual({ requestTimeout: 0, headersTimeout: 0, keepAliveTimeout: 0, timeout: 0 });
    // Scaled down: 10 KiB at 1 KiB every 400 ms (4 s), as a CI job's artefact upload would trickle in.
    const slowUpload = (base: string) =>
      new Promise<Answer>((done, fail) => {
        const req = http.request(`${base}/api/v4/projects/1/packages/generic/pkg/1.0.0/file.bin`, { method: 'PUT', agent: false });
        req.on('error', fail);
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => done({ status: res.statusCode ?? 0, body: text, interim: [] }));
        });
        let sent = 0;
        const timer = setInterval(() => {
          req.write(Buffer.alloc(1024, 0x61));
          if (++sent === 10) {
            clearInterval(timer);
            req.end();
          }
        }, 400);
      });
    const { direct, observed } = await both(slowUpload);
    expect(direct).toEqual({ status: 201, body: '{"received":10240}', interim: [] });
    expect(observed).toEqual(direct);
  });

  it("keeps an idle keep-alive connection past Node's 5 s default, and a 6 s long poll alive", { timeout: 60_000 }, async () => {
    const idleThenAgain = async (base: string) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const ports: number[] = [];
      for (let i = 0; i < 2; i++) {
        if (i) await new Promise((r) => setTimeout(r, 6500));
        await new Promise<void>((done, fail) => {
          http
            .get(`${base}/api/v4/version`, { agent }, (res) => {
              ports.push(res.socket.localPort ?? 0);
              res.resume();
              res.on('end', done);
            })
            .on('error', fail);
        });
      }
      agent.destroy();
      return ports[0] === ports[1] ? 'one connection' : 'reconnected';
    };
    const longPoll = (base: string) => send(base, 'POST', '/api/v4/jobs/request', { 'x-test-delay-ms': '6000' });
    const [idle, poll] = await Promise.all([both(idleThenAgain), both(longPoll)]);
    expect(idle.direct).toBe('one connection');
    expect(idle.observed).toBe('one connection');
    expect(poll.direct).toMatchObject({ status: 201, body: '{"id":7,"token":"job"}', interim: [] });
    expect(poll.observed).toEqual(poll.direct);
  });
});

describe('observe stopped by SIGTERM', () => {
  it('answers the request in flight, refuses new connections, counts it in the report', { timeout: 60_000 }, async () => {
    const reportsDir = temp('cfk-invisible-drain-');
    const observe = spawnObserve(['--upstream', front.url, '--reports-dir', reportsDir, '--drain', '20']);
    // A failure below leaves no observe behind (it would hold its port and CPU past the test).
    onTestFinished(() => observe.kill());
    const url = await observe.url;
    // The upstream answers after 2.5 s (the 5 s, scaled down: past the 2 s after which observe used
    // to cut every connection); SIGTERM comes 0.4 s in.
    const late = (base: string) => send(base, 'POST', '/api/v4/jobs/request', { 'x-test-delay-ms': '2500' });
    const direct = late(front.url);
    const observed = late(url);
    await new Promise((r) => setTimeout(r, 400));
    const exited = observe.stop();
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`${url}/api/v4/version`)).rejects.toThrow(); // no longer accepting
    expect(await observed).toEqual(await direct);
    expect((await direct).status).toBe(201);
    expect([0, 1]).toContain(await exited);
    const summary = JSON.parse(readFileSync(join(reportsDir, 'summary.json'), 'utf8')) as { counts: ObservationCounts };
    expect(summary.counts).toMatchObject({ exchanges: 1, drained: 1, cutAtStop: 0 });
    expect(readFileSync(join(reportsDir, 'summary.md'), 'utf8')).toContain('1 finished while stopping, 0 cut at the stop');
  });
});
