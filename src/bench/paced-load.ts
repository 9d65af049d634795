/**
 * A load at a steady rate (bench lines 13 and 14, and the half-rate latencies of 11): one request due
 * every 1/rate s, written on the first of `connections` keep-alive connections that is free, every
 * answer's own time kept. autocannon's `overallRate` gives each connection its quota for the second
 * and sends it at once, then waits for the next second: half the saturation rate arrived as the
 * saturation rate for half of each second, then silence, which is not the rate the line is about.
 * The client is as lean as autocannon's (raw sockets, the request's bytes made once, an answer read
 * by its Content-Length): node:http's client cost 60-75 µs a request, CPU the proxies then lacked.
 * Every answer must be 200 with a Content-Length.
 *
 *   const r = await pacedLoad({ url, headers, connections: 50, rate: 8000, durationSec: 6 });
 *   r.rps; r.p50Ms; r.p99Ms
 *   await pacedLoad({ url, headers, connections: 50, rate: 8000, amount: 50_000, path: (i) => `/api/v4/users?probe=${i}` });
 *   await pacedLoad({ ...same, header: (i) => ['cookie', `_gitlab_session=${i}`] });      // a new session each
 */
import net from 'node:net';
import { KitError } from '../shared/errors.ts';
import { quantile, type ProxyLoadResult } from './observe-load.ts';

export interface PacedLoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  /** Requests a second. */
  rate: number;
  /** How long it runs, or `amount` requests. */
  durationSec?: number;
  amount?: number;
  /** The path (and query) of the i-th request; default: the URL's. */
  path?: (i: number) => string;
  /** One more header of the i-th request, [name, value] (a session cookie of its own...). */
  header?: (i: number) => [string, string];
}

/** How often the due requests are sent (ms): at 8,000 a second, 8 or so at a time. */
const TICK_MS = 1;
const HEAD_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection: one request at a time, its answer read by its Content-Length. */
class Connection {
  private pending: Buffer = Buffer.alloc(0);
  /** Body bytes still to come, once the head was read; -1 while reading the head. */
  private left = -1;
  private status = '';
  private t0 = 0;
  busy = false;
  constructor(
    readonly socket: net.Socket,
    private readonly answered: (c: Connection, ms: number, outcome: string) => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', (e) => this.fail(e.message));
    socket.on('close', () => this.fail('connection closed'));
  }

  send(request: Buffer): void {
    this.busy = true;
    this.t0 = performance.now();
    this.socket.write(request);
  }

  private read(chunk: Buffer): void {
    if (this.left < 0) {
      this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
      const end = this.pending.indexOf(HEAD_END);
      if (end < 0) return;
      const head = this.pending.toString('latin1', 0, end);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      this.status = head.slice(9, 12);
      if (!length) return this.fail(`an answer without Content-Length (${this.status})`);
      this.left = Number(length[1]) - (this.pending.length - end - HEAD_END.length);
      this.pending = Buffer.alloc(0);
    } else this.left -= chunk.length;
    if (this.left > 0) return;
    if (this.left < 0) return this.fail('more bytes than the Content-Length');
    this.left = -1;
    this.busy = false;
    this.answered(this, performance.now() - this.t0, this.status);
  }

  private fail(why: string): void {
    if (!this.busy) return;
    this.busy = false;
    this.answered(this, performance.now() - this.t0, why);
  }
}

export async function pacedLoad(o: PacedLoadOptions): Promise<ProxyLoadResult> {
  const target = new URL(o.url);
  const total = o.amount ?? Math.max(1, Math.round(o.rate * (o.durationSec ?? 1)));
  const headers = Object.entries({ host: target.host, ...o.headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  // A request's bytes: made once, unless each request has a path or a header of its own.
  const bytes = (path: string, more = ''): Buffer => Buffer.from(`GET ${path} HTTP/1.1\r\n${headers}${more}\r\n`, 'latin1');
  const fixed = bytes(`${target.pathname}${target.search}`);
  const request = (i: number): Buffer =>
    o.path || o.header
      ? bytes(o.path ? o.path(i) : `${target.pathname}${target.search}`, o.header ? `${o.header(i).join(': ')}\r\n` : '')
      : fixed;
  const times = new Float64Array(total);
  const wrong = new Map<string, number>();
  let sent = 0;
  let done = 0;
  const free: Connection[] = [];
  let started = 0;
  let timer: NodeJS.Timeout | undefined;
  let finish: () => void = () => {};
  const over = new Promise<void>((resolve) => (finish = resolve));
  const pump = (): void => {
    const due = Math.min(total, Math.floor(((performance.now() - started) * o.rate) / 1000) + 1);
    while (sent < due && free.length) free.pop()!.send(request(sent++));
  };
  const answered = (c: Connection, ms: number, outcome: string): void => {
    times[done++] = ms;
    if (outcome !== '200') wrong.set(outcome, (wrong.get(outcome) ?? 0) + 1);
    if (done === total) return finish();
    if (!c.socket.destroyed) free.push(c);
    pump();
  };
  const connections = await Promise.all(
    Array.from(
      { length: o.connections },
      () =>
        new Promise<Connection>((resolve, reject) => {
          const socket = net.connect({ host: target.hostname, port: Number(target.port) }, () => resolve(new Connection(socket, answered)));
          socket.once('error', reject);
        }),
    ),
  );
  free.push(...connections);
  started = performance.now();
  timer = setInterval(pump, TICK_MS);
  pump();
  await over;
  const elapsedSec = (performance.now() - started) / 1000;
  clearInterval(timer);
  for (const c of connections) c.socket.destroy();
  if (wrong.size)
    throw new KitError('BENCH_FAILED', `load on ${o.url}: expected only 200, got ${[...wrong].map(([c, n]) => `${n} x ${c}`).join(', ')}`);
  const sorted = times.sort();
  return { total, rps: total / elapsedSec, p50Ms: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99) };
}
