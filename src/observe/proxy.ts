/**
 * The observing proxy's wire: a server on 127.0.0.1 that forwards every request to the upstream
 * and pipes the answer back as it arrives (status, headers in their order and case, body), with
 * keep-alive on both sides and no request of its own. Beside the pipes it keeps a copy of each
 * body, cut at `captureLimit` bytes, and hands the whole exchange to `onExchange` once the answer
 * has gone to the client (judging never delays it).
 *
 *   const proxy = await startProxy({ upstream: new URL('http://127.0.0.1:4010'), onExchange: (x) => tally(x) });
 *   proxy.url       // 'http://127.0.0.1:43121'
 *   await proxy.close();
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

/** One exchange as the proxy saw it. Bodies are copies, cut at the capture limit (`...Cut` says so). */
export interface ObservedExchange {
  method: string;
  /** The request target as the client sent it (path and query). */
  target: string;
  /** Request headers, names in lower case (repeated ones joined with ', '). */
  requestHeaders: Record<string, string>;
  requestBody: Buffer;
  requestCut: boolean;
  /** 0 when the upstream gave no answer (see `error`). */
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  bodyCut: boolean;
  /** Time from the request's arrival to the answer's last byte. */
  durationMs: number;
  error?: string;
}

export interface ProxyOptions {
  upstream: URL;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Bytes of each body kept for judging (default 4 MiB); the pipes themselves are never cut. */
  captureLimit?: number;
  /** Forward the client's Host header as sent (behind a reverse proxy that sets it); default: the upstream's. */
  preserveHost?: boolean;
  onExchange: (exchange: ObservedExchange) => void;
}

export interface RunningProxy {
  url: string;
  close(): Promise<void>;
}

export const CAPTURE_LIMIT = 4 * 1024 * 1024;

/**
 * Header bytes a request or answer may carry: well above the 8 KiB where the platform's front
 * server answers 414, so that the upstream, not the proxy, answers a long request line.
 */
const MAX_HEADER_SIZE = 1024 * 1024;

/** Headers of one hop: each side's connection handling is its own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
  'proxy-authenticate',
  'proxy-authorization',
]);

/** A bounded copy of a stream's chunks. */
class Capture {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  cut = false;
  constructor(private readonly limit: number) {}
  add(chunk: Buffer): void {
    if (this.size >= this.limit) {
      this.cut = true;
      return;
    }
    const room = this.limit - this.size;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (part.length < chunk.length) this.cut = true;
    this.chunks.push(part);
    this.size += part.length;
  }
  buffer(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
  }
}

function lowerHeaders(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    out[name] = name in out ? `${out[name]}, ${raw[i + 1]!}` : raw[i + 1]!;
  }
  return out;
}

/** Raw headers without the hop-by-hop ones (and those the Connection header names); `host` replaced when given. */
function forwardedHeaders(raw: readonly string[], host?: string): string[] {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.toLowerCase() === 'connection') for (const n of raw[i + 1]!.split(',')) named.add(n.trim().toLowerCase());
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name)) continue;
    out.push(raw[i]!, host !== undefined && name === 'host' ? host : raw[i + 1]!);
  }
  return out;
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { upstream } = options;
  const secure = upstream.protocol === 'https:';
  const agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  const request = secure ? https.request : http.request;
  const limit = options.captureLimit ?? CAPTURE_LIMIT;
  const prefix = upstream.pathname.replace(/\/+$/, '');

  const server = http.createServer({ keepAlive: true, maxHeaderSize: MAX_HEADER_SIZE }, (req, res) => {
    const started = performance.now();
    const sent = new Capture(limit);
    const got = new Capture(limit);
    const requestHeaders = lowerHeaders(req.rawHeaders);
    let done = false;
    const finish = (status: number, headers: Record<string, string>, error?: string) => {
      if (done) return;
      done = true;
      const exchange: ObservedExchange = {
        method: req.method ?? 'GET',
        target: req.url ?? '/',
        requestHeaders,
        requestBody: sent.buffer(),
        requestCut: sent.cut,
        status,
        headers,
        body: got.buffer(),
        bodyCut: got.cut,
        durationMs: performance.now() - started,
        ...(error !== undefined ? { error } : {}),
      };
      setImmediate(() => options.onExchange(exchange));
    };
    const out = request({
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port || (secure ? 443 : 80),
      method: req.method,
      path: `${prefix}${req.url ?? '/'}`,
      headers: forwardedHeaders(req.rawHeaders, options.preserveHost ? undefined : upstream.host) as unknown as http.OutgoingHttpHeaders,
      agent,
      maxHeaderSize: MAX_HEADER_SIZE,
    });
    out.on('response', (answer) => {
      const headers = lowerHeaders(answer.rawHeaders);
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardedHeaders(answer.rawHeaders));
      answer.on('data', (chunk: Buffer) => got.add(chunk));
      answer.pipe(res);
      answer.on('end', () => finish(answer.statusCode ?? 0, headers));
      answer.on('error', (e) => {
        finish(answer.statusCode ?? 0, headers, e.message);
        res.destroy();
      });
    });
    out.on('error', (e) => {
      finish(0, {}, e.message);
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`conformance observe: the upstream did not answer (${e.message})\n`);
      } else res.destroy();
    });
    req.on('data', (chunk: Buffer) => sent.add(chunk));
    req.pipe(out);
    res.on('close', () => {
      if (!res.writableFinished) out.destroy();
    });
  });
  server.on('clientError', (_e, socket) => socket.destroy());
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => done());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    async close() {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      });
      agent.destroy();
    },
  };
}
