/**
 * The per-server context every route and shared hook reaches through the request: store,
 * clock, faults, formatting and the options that change behaviour.
 *
 *   const ctx = ctxOf(request);
 *   if (ctx.has('status.create-200')) ...
 *   const env = envOf(request);          // what views need: base URL, formatter, now
 */
import type { FastifyRequest } from 'fastify';
import type { Clock } from './clock.ts';
import type { Faults, FaultId } from './faults.ts';
import type { Format } from './serialize.ts';
import type { Store } from './store.ts';
import type { Caller, AuthNeed } from './auth.ts';

export interface RefContext {
  store: Store;
  clock: Clock;
  faults: Faults;
  has(id: FaultId): boolean;
  format: Format;
  /** The over-10,000-items pagination rule (feature flag on the real platform). */
  largeCollectionFlag: boolean;
  /** Epics switched off (the feature unavailable): every epic route answers 403. */
  epicsDisabled: boolean;
  /** filter[environment_scope] on the variables API (a feature flag, off by default on the platform). */
  variablesScopeFilter: boolean;
  /** Every new project gets a fixed, realistic dependency list (domain/dependency-fixture.ts). */
  dependencyFixture: boolean;
  /** The cluster API hidden (404), as modern releases without certificate-based clusters. */
  clustersHidden: boolean;
}

/** What views need to render records. */
export interface ViewEnv {
  /** http://host[:port] of the request, no trailing slash. */
  base: string;
  host: string;
  fmt: Format;
  now: Date;
  store: Store;
}

declare module 'fastify' {
  interface FastifyInstance {
    ref: RefContext;
    /** The API routes the resources registered (method and URL), e.g. for robustness tests. */
    routeTable: readonly { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** Who the request runs as (after sudo); null when anonymous or not yet authenticated. */
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Set on every API route; absent on the unknown-route and 405 handlers. */
    auth?: AuthNeed;
    /** Path parameters that must be decimal integers, else the route does not match. */
    intParams?: readonly string[];
  }
}

export function ctxOf(request: FastifyRequest): RefContext {
  return request.server.ref;
}

export function requestHost(request: FastifyRequest): string {
  const host = request.headers.host;
  return typeof host === 'string' && host !== '' ? host : 'localhost';
}

export function envOf(request: FastifyRequest): ViewEnv {
  const ctx = ctxOf(request);
  const host = requestHost(request);
  return { base: `http://${host}`, host, fmt: ctx.format, now: ctx.clock(), store: ctx.store };
}
