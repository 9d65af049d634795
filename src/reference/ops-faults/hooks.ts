/**
 * The operational faults at work: an onRequest hook that draws, per matching request, whether each
 * declared fault applies (a seeded generator per fault, so a run is reproducible), and answers
 * 429 / 5xx, waits, or drops the connection; an onSend hook that truncates a body; and the request
 * log (method, path, status, fault) a test reads to see what the client did, retries included.
 *
 *   const log = registerOpsFaults(app, { faults: parseOpsFaults('429@GET /users:0.5'), seed: 1, now: () => Date.now() });
 *   // ... requests ...
 *   log.entries(); // [{ method: 'GET', path: '/api/v4/users', status: 429, fault: '429' }, { ..., status: 200 }]
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { OpsFaultKind, ResolvedOpsFault } from './grammar.ts';

/** One request as the server saw it: status 0 when the connection was dropped before an answer. */
export interface RequestLogEntry {
  method: string;
  /** The path with its query, as sent. */
  path: string;
  status: number;
  /** The operational fault applied to it, if any. */
  fault?: OpsFaultKind;
}

export interface RequestLog {
  entries(): readonly RequestLogEntry[];
  clear(): void;
  /** Starts the draws again from the seed: after it, the same requests meet the same faults (a reset calls it). */
  restartDraws(): void;
}

export interface OpsFaultsSetup {
  faults: readonly ResolvedOpsFault[];
  /** Seed of the draws (default 1): the same seed and requests give the same faults. */
  seed?: number;
  /** Milliseconds since the epoch, for RateLimit-Reset (the server's clock). */
  now: () => number;
}

/** mulberry32: a small, seeded generator of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether a fault's route covers a request: '*', or the method (or *) and the path under /api/v4 (:name one segment, final /* the rest). */
export function routeMatches(route: string, method: string, url: string): boolean {
  if (route === '*') return true;
  const [wantMethod, pattern] = route.split(' ') as [string, string];
  if (wantMethod !== '*' && wantMethod !== method) return false;
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(/^\/api\/v4(?=\/|$)/, '').replace(/\/+$/, '') || '/';
  const want = pattern.replace(/\/+$/, '').split('/');
  const got = path.split('/');
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '*' && i === want.length - 1) return got.length > i;
    if (got[i] === undefined) return false;
    if (want[i]!.startsWith(':') ? got[i] === '' : want[i] !== got[i]) return false;
  }
  return got.length === want.length;
}

const SERVER_ERRORS: Record<string, string> = {
  '500': '500 Internal Server Error',
  '502': '502 Bad Gateway',
  '503': '503 Service Unavailable',
};

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Registers the hooks on the app (before the other hooks, so a fault comes first, as a proxy's would); returns the request log. */
export function registerOpsFaults(app: FastifyInstance, setup: OpsFaultsSetup): RequestLog {
  const seedDraws = () => setup.faults.map((_f, i) => seeded((setup.seed ?? 1) * 1_000_003 + i));
  let draws = seedDraws();
  const applied = new WeakMap<IncomingMessage, OpsFaultKind>();
  const log: RequestLogEntry[] = [];

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    let hit: ResolvedOpsFault | undefined;
    let wait = 0;
    setup.faults.forEach((fault, i) => {
      if (!routeMatches(fault.route, request.method, request.url)) return;
      if (!(draws[i]!() < fault.rate)) return;
      if (fault.kind === 'delay') wait += fault.ms ?? 0;
      else hit ??= fault;
    });
    if (wait > 0) {
      await sleep(wait);
      if (!hit) applied.set(request.raw, 'delay');
    }
    if (!hit) return;
    applied.set(request.raw, hit.kind);
    switch (hit.kind) {
      case 'drop':
        log.push({ method: request.method, path: request.url, status: 0, fault: 'drop' });
        request.raw.socket.destroy();
        reply.hijack();
        return;
      case '429': {
        if (hit.rateLimitReset === undefined) reply.header('retry-after', String(hit.retryAfter ?? 1));
        else reply.header('ratelimit-reset', String(Math.ceil(setup.now() / 1000) + hit.rateLimitReset));
        return reply.code(429).type('text/plain').send('Retry later\n');
      }
      case '500':
      case '502':
      case '503':
        return reply.code(Number(hit.kind)).send({ message: SERVER_ERRORS[hit.kind] });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (applied.get(request.raw) !== 'truncate' || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    // fastify sets the true Content-Length and ends the response with the whole body: the response
    // writes half of it instead and the connection ends there, short of its Content-Length.
    const res = reply.raw;
    res.end = ((chunk: string | Buffer) => {
      const body = Buffer.from(chunk);
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.end());
      log.push({ method: request.method, path: request.url, status: res.statusCode, fault: 'truncate' });
      return res;
    }) as typeof res.end;
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const fault = applied.get(request.raw);
    log.push({ method: request.method, path: request.url, status: reply.statusCode, ...(fault ? { fault } : {}) });
  });

  const requestLog = { entries: () => log, clear: () => void log.splice(0), restartDraws: () => void (draws = seedDraws()) };
  LOGS.set(app, requestLog);
  return requestLog;
}

const LOGS = new WeakMap<FastifyInstance, RequestLog>();

/** The request log of an app with operational faults registered (undefined without). */
export function requestLogOf(app: FastifyInstance): RequestLog | undefined {
  return LOGS.get(app);
}
