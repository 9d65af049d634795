/**
 * The methods a known path answers with 405 and Allow when it does not serve them: every method
 * Node 20's HTTP parser (llhttp) passes on, as Grape does for any method on a path it knows
 * (its router's method_not_allowed). Node's parser takes the 35 tokens of http.METHODS; any other
 * token (FOO, BREW, DESCRIBE, lower-case get) it answers 400 itself and closes the connection:
 * no server written in Node ever sees such a request. CONNECT it passes to the server's
 * 'connect' event, never to the request handler: answerConnect hands it to the app, so that
 * CONNECT /api/v4/user gets the same 405 with Allow as any other method.
 *
 *   for (const m of otherMethods(app, 'every')) app.route({ method: m, url, handler: () => fail('method_not_allowed') });
 *   answerConnect(app);   // CONNECT /api/v4/user -> 405, Allow: GET, HEAD, OPTIONS
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { METHODS, STATUS_CODES } from 'node:http';

/** What the reference answered before issue 40, and what the fault errors.405-classic-methods-only keeps. */
const CLASSIC_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every method Node's parser passes on but OPTIONS (answered 204 with Allow): 34 on Node 20. */
const EVERY_METHOD = METHODS.filter((m) => m !== 'OPTIONS');

/** Headers of the injected answer that belong to its own connection, not to the one CONNECT came on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/**
 * The methods to answer on each known path, made routable on `app` (the root): fastify knows only
 * eleven, the others are added as methods without a body. QUERY is made one too: fastify refuses a
 * QUERY without Content-Type (400) before any route answers, where the path's 405 is due.
 */
export function otherMethods(app: FastifyInstance, which: 'every' | 'classic'): readonly string[] {
  if (which === 'classic') return CLASSIC_METHODS;
  const known = new Set(app.supportedMethods);
  for (const method of EVERY_METHOD) {
    if (method === 'QUERY') app.addHttpMethod(method, { hasBody: false, overrideExisting: true });
    else if (!known.has(method)) app.addHttpMethod(method);
  }
  return EVERY_METHOD;
}

/**
 * Answers a CONNECT request (Node's 'connect' event) as the app answers it: injected with the same
 * path and headers, the answer written back and the connection closed. A target that is not a path
 * (CONNECT host:443) is no known path: the unknown route's 404.
 */
export function answerConnect(app: FastifyInstance): void {
  app.server.on('connect', (request, socket) => {
    socket.on('error', () => socket.destroy());
    const url = request.url?.startsWith('/') ? request.url : '/';
    app
      .inject({ method: 'CONNECT' as InjectOptions['method'], url, headers: request.headers, remoteAddress: request.socket.remoteAddress })
      .then(
        (res) => {
          const lines = [`HTTP/1.1 ${res.statusCode} ${STATUS_CODES[res.statusCode] ?? ''}`];
          for (const [name, value] of Object.entries(res.headers)) {
            if (HOP_BY_HOP.has(name) || value === undefined) continue;
            for (const v of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${String(v)}`);
          }
          lines.push('connection: close', '', '');
          socket.end(Buffer.concat([Buffer.from(lines.join('\r\n')), res.rawPayload]));
        },
        () => socket.destroy(),
      );
  });
}
