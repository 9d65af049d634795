/**
 * The bundled reference server of API v4: in-memory, injectable clock, optional faults for
 * mutation testing.
 *
 *   const ref = await startReferenceServer({ port: 0 });
 *   fetch(`${ref.apiUrl}/user`, { headers: { 'Private-Token': ref.adminToken } });
 *   await ref.close();
 */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';

export { FAULTS } from './faults.ts';

/** Options of the server: those of the app (see app.ts: token, clock, faults, feature switches, seeds) and where it listens. */
export interface ReferenceOptions extends AppOptions {
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 0 (a random free port). */
  port?: number;
}

export interface RunningReference {
  /** http://host:port, no trailing slash. */
  url: string;
  /** url + '/api/v4'. */
  apiUrl: string;
  adminToken: string;
  close(): Promise<void>;
  app: FastifyInstance;
}

/** The app, not listening: for app.inject(). */
export async function buildReferenceApp(options: ReferenceOptions = {}): Promise<{ app: FastifyInstance; adminToken: string }> {
  return buildApp(options);
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
    close: () => app.close(),
  };
}
