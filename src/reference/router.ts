/**
 * The host of the resource plugins: each resource group is a plugin (a function of a Router)
 * registered as its own encapsulated fastify instance under /api/v4. An operation of the spec is
 * registered by its operationId: method, path and auth need come from its row of the operation
 * table (src/spec/operations/), the resource gives the handler only. Only the fixture surface
 * (src/spec/spec-operations.ts, FIXTURE_SURFACE) writes its routes by hand. Each route's auth need
 * is enforced by the shared auth hook (a declared variation may replace it, see routeAuth in
 * variation/declaration.ts, keyed 'METHOD /path'), integer path parameters are marked `(int)` (a
 * non-number means the route does not match: 404), and, when all routes are in, every other
 * method on each known path answers 405 with Allow (every method Node's parser passes on:
 * other-methods.ts).
 *
 *   r.op('getBroadcastMessage', async (request) => { ... });          // GET /broadcast_messages/:id(int), public
 *   r.get('/namespaces/:id', { auth: 'authenticated' }, handler);      // fixture surface only
 *   await host.mount(registerBroadcastMessages);   // app.register(..., { prefix: '/api/v4' })
 *   host.finish(); // after every resource registered its routes
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { AuthNeed } from './variation/auth-policy.ts';
import { operationById } from '../spec/operations/index.ts';
import type { RefContext } from './context.ts';
import { fail } from './errors.ts';
import { otherMethods } from './other-methods.ts';

export const API_PREFIX = '/api/v4';

export type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

export interface RouteSpec {
  auth: AuthNeed;
}

/** A resource group: registers its routes (paths relative to /api/v4) on the router it is given. */
export type ResourcePlugin = (r: Router) => void;

function compilePath(path: string): { url: string; intParams: string[] } {
  const intParams: string[] = [];
  const url = path.replace(/:(\w+)\(int\)/g, (_m, name: string) => {
    intParams.push(name);
    return `:${name}`;
  });
  return { url: API_PREFIX + url, intParams };
}

type Known = Map<string, { methods: Set<string>; intParams: string[] }>;

export class Router {
  /**
   * `app` takes the routes: the root app (URLs with the /api/v4 prefix), or, through mount(), a
   * plugin's encapsulated instance already under the prefix. `known` is shared by both.
   */
  constructor(
    readonly app: FastifyInstance,
    readonly ctx: RefContext,
    private readonly prefixed = false,
    private readonly known: Known = new Map(),
    /** The root app, for the few routes outside /api/v4 (uploaded files). */
    readonly root: FastifyInstance = app,
  ) {}

  /** Registers a resource group as an encapsulated fastify plugin under /api/v4. */
  async mount(plugin: ResourcePlugin): Promise<void> {
    await this.app.register(async (instance) => plugin(new Router(instance, this.ctx, true, this.known, this.root)), {
      prefix: API_PREFIX,
    });
  }

  /** A check every route of this plugin runs first (after authentication), e.g. a feature switched off. */
  guard(check: (request: FastifyRequest) => void): void {
    this.app.addHook('preHandler', (request, _reply, done) => {
      try {
        check(request);
      } catch (e) {
        done(e as Error);
        return;
      }
      done();
    });
  }

  /** Registers the spec operation with this operationId: method, path and auth from its table row. */
  op(operationId: string, handler: Handler): void {
    const row = operationById(operationId);
    this.add(row.method, row.path, { auth: row.auth }, handler, operationId);
  }

  /** A route of the fixture surface (not an operation of the spec): method, path and auth written here. */
  get(path: string, spec: RouteSpec, handler: Handler): void {
    this.add('GET', path, spec, handler);
  }
  post(path: string, spec: RouteSpec, handler: Handler): void {
    this.add('POST', path, spec, handler);
  }
  put(path: string, spec: RouteSpec, handler: Handler): void {
    this.add('PUT', path, spec, handler);
  }
  delete(path: string, spec: RouteSpec, handler: Handler): void {
    this.add('DELETE', path, spec, handler);
  }

  private add(method: HTTPMethods, path: string, spec: RouteSpec, handler: Handler, operationId?: string): void {
    const { url, intParams } = compilePath(path);
    const auth = this.ctx.variations.routeAuth.get(`${method} ${path}`) ?? spec.auth;
    const config = { auth, intParams, operationId };
    this.app.route({ method, url: this.prefixed ? url.slice(API_PREFIX.length) : url, config, handler });
    const entry = this.known.get(url) ?? { methods: new Set<string>(), intParams };
    entry.methods.add(method);
    if (method === 'GET') entry.methods.add('HEAD');
    this.known.set(url, entry);
  }

  /** Every route a resource registered: method and full URL (`/api/v4/users/:id`), in registration order. */
  routes(): { method: string; url: string }[] {
    return [...this.known].flatMap(([url, { methods }]) => [...methods].filter((m) => m !== 'HEAD').map((method) => ({ method, url })));
  }

  /** Answers every unregistered method on a known path: 405 with Allow (OPTIONS: 204 with Allow). */
  finish(): void {
    const { otherMethods: other, otherMethodsAnswered } = this.ctx.variations.wire;
    const answered = otherMethods(this.app, otherMethodsAnswered);
    for (const [url, { methods, intParams }] of this.known) {
      const config = { intParams };
      const allow = [...methods, 'OPTIONS'].join(', ');
      for (const method of answered) {
        if (methods.has(method)) continue;
        this.app.route({
          method: method as HTTPMethods,
          url,
          config,
          exposeHeadRoute: false,
          handler: (_request, reply) => {
            reply.header('allow', allow);
            return fail(other);
          },
        });
      }
      this.app.route({
        method: 'OPTIONS',
        url,
        config,
        handler: (_request, reply) => reply.code(204).header('allow', allow).send(),
      });
    }
  }
}

/** The early check for `(int)` parameters: anything but digits does not match the route. */
export function checkIntParams(request: FastifyRequest): void {
  const names = request.routeOptions.config.intParams;
  if (!names || names.length === 0) return;
  const params = request.params as Record<string, string>;
  for (const name of names) {
    if (!/^\d+$/.test(params[name] ?? '')) fail('route_not_found');
  }
}

/** An integer path parameter (already checked by checkIntParams). */
export function intParam(request: FastifyRequest, name: string): number {
  return Number((request.params as Record<string, string>)[name]);
}

/** A string path parameter, URL-decoded (`group%2Fproject` -> `group/project`). */
export function stringParam(request: FastifyRequest, name: string): string {
  return (request.params as Record<string, string>)[name] ?? '';
}
