/**
 * The bundled reference server of API v4: in-memory, injectable clock, optional faults for
 * mutation testing.
 *
 *   const ref = await startReferenceServer({ port: 0 });
 *   fetch(`${ref.apiUrl}/user`, { headers: { 'Private-Token': ref.adminToken } });
 *   await ref.close();
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';

export { FAULTS } from './faults.ts';

export interface ReferenceOptions {
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 0 (a random free port). */
  port?: number;
  /** Token of the seeded admin; random ('ref-' + 24 base62) when absent. */
  adminToken?: string;
  /** Injectable clock, default () => new Date(). */
  clock?: () => Date;
  /** Fault ids switched on (see FAULTS); none by default. */
  faults?: Iterable<string>;
  /** The over-10,000-items pagination rule (default false). */
  largeCollectionFlag?: boolean;
  /** Epics unavailable (every epic route answers 403), default false. */
  epicsDisabled?: boolean;
  /** filter[environment_scope] on the variables API (a feature flag on the platform), default false. */
  variablesScopeFilter?: boolean;
  /** Every new project gets a fixed, realistic dependency list, default false. */
  dependencyFixture?: boolean;
  /** The cluster API hidden (every cluster route 404s), as modern releases, default false. */
  clustersHidden?: boolean;
  /** Users created at start-up that the API cannot make: blocked by LDAP synchronization, or with past activity (see seed-users.ts). */
  seedUsers?: readonly import('./seed-users.ts').SeedUser[];
  /** Fastify logger, default false. */
  logger?: boolean;
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
export async function buildReferenceApp(
  options: ReferenceOptions = {},
): Promise<{ app: FastifyInstance; adminToken: string }> {
  return buildApp(options);
}

export async function startReferenceServer(options: ReferenceOptions = {}): Promise<RunningReference> {
  const { app, adminToken } = await buildApp(options);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port ?? 0;
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
