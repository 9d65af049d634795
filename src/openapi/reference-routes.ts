/**
 * The API routes the reference server registers, read from its own resource modules (a router
 * whose app only records), in the operation table's notation: `:name(int)` for integer path
 * parameters, with the auth need each route declares and the operationId it was registered by
 * (Router.op; none on the hand-written fixture surface). Used by the test that keeps the
 * operation table and the reference in step.
 *
 *   const routes = await referenceRoutes();
 *   routes.find((r) => r.key === 'GET /broadcast_messages/:id(int)')?.operationId   // 'getBroadcastMessage'
 */
import type { FastifyInstance } from 'fastify';
import type { AuthNeed } from '../reference/auth.ts';
import { buildReferenceApp } from '../reference/index.ts';
import { RESOURCES } from '../reference/resources/index.ts';
import { API_PREFIX, Router } from '../reference/router.ts';

export interface ReferenceRoute {
  /** 'METHOD /path' as in the operation table. */
  key: string;
  method: string;
  path: string;
  auth: AuthNeed;
  /** The table row it was registered by; undefined for a hand-written route. */
  operationId?: string;
}

interface RouteOptions {
  method: string;
  url: string;
  config?: { auth?: AuthNeed; intParams?: readonly string[]; operationId?: string };
}

export async function referenceRoutes(): Promise<ReferenceRoute[]> {
  const { app } = await buildReferenceApp();
  try {
    const recorded: RouteOptions[] = [];
    const recorder = { route: (o: RouteOptions) => void recorded.push(o), get: () => undefined };
    const router = new Router(recorder as unknown as FastifyInstance, app.ref);
    for (const register of RESOURCES) register(router);
    return recorded
      .filter((o) => o.url.startsWith(`${API_PREFIX}/`) && o.config?.auth !== undefined)
      .map((o) => {
        const ints = new Set(o.config?.intParams ?? []);
        const path = o.url.slice(API_PREFIX.length).replace(/:(\w+)/g, (m, name: string) => (ints.has(name) ? `${m}(int)` : m));
        return { key: `${o.method} ${path}`, method: o.method, path, auth: o.config!.auth!, operationId: o.config?.operationId };
      });
  } finally {
    await app.close();
  }
}
