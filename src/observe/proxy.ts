/**
 * The observing proxy's wire: a server (on 127.0.0.1 unless told) that forwards every request to
 * the upstream and pipes the answer back as it arrives (status, headers in their order and case,
 * body), with keep-alive on both sides and no request of its own. Beside the pipes it keeps a copy
 * of each body, cut at `captureLimit` bytes, and hands the whole exchange to `onExchange` once the
 * answer has gone to the client (judging never delays it).
 *
 * It changes nothing a client could notice: `Expect: 100-continue` is the upstream's to answer (its
 * 100, 103 or final status are forwarded), upgrades (WebSocket) are tunnelled (proxy-upgrade.ts),
 * a target with raw bytes the parser refuses is forwarded as sent (proxy-raw-target.ts), no timeout
 * of its own cuts a slow upload, a long poll or an idle keep-alive connection, and close() lets the
 * exchanges in flight finish (up to `drainMs`) before it cuts the rest.
 *
 *   const proxy = await startProxy({ upstream: new URL('http://127.0.0.1:4010'), onExchange: (x) => tally(x) });
 *   proxy.url       // 'http://127.0.0.1:43121'
 *   await proxy.close();
 *   proxy.counts()  // { tunnels: 0, unparsable: 0, drained: 0, cutAtStop: 0 }
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardedHeaders, headBytes, lowerHeaders, MAX_HEADER_SIZE } from './proxy-headers.ts';
import { answerClientError } from './proxy-raw-target.ts';
import { forwardUpgrade } from './proxy-upgrade.ts';
import { ExchangeCopy, Wire, type ObservedExchange, type WireCounts } from './proxy-wire.ts';

export type { ObservedExchange, WireCounts } from './proxy-wire.ts';

export interface ProxyOptions {
  upstream: URL;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The interface it listens on (default 127.0.0.1). */
  host?: string;
  /** Bytes of each body kept for judging (default 4 MiB); the pipes themselves are never cut. */
  captureLimit?: number;
  /** Forward the client's Host header as sent (behind a reverse proxy that sets it); default: the upstream's. */
  preserveHost?: boolean;
  /** PEM certificates an https upstream's chain may end at (upstream-tls.ts trustedCas); default: Node's. */
  ca?: string[];
  /** How long close() lets the exchanges in flight finish before it cuts them (default 30 000 ms). */
  drainMs?: number;
  onExchange: (exchange: ObservedExchange) => void;
  /**
   * Asked as each request begins: whether its exchange will be wanted (a judge has room). When not,
   * it is forwarded all the same, without a copy of its bodies, and told to onUncopied at its end
   * instead of onExchange (under overload the pipes copy nothing no judge would read). Default: always.
   */
  admit?: () => boolean;
  onUncopied?: () => void;
}

export interface RunningProxy {
  url: string;
  /** What the wire counted: tunnels, unparsable targets, exchanges drained and cut at the stop. */
  counts(): WireCounts;
  /** Stops accepting, lets the exchanges in flight finish (up to drainMs), cuts the rest and the tunnels. */
  close(): Promise<void>;
}

export const CAPTURE_LIMIT = 4 * 1024 * 1024;

export const DRAIN_MS = 30_000;

/**
 * The server's own timeouts, all off: the upstream's and the front server's rule (a 1 KiB/s upload
 * of 340 s, a long poll, an idle keep-alive connection the front server reuses after a minute).
 * Node's defaults would cut a request at 300 s, headers at 60 s and an idle connection at 5 s.
 */
export const SERVER_TIMEOUTS = { requestTimeout: 0, headersTimeout: 0, keepAliveTimeout: 0, timeout: 0 } as const;

