/**
 * What the proxy's paths share (plain requests, upgrades, raw request targets): the upstream and
 * how to reach it, the copy of one exchange handed to `onExchange`, the wire's counters, the
 * exchanges in flight (a stop lets them finish, up to a bound) and the open tunnels.
 *
 *   const wire = new Wire(options);
 *   const settle = wire.begin();             // one exchange in flight; settle() when its answer is sent
 *   const copy = new ExchangeCopy(wire, req); copy.finish(200, answer.rawHeaders);   // onExchange on the next turn
 *   await wire.drain(30_000, () => server.closeIdleConnections());       // then wire.closeTunnels()
 */
import http from 'node:http';
import https from 'node:https';
import net, { type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { Capture, lowerHeaders, MAX_HEADER_SIZE } from './proxy-headers.ts';

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
  /** The upstream closed before the body reached its Content-Length: what was declared, what came. */
  shortBody?: { declared: number; received: number };
}

/** What the wire counts itself (the judges count the rest). */
export interface WireCounts {
  /** Upgrades the upstream accepted (101: WebSocket...), tunnelled both ways, nothing inside judged. */
  tunnels: number;
  /** Requests the proxy's HTTP parser cannot read (raw bytes in the target): forwarded unchanged, not judged. */
  unparsable: number;
  /** Exchanges that finished while observe was stopping (in flight at SIGTERM, or sent on a connection still open). */
  drained: number;
  /** Exchanges still in flight when the drain bound ran out: cut, never handed to the judges. */
  cutAtStop: number;
}

export interface WireOptions {
  upstream: URL;
  captureLimit: number;
  preserveHost?: boolean;
  /** PEM certificates trusted for an https upstream; undefined: Node's defaults. */
  ca?: string[];
  onExchange: (exchange: ObservedExchange) => void;
  /** Told of each exchange forwarded without a copy (ProxyOptions.admit said no). */
  onUncopied?: () => void;
}

export class Wire {
  readonly counts: WireCounts = { tunnels: 0, unparsable: 0, drained: 0, cutAtStop: 0 };
  readonly secure: boolean;
  readonly agent: http.Agent;
  readonly request: typeof http.request;
  /** The upstream's path, put before each request target ('' at the root). */
  readonly prefix: string;
  /** The Host header sent upstream; undefined: the client's, as sent. */
  readonly hostHeader: string | undefined;
  /** True once a stop began: answers then close their connection. */
  closing = false;
  private stopped = false;
  private inFlight = 0;
  private settled?: () => void;
  private readonly tunnels = new Set<() => void>();
  /** Exchanges finished this turn of the loop: handed to onExchange together on the next. */
  private finished: ObservedExchange[] = [];

  constructor(readonly options: WireOptions) {
    const { upstream } = options;
    this.secure = upstream.protocol === 'https:';
    this.agent = this.secure
      ? new https.Agent({ keepAlive: true, ...(options.ca ? { ca: options.ca } : {}) })
      : new http.Agent({ keepAlive: true });
    this.request = this.secure ? https.request : http.request;
    this.prefix = upstream.pathname.replace(/\/+$/, '');
    this.hostHeader = options.preserveHost ? undefined : upstream.host;
  }

  get port(): number {
    return Number(this.options.upstream.port || (this.secure ? 443 : 80));
  }

  /** The request to the upstream for a client's request: the same method and target (after the upstream's path), these headers. */
  upstreamRequest(req: http.IncomingMessage, headers: string[]): http.ClientRequest {
    const { upstream } = this.options;
    return this.request({
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: this.port,
      method: req.method,
      path: `${this.prefix}${req.url ?? '/'}`,
      headers: headers as unknown as http.OutgoingHttpHeaders,
      agent: this.agent,
      maxHeaderSize: MAX_HEADER_SIZE,
    });
  }

