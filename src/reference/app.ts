/**
 * Builds the reference server's fastify app: parsers, the shared hooks (414, integer path
 * parameters, authentication, conditional GET), the single error handler, every resource group as an encapsulated
 * plugin under /api/v4, then 405 with Allow for the remaining methods of each known path (CONNECT too: other-methods.ts).
 *
 *   const { app, adminToken } = await buildApp({ faults: ['status.create-200'] });
 *   await app.inject({ url: '/api/v4/broadcast_messages' });
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { authenticate } from './auth.ts';
import { BackgroundJobs } from './background-jobs.ts';
import { answerClientError, ignoreUnknownExpectations } from './client-errors.ts';
import { exactJsonContentType } from './content-type.ts';
import { conditionalGet } from './etag.ts';
import { systemClock, type Clock } from './clock.ts';
import type { RefContext } from './context.ts';
import { newAdminToken } from './domain/tokens.ts';
import { apiError, isApiError, type ApiError } from './errors.ts';
import { createFaults } from './faults.ts';
import { registerMultipart } from './multipart.ts';
import { BODY_LIMIT, MAX_QUERY_LENGTH, parseQueryString, queryProblem, registerBodyParsers } from './parse.ts';
import { RESOURCES } from './resources/index.ts';
import { checkIntParams, Router } from './router.ts';
import { seed } from './seed.ts';
import { seedGeneratedUsers, seedUsers, type SeedUser } from './seed-users.ts';
import { answerConnect } from './other-methods.ts';
import { createFormat } from './serialize.ts';
import { createStore } from './store.ts';
import { applySeedData } from './control/apply-seed-data.ts';
import { registerControlRoutes } from './control/control-routes.ts';
import { controlledClock } from './control/controlled-clock.ts';
import { createReferenceControl } from './control/reference-control.ts';
import type { SeedData } from './control/seed-data.ts';
import { resolveOpsFaults, type OpsFault } from './ops-faults/grammar.ts';
import { registerOpsFaults } from './ops-faults/hooks.ts';
import { installStrict } from './strict/hook.ts';
import { CAPABILITY_VARIATIONS, createVariations, profileIds, PROFILES, type Profile } from './variation/registry.ts';

export interface AppOptions {
  /** Token of the seeded admin; random ('ref-' + 24 base62) when absent. */
  adminToken?: string;
  /** Injectable clock, default () => new Date(). */
  clock?: Clock;
  /** Fault ids switched on (see FAULTS); none by default. The capability switches below are declared variations too (kind 'capability'). */
  faults?: Iterable<string>;
  /** 'spec' (default): the spec wherever it speaks. 'platform': also the real platform's departures from it (variation/registry.ts). */
  profile?: Profile;
  /** The over-10,000-items pagination rule (default false). */
  largeCollectionFlag?: boolean;
  /** Epics unavailable (every epic route answers 403), default false. */
  epicsDisabled?: boolean;
  /** filter[environment_scope] on the variables API (behind a flag by the spec; always on in the platform profile), default false. */
  variablesScopeFilter?: boolean;
  /** Every new project gets a fixed, realistic dependency list, default false. */
  dependencyFixture?: boolean;
  /** The cluster API hidden (every cluster route 404s), as modern releases, default false (the platform profile: true unless given false). */
  clustersHidden?: boolean;
  /** An impersonation token needs expires_at (400 "can't be blank" without), as the platform's default setting; default false (the spec: optional). */
  tokenExpiryRequired?: boolean;
  /** DELETE /users/:id blocks the user at once and removes it `userDeletionDelayMs` later, as the platform's background job (default false). */
  delayedUserDeletion?: boolean;
  /** Under delayedUserDeletion: how long a deleted user lingers, blocked, in milliseconds of the server's clock (default 60000). */
  userDeletionDelayMs?: number;
  /** DELETE /projects/:id and /groups/:id only mark for deletion (removed 7 days later, or at once with permanently_remove and full_path), default false. */
  scheduledDeletion?: boolean;
  /** Admin Mode: an administrator's token acts as one only with the admin_mode scope (the seeded admin token has it), default false. */
  adminMode?: boolean;
  /** user_defaults_to_private_profile: POST /users without private_profile makes a private profile, default false. */
  privateProfileByDefault?: boolean;
  /** Users created at start-up that the API cannot make: blocked by LDAP synchronization, or with past activity (see seed-users.ts). */
  seedUsers?: readonly SeedUser[];
  /** That many generated users created at start-up, in bulk (benchmarks: gen-user-1 ...), default 0. */
  generatedUsers?: number;
  /** Declared data put into the store at start-up (control/seed-data.ts: users with tokens, groups, projects, members, epics, variables, keys); reset() returns to it. */
  data?: SeedData;
  /** Fastify logger, default false. */
  logger?: boolean;
  /** Operational faults for a client's error handling (429, 5xx, delay, drop, truncate; src/reference/ops-faults/), objects or the flag's text. Given (even empty), the request log is kept. */
  opsFaults?: readonly OpsFault[] | string;
  /** Seed of the operational faults' draws (default 1). */
  opsFaultsSeed?: number;
  /** Strict mode: every request is also judged against its operation (src/reference/strict/); findings in ref.findings() and the client report. Default false. */
  strict?: boolean;
}

/**
 * A synchronous check as a callback-style hook: what it throws goes to the error handler, and no
 * promise is made per request (the shared hooks run on every request: issue 11 throughput).
 */
function syncHook(check: (request: FastifyRequest) => void) {
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    try {
      check(request);
    } catch (e) {
      done(e as Error);
      return;
    }
    done();
  };
}

const API_V3_GONE = 'API V3 is no longer supported. Use API V4 instead.';