/** An interim answer (1xx) as the client's side writes it: not to an HTTP/1.0 client, which has none. */
function forwardInterim(req: http.IncomingMessage, res: http.ServerResponse, info: http.InformationEvent): void {
  if (req.httpVersionMajor === 1 && req.httpVersionMinor === 0) return;
  if (info.statusCode === 100) return res.writeContinue();
  // ServerResponse writes 102 and 103 with fixed texts and headers only; the upstream's own, byte for byte.
  const raw = res as unknown as { _writeRaw?: (data: Buffer) => void };
  raw._writeRaw?.(headBytes(`HTTP/1.1 ${info.statusCode} ${info.statusMessage}`, info.rawHeaders));
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const wire = new Wire({ ...options, captureLimit: options.captureLimit ?? CAPTURE_LIMIT });

  const forward = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const settle = wire.begin();
    const keep = options.admit?.() ?? true;
    const copy = new ExchangeCopy(wire, req, keep);
    let out: http.ClientRequest | undefined;
    let answered = false;
    res.on('close', () => {
      settle();
      if (!res.writableFinished) out?.destroy();
    });
    try {
      out = wire.upstreamRequest(req, forwardedHeaders(req.rawHeaders, wire.hostHeader));
    } catch (e) {
      return badGateway(copy, res, e as Error);
    }
    const sent = out;
    sent.on('information', (info) => forwardInterim(req, res, info));
    sent.on('response', (answer) => {
      answered = true;
      const headers = answer.rawHeaders;
      const raw = forwardedHeaders(headers);
      if (wire.closing) raw.push('Connection', 'close');
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, raw);
      let received = 0;
      answer.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (keep) copy.got.add(chunk);
      });
      answer.pipe(res);
      answer.on('end', () => {
        copy.finish(answer.statusCode ?? 0, headers);
        // The upstream answered before the whole request reached it (a 401 to `Expect: 100-continue`
        // before the body, a 413): its connection cannot carry another request, and what the client
        // still sends is read and dropped, as the upstream would.
        if (!sent.writableFinished) {
          req.unpipe(sent);
          req.resume();
          sent.destroy();
        }
      });
      answer.on('error', (e) => {
        const length = Number(lowerHeaders(headers)['content-length']);
        if (Number.isSafeInteger(length) && received < length) {
          // The upstream closed short of its Content-Length: the client gets the bytes it sent, then
          // the connection ends as the upstream's did; the answer is judged as received, counted short.
          copy.finish(answer.statusCode ?? 0, headers, undefined, { declared: length, received });
          res.socket?.end();
          return;
        }
        copy.finish(answer.statusCode ?? 0, headers, e.message);
        res.destroy();
      });
    });
    // Once the answer began, its own errors say what happened (a body the upstream no longer reads is not one).
    sent.on('error', (e) => answered || badGateway(copy, res, e));
    if (keep) req.on('data', (chunk: Buffer) => copy.sent.add(chunk));
    req.pipe(sent);
  };

  const server = http.createServer(
    { keepAlive: true, maxHeaderSize: MAX_HEADER_SIZE, requireHostHeader: false, ...SERVER_TIMEOUTS },
    forward,
  );
  Object.assign(server, SERVER_TIMEOUTS);
  // The upstream answers Expect (100-continue or another), not Node's server.
  server.on('checkContinue', forward);
  server.on('checkExpectation', forward);
  server.on('upgrade', (req: http.IncomingMessage, socket, head: Buffer) => forwardUpgrade(wire, req, socket, head));
  server.on('clientError', (e, socket) => answerClientError(wire, e, socket));
  const closed = new Promise<void>((done) => server.once('close', () => done()));
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => done());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    counts: () => ({ ...wire.counts }),
    close() {
      closing ??= (async () => {
        wire.closing = true;
        server.close(); // stops accepting; Node closes the idle keep-alive connections
        await wire.drain(options.drainMs ?? DRAIN_MS, () => server.closeIdleConnections());
        wire.closeTunnels();
        server.closeAllConnections();
        await closed;
        wire.agent.destroy();
        // The last exchanges' onExchange run on the next turn (ExchangeCopy.finish).
        await new Promise((r) => setImmediate(r));
      })();
      return closing;
    },
  };
}

/** No answer from the upstream: 502 with a one-line reason, or a cut connection once the answer began. */
function badGateway(copy: ExchangeCopy, res: http.ServerResponse, e: Error): void {
  copy.finish(0, [], e.message);
  if (!res.headersSent) {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`conformance observe: the upstream did not answer (${e.message})\n`);
  } else res.destroy();
}
