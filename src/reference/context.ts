/**
 * The per-server context every route and shared hook reaches through the request: store,
 * clock, formatting and the variations switched on (faults, capabilities, platform departures)
 * with the variation points they make.
 *
 *   const ctx = ctxOf(request);
 *   if (ctx.has('epics.disabled')) ...   // a declared variation id (variation/registry.ts)
 *   ctx.variations.paging                // a variation point, as the active variations make it
 *   const env = envOf(request);          // what views need: base URL, formatter, now
 */
import type { FastifyRequest } from 'fastify';
import type { BackgroundJobs } from './background-jobs.ts';
import type { Clock } from './clock.ts';
import type { TokenRecord, UserRecord } from './domain/records.ts';
import type { Faults } from './faults.ts';
import type { Format } from './serialize.ts';
import type { Store } from './store.ts';
import type { AuthNeed } from './variation/auth-policy.ts';
import type { VariationId, Variations } from './variation/registry.ts';

export interface RefContext {
  store: Store;
  clock: Clock;
  /** The variations switched on and the variation points they make. */
  variations: Variations;
  /** The faults switched on (a fault case copies them into another server). */
  faults: Faults;
  /** Whether a declared variation is on. */
  has(id: VariationId): boolean;
  format: Format;
  /** Work left to the job queue, run when due (background-jobs.ts). */
  jobs: BackgroundJobs;
  /** How long a user deleted under the delayed-deletion capability lingers, blocked, before its removal. */
  userDeletionDelayMs: number;
}

/** Who a request runs as, resolved by the auth hook (auth.ts). */
export interface Caller {
  /** Who the request runs as (the sudo target when sudo is used). */
  user: UserRecord;
  token: TokenRecord;
  /** The administrator who used sudo, if any. */
  sudoFrom: UserRecord | null;
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
    /** The spec operation the route serves (registered with Router.op); absent on the fixture surface. */
    operationId?: string;
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