  /** One exchange in flight: the returned function says it is over (once; later calls do nothing). */
  begin(): () => void {
    this.inFlight++;
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      this.inFlight--;
      if (!this.closing) return;
      if (!this.stopped) this.counts.drained++;
      this.settled?.();
    };
  }

  /** An exchange forwarded without a copy (admit said no): onUncopied, never once the stop cut it. */
  uncopied(): void {
    if (!this.stopped) this.options.onUncopied?.();
  }

  /** Hands an exchange to onExchange on the next turn of the loop (never once the stop cut it). */
  record(exchange: ObservedExchange): void {
    if (this.stopped) return;
    if (this.finished.push(exchange) === 1) setImmediate(this.handOver);
  }

  /** One immediate for every exchange finished in a turn, not one each. */
  private readonly handOver = (): void => {
    const list = this.finished;
    this.finished = [];
    for (const x of list) this.options.onExchange(x);
  };

  /** Waits for the exchanges in flight, at most `ms`; those left are cut (counted, never recorded). */
  async drain(ms: number, onSettled: () => void): Promise<void> {
    this.closing = true;
    if (this.inFlight > 0)
      await new Promise<void>((done) => {
        const bound = setTimeout(done, ms);
        this.settled = () => {
          onSettled();
          if (this.inFlight > 0) return;
          clearTimeout(bound);
          done();
        };
      });
    this.counts.cutAtStop += this.inFlight;
    this.stopped = true;
  }

  /** A new connection to the upstream, TLS as its URL says (the same trusted CAs as every request). */
  connect(): Socket {
    const host = this.options.upstream.hostname.replace(/^\[|\]$/g, '');
    if (!this.secure) return net.connect({ host, port: this.port });
    return tls.connect({
      host,
      port: this.port,
      ...(net.isIP(host) ? {} : { servername: host }),
      ...(this.options.ca ? { ca: this.options.ca } : {}),
      ALPNProtocols: ['http/1.1'],
    });
  }

  /** Pipes two sockets both ways until either closes (an error on one closes both); `closed` once, after. */
  tunnel(client: Duplex, upstream: Duplex, closed?: () => void): void {
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    let open = 2;
    const onClose = (other: Duplex) => () => {
      // The other side gets what was already written to it, then closes.
      const socket = other as Partial<Socket>;
      if (socket.destroySoon) socket.destroySoon();
      else other.end();
      if (--open > 0) return;
      this.tunnels.delete(cut);
      closed?.();
    };
    this.tunnels.add(cut);
    for (const s of [client, upstream]) {
      (s as Partial<Socket>).setTimeout?.(0);
      (s as Partial<Socket>).setNoDelay?.(true);
      s.on('error', cut);
    }
    client.on('close', onClose(upstream));
    upstream.on('close', onClose(client));
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** Closes every open tunnel (a WebSocket has no end a stop could wait for). */
  closeTunnels(): void {
    for (const cut of [...this.tunnels]) cut();
  }
}

/**
 * An exchange as the wire copied it: the headers kept as they came (name, value pairs), lowered into
 * `requestHeaders` and `headers` only when read. A judge gets the pairs (judge-wire.ts pack) and
 * lowers them on its own thread: the proxy's thread never does.
 */
export class CopiedExchange implements ObservedExchange {
  declare error?: string;
  declare shortBody?: { declared: number; received: number };
  private lowered?: Record<string, string>;
  private loweredRequest?: Record<string, string>;

  constructor(
    readonly method: string,
    readonly target: string,
    readonly rawRequestHeaders: readonly string[],
    readonly requestBody: Buffer,
    readonly requestCut: boolean,
    readonly status: number,
    readonly rawHeaders: readonly string[],
    readonly body: Buffer,
    readonly bodyCut: boolean,
    readonly durationMs: number,
  ) {}

  get requestHeaders(): Record<string, string> {
    return (this.loweredRequest ??= lowerHeaders(this.rawRequestHeaders));
  }

  get headers(): Record<string, string> {
    return (this.lowered ??= lowerHeaders(this.rawHeaders));
  }
}

/** The copy of one exchange kept beside the pipes; finish() hands it to the judges once. */
export class ExchangeCopy {
  private readonly started = performance.now();
  readonly sent: Capture;
  readonly got: Capture;
  private done = false;

  /** `keep` false: nothing is copied, and finish() only says so (onUncopied): no judge would read it. */
  constructor(
    private readonly wire: Wire,
    private readonly req: http.IncomingMessage,
    private readonly keep = true,
  ) {
    this.sent = new Capture(keep ? wire.options.captureLimit : 0);
    this.got = new Capture(keep ? wire.options.captureLimit : 0);
  }

  /** `rawHeaders`: the answer's, as received (none when there was no answer). */
  finish(status: number, rawHeaders: readonly string[], error?: string, shortBody?: ObservedExchange['shortBody']): void {
    if (this.done) return;
    this.done = true;
    if (!this.keep) return this.wire.uncopied();
    const x = new CopiedExchange(
      this.req.method ?? 'GET',
      this.req.url ?? '/',
      this.req.rawHeaders,
      this.sent.buffer(),
      this.sent.cut,
      status,
      rawHeaders,
      this.got.buffer(),
      this.got.cut,
      performance.now() - this.started,
    );
    if (error !== undefined) x.error = error;
    if (shortBody) x.shortBody = shortBody;
    this.wire.record(x);
  }
}
