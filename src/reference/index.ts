/**
 * The bundled reference server of API v4: in-memory, injectable clock, optional faults for
 * mutation testing.
 *
 *   const ref = await startReferenceServer({ port: 0, data: parseSeedData(json) });
 *   ref.reset(); ref.advanceClock(60_000);   // between tests: seeded state; time moved (control/)
 *   fetch(`${ref.apiUrl}/user`, { headers: { 'Private-Token': ref.adminToken } });
 *   await ref.close();
 */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import type { ReferenceControl } from './control/reference-control.ts';
import { requestLogOf, type RequestLogEntry } from './ops-faults/hooks.ts';
import type { Finding } from './strict/findings.ts';
import { writeClientReport } from './strict/report.ts';

export { FAULTS } from './faults.ts';

/** Options of the server: those of the app (see app.ts: token, clock, faults, feature switches, seeds) and where it listens. */
export interface ReferenceOptions extends AppOptions {
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 0 (a random free port). */
  port?: number;
  /** Under strict: where close() writes the client report, a base path without extension (default reports/client-report: .json and .md). */
  clientReport?: string;
}

export interface RunningReference extends ReferenceControl {
  /** http://host:port, no trailing slash. */
  url: string;
  /** url + '/api/v4'. */
  apiUrl: string;
  adminToken: string;
  /** Stops listening and closes idle connections; requests still in flight get CLOSE_GRACE_MS, then their connections are cut. */
  close(): Promise<void>;
  app: FastifyInstance;
  /** The requests answered so far, with the operational fault applied to each (kept only when the opsFaults option is given). */
  requestLog(): readonly RequestLogEntry[];
  /** Strict mode's findings so far (empty when strict is off): what the client sent that its operation does not read. */
  findings(): Finding[];
}

/** The app, not listening: for app.inject(). */
export async function buildReferenceApp(options: ReferenceOptions = {}): Promise<{ app: FastifyInstance; adminToken: string }> {
  return buildApp(options);
}

/**
 * How long close() waits for requests in flight. A client that went away in the middle of a
 * request body leaves a request that never completes (Node would drop it only after its
 * requestTimeout, 300 s); close() must not wait for it.
 */
export const CLOSE_GRACE_MS = 2_000;

/**
 * fastify's close (idle connections closed, the rest awaited), closing each connection as soon
 * as its request is answered, and cutting the connections still open after the grace.
 */
async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const idle = setInterval(() => app.server.closeIdleConnections(), 50);
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}

export async function startReferenceServer(options: ReferenceOptions = {}): Promise<RunningReference> {
  const { app, adminToken } = await buildApp(options);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const url = `http://${hostPart}:${port}`;
  return {
    url,
    apiUrl: `${url}/api/v4`,
    adminToken,
    app,
    reset: () => app.refControl.reset(),
    advanceClock: (ms) => app.refControl.advanceClock(ms),
    setClock: (instant) => app.refControl.setClock(instant),
    now: () => app.refControl.now(),
    requestLog: () => requestLogOf(app)?.entries() ?? [],
    findings: () => app.strictFindings?.list() ?? [],
    close: async () => {
      await closeWithin(app, CLOSE_GRACE_MS);
      if (app.strictFindings) await writeClientReport(app.strictFindings.list(), options.clientReport);
    },
  };
}
