/**
 * An answer whose Content-Length is longer than the body the upstream sends before it closes
 * (issue 41, item 4): the client gets through observe what it gets straight (the status, the bytes
 * sent, then the end of the connection), and observe judges the answer as received and counts it
 * short (`shortBodies`): no clause of the spec states HTTP framing, so it is an anomaly counted,
 * not a finding, and not an upstream error.
 *
 *   npx vitest run src/observe/short-body.test.ts
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { startObserve, type RunningObserve } from './index.ts';

const temp = tempFoldersForThisFile();
const BODY = '[]';
let upstream: net.Server;
let upstreamUrl: string;
let observe: RunningObserve;

beforeAll(async () => {
  // Declares 100 bytes, sends two, closes: a server whose framing is wrong.
  upstream = net.createServer((socket) => {
    socket.once('data', () => {
      socket.end(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\nX-Total: 0\r\nX-Total-Pages: 1\r\n' +
          `X-Per-Page: 20\r\nX-Page: 1\r\nX-Next-Page: \r\nX-Prev-Page: \r\nLink: <http://x/api/v4/broadcast_messages?page=1&per_page=20>; rel="first", <http://x/api/v4/broadcast_messages?page=1&per_page=20>; rel="last"\r\n\r\n${BODY}`,
      );
    });
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', () => done()));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`;
  observe = await startObserve({ upstream: upstreamUrl, reportsDir: temp('cfk-short-body-') });
});
afterAll(async () => {
  await observe?.stop();
  await new Promise((done) => upstream?.close(done));
});

/** One raw GET: every byte received until the connection ends, and how it ended. */
function rawGet(base: string): Promise<{ bytes: string; ended: 'end' | 'error' }> {
  const url = new URL(base);
  return new Promise((done) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let bytes = '';
    socket.on('data', (d) => (bytes += d.toString('latin1')));
    socket.on('end', () => done({ bytes, ended: 'end' }));
    socket.on('error', () => done({ bytes, ended: 'error' }));
    socket.write('GET /api/v4/broadcast_messages HTTP/1.1\r\nHost: x\r\n\r\n');
  });
}

const bodyOf = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4);

describe('an answer shorter than its Content-Length', () => {
  it('reaches the client as it would straight, and is counted short, judged, not an upstream error', async () => {
    const before = (await observe.snapshot()).counts;
    const direct = await rawGet(upstreamUrl);
    const observed = await rawGet(observe.url);
    await new Promise((r) => setTimeout(r, 50));
    const after = (await observe.snapshot()).counts;
    expect(direct.ended).toBe('end');
    expect(observed.ended).toBe('end');
    expect(observed.bytes.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(observed.bytes.toLowerCase()).toContain('content-length: 100');
    expect(bodyOf(observed.bytes)).toBe(bodyOf(direct.bytes));
    expect(bodyOf(observed.bytes)).toBe(BODY);
    expect(after.shortBodies - before.shortBodies).toBe(1);
    expect(after.judged - before.judged).toBe(1);
    expect(after.upstreamErrors - before.upstreamErrors).toBe(0);
    expect((await observe.snapshot()).server).toEqual([]);
  });
});