/** Node answers 431 past its header limit; keep it far above the 8 KiB query limit. */
const MAX_HEADER_SIZE = 1024 * 1024;

/** The platform removes deleted users in a cron job that runs every 2 minutes: on average one minute later. */
const DEFAULT_USER_DELETION_DELAY_MS = 60_000;

/** The faults asked for, the capabilities whose option is on and the profile's departures, switched on together. */
function createContext(options: AppOptions): RefContext {
  const faults = createFaults(options.faults);
  const capabilities = CAPABILITY_VARIATIONS.filter((c) => options[c.option]).map((c) => c.id);
  const profile = options.profile ?? 'spec';
  if (!PROFILES.includes(profile)) throw new Error(`Unknown reference profile "${String(profile)}". Known: ${PROFILES.join(', ')}`);
  const departures = profileIds(profile, options);
  const variations = createVariations([...faults.active, ...capabilities, ...departures]);
  return {
    store: createStore(),
    clock: options.clock ?? systemClock,
    variations,
    faults,
    has: variations.has,
    format: createFormat(variations.wire.datetime),
    jobs: new BackgroundJobs(),
    userDeletionDelayMs: options.userDeletionDelayMs ?? DEFAULT_USER_DELETION_DELAY_MS,
  };
}

/** Any thrown value as an ApiError: fastify's own 4xx errors mapped, the rest a 500. */
function toApiError(error: unknown, request: FastifyRequest): ApiError {
  if (isApiError(error)) return error;
  const e = error as Partial<FastifyError>;
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return apiError('unsupported_media_type', String(request.headers['content-type'] ?? 'none'));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return apiError('payload_too_large');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return apiError('bad_request', 'empty JSON body');
  }
  const status = e.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const detail =
      e instanceof SyntaxError || e.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'invalid JSON body'
        : (e.message ?? STATUS_CODES[status] ?? 'bad request');
    return apiError('bad_request', detail);
  }
  request.log.error({ err: error }, 'unexpected error');
  return apiError('internal');
}

export async function buildApp(options: AppOptions = {}): Promise<{ app: FastifyInstance; adminToken: string }> {
  const time = controlledClock(options.clock ?? systemClock);
  const ctx = createContext({ ...options, clock: time.clock });
  const { wire } = ctx.variations;
  const rawQuery = wire.rawQuery;
  const adminToken = options.adminToken ?? newAdminToken();
  // Under Admin Mode the administrator's token is made as an operator would: with the admin_mode scope.
  seed(ctx.store, ctx.clock, adminToken, { adminMode: ctx.variations.auth.adminModeScope });
  seedUsers(ctx.store, ctx.clock, options.seedUsers ?? []);
  seedGeneratedUsers(ctx.store, ctx.clock, options.generatedUsers ?? 0);
  if (options.data) applySeedData(ctx.store, ctx.clock, options.data);
  const control = createReferenceControl(ctx, time);

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    http: { maxHeaderSize: MAX_HEADER_SIZE },
    clientErrorHandler: answerClientError,
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: 2048,
      querystringParser: rawQuery ? (text) => parseQueryString(rawQuery(text)) : parseQueryString,
    },
    frameworkErrors: (_error, _request, reply) => {
      const err = apiError('bad_request', 'invalid URL encoding');
      (reply as FastifyReply).code(err.status).send(err.body);
    },
  });
  ignoreUnknownExpectations(app.server);
  app.decorate('ref', ctx);
  app.decorate('refControl', control);
  app.decorateRequest('caller', null);
  if (options.opsFaults !== undefined) {
    const log = registerOpsFaults(app, {
      faults: resolveOpsFaults(options.opsFaults),
      seed: options.opsFaultsSeed,
      now: () => ctx.clock().getTime(),
    });
    // A test after a reset sees only its own requests, and meets the same faults whatever ran before it.
    control.onReset(() => {
      log.clear();
      log.restartDraws();
    });
  }
  registerBodyParsers(app);
  if (wire.multipart) await registerMultipart(app);
  if (options.strict) installStrict(app);

  app.addHook(
    'onRequest',
    syncHook((request) => {
      // The job queue first: what fell due since the last request is done before this one is read.
      ctx.jobs.runDue(ctx.clock);
      const q = request.url.indexOf('?');
      if (q >= 0 && request.url.length - q - 1 > MAX_QUERY_LENGTH) throw apiError('uri_too_long');
      const problem = queryProblem(request.query);
      if (problem) throw apiError('bad_request', problem);
    }),
  );
  app.addHook('preValidation', syncHook(checkIntParams));
  app.addHook('preHandler', syncHook(authenticate));
  app.addHook('onSend', exactJsonContentType);
  for (const transform of wire.onSend) {
    app.addHook('onSend', async (_request, reply, payload) => transform(reply, payload));
  }
  // Last: the ETag is of the bytes sent, and a matching If-None-Match gets 304 (etag.ts).
  app.addHook('onSend', conditionalGet);

  app.setErrorHandler((error, request, reply) => {
    const err = toApiError(error, request);
    const body = wire.errorBodies[err.code];
    reply.code(err.status).send(typeof body === 'function' ? body(err.body as { message?: unknown }) : (body ?? err.body));
  });
  app.setNotFoundHandler(() => {
    throw apiError('route_not_found');
  });
  // Version 3 was removed in release 11.0 (the spec); the platform still answers its paths, with 410 (lib/api/api.rb).
  for (const url of ['/api/v3', '/api/v3/*']) app.all(url, (_request, reply) => reply.code(410).send({ error: API_V3_GONE }));

  registerControlRoutes(app, control);
  const host = new Router(app, ctx);
  for (const plugin of RESOURCES) await host.mount(plugin);
  host.finish();
  answerConnect(app);
  app.decorate('routeTable', host.routes());
  return { app, adminToken };
}
