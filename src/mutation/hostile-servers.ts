/**
 * Hostile targets for the kit's own tests: a small node:http proxy on 127.0.0.1:0 in front of a
 * real reference server that passes every request through, except the requests a matcher
 * picks, where it misbehaves in one of these ways:
 *
 * - `hang`: reads the request and never answers;
 * - `reset`: resets the connection (TCP RST) instead of answering;
 * - `not-json`: 200 with Content-Type application/json and a body that is not JSON;
 * - `slow`: answers correctly (the request passed on whole, body included), but only after `delayMs`;
 * - `huge`: 200 with Content-Type application/json and an endless body, streamed in chunks
 *   (never allocated whole) until the client stops reading or `maxStreamBytes` is reached;
 * - `throttle`: 429 Too Many Requests as GitLab's throttles answer it ("Retry later", RateLimit-*
 *   headers), with `Retry-After: <retryAfter>` (default 1; null: none);
 * - `missing-500`: passes the request on, and answers 500 (`{"message":"500 Internal Server
 *   Error"}`) where the reference answered 404: a server that fails on reads of what is missing;
 * - `link-host`: passes the request on, and gives every URL of the answer's Link header the
 *   origin `linkOrigin` (default https://gitlab.internal:8443), as the platform writes its
 *   configured host (`external_url`) where the kit reaches it by another name (hits: answers with a Link).
 *
 * So start-up requests (preflight, provisioning) succeed and only the tests that meet the
 * matched route fail.
 *
 *   const target = await startHostileTarget({ behaviour: 'hang', match: (m, path) => m === 'GET' && /^\/api\/v4\/broadcast_messages\/\d+/.test(path) });
 *   // certify target.url with target.adminToken ...
 *   target.hits;   // how many requests it misbehaved on
 *   target.peakInFlight;   // the most requests it held at once
 *   await target.close();
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { startReferenceServer, type RunningReference } from '../reference/index.ts';

export type Behaviour = 'hang' | 'reset' | 'not-json' | 'slow' | 'huge' | 'throttle' | 'missing-500' | 'link-host';

export interface HostileOptions {
  behaviour: Behaviour;
  /** Which requests it misbehaves on (path with query); default every request. */
  match?: (method: string, path: string) => boolean;
  /** `slow`: how long it waits before answering (default 3000 ms). */
  delayMs?: number;
  /** `huge`: where it stops streaming at the latest (default 256 MiB). */
  maxStreamBytes?: number;
  /** `throttle`: the Retry-After value (default '1'); null sends none. */
  retryAfter?: string | null;
  /** `link-host`: the scheme and authority every Link URL is given (default https://gitlab.internal:8443). */
  linkOrigin?: string;
  /** Faults of the reference behind the proxy (REFERENCE_FAULTS ids). */
  faults?: string[];
  adminToken: string;
}

export interface HostileTarget {
  /** Server root, as CONFORMANCE_BASE_URL. */
  url: string;
  adminToken: string;
  /** Requests it misbehaved on so far. */
  hits: number;
  /** `huge`: bytes it streamed in all. */
  streamedBytes: number;
  /** The most requests it held at once (arrived, not yet answered), passed through or not. */
  peakInFlight: number;
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, 0x61); // "aaaa...": one chunk, written again and again

/** Answers in place of the plain pass-through (true: it answered `res` itself, with the reference's answer changed or dropped). */
type Rewrite = (answer: IncomingMessage, res: ServerResponse) => boolean;

/** Forwards the request to the reference and pipes the answer back (unless `rewrite` answers instead). */
function forward(ref: RunningReference, req: IncomingMessage, res: ServerResponse, rewrite?: Rewrite): void {
  const upstream = httpRequest(`${ref.url}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
    if (rewrite?.(answer, res)) {
      answer.resume();
      return;
    }
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  // A client gone before its answer (a timeout, a killed run) takes the upstream request with it:
  // else a request body cut short would leave the reference waiting for the rest.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

/** Writes CHUNK until the client goes away or `max` bytes are out, respecting backpressure. */
function stream(res: ServerResponse, max: number, count: (n: number) => void): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[');
  let sent = 0;
  const pump = () => {
    while (sent < max && !res.destroyed) {
      sent += CHUNK.length;
      count(CHUNK.length);
      if (!res.write(CHUNK)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end(']');
  };
  pump();
}

export async function startHostileTarget(o: HostileOptions): Promise<HostileTarget> {
  const ref = await startReferenceServer({ port: 0, adminToken: o.adminToken, faults: o.faults });
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const target = { hits: 0, streamedBytes: 0, peakInFlight: 0 };
  let inFlight = 0;
  const server = createServer((req, res) => {
    target.peakInFlight = Math.max(target.peakInFlight, ++inFlight);
    res.on('close', () => (inFlight -= 1));
    const path = req.url ?? '/';
    if (o.match && !o.match(req.method ?? 'GET', path)) {
      forward(ref, req, res);
      return;
    }
    if (o.behaviour === 'missing-500') {
      forward(ref, req, res, (answer, out) => {
        if (answer.statusCode !== 404) return false;
        target.hits += 1;
        out.writeHead(500, { 'content-type': 'application/json' });
        out.end('{"message":"500 Internal Server Error"}');
        return true;
      });
      return;
    }
    if (o.behaviour === 'link-host') {
      forward(ref, req, res, (answer, out) => {
        const link = answer.headers.link;
        if (typeof link !== 'string') return false;
        target.hits += 1;
        const origin = o.linkOrigin ?? 'https://gitlab.internal:8443';
        out.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          link: link.replace(/<[a-z][a-z0-9+.-]*:\/\/[^/?#>]*/gi, `<${origin}`),
        });
        answer.pipe(out);
        return true;
      });
      return;
    }
    target.hits += 1;
    if (o.behaviour !== 'slow') req.resume(); // read and drop the request body (a slow answer passes it on)
    switch (o.behaviour) {
      case 'hang':
        return; // never answers; the socket stays open until the client gives up or close()
      case 'reset':
        req.socket.resetAndDestroy();
        return;
      case 'not-json':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('<html><body>502 Bad Gateway</body></html>');
        return;
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          forward(ref, req, res);
        }, o.delayMs ?? 3000);
        timers.add(timer);
        return;
      }
      case 'throttle': {
        const retryAfter = o.retryAfter === undefined ? '1' : o.retryAfter;
        res.writeHead(429, {
          'content-type': 'text/plain',
          'ratelimit-limit': '600',
          'ratelimit-remaining': '0',
          ...(retryAfter === null ? {} : { 'retry-after': retryAfter }),
        });
        res.end('Retry later\n');
        return;
      }
      case 'huge':
        stream(res, o.maxStreamBytes ?? 256 * 1024 * 1024, (n) => {
          target.streamedBytes += n;
        });
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    adminToken: o.adminToken,
    get hits() {
      return target.hits;
    },
    get streamedBytes() {
      return target.streamedBytes;
    },
    get peakInFlight() {
      return target.peakInFlight;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await ref.close();
    },
  };
}
