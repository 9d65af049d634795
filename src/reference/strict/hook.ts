/**
 * Strict mode's hook in the reference: every request routed to an operation of the spec is judged
 * against its row of the operation table (judge.ts) before it is answered as the platform would;
 * the findings go to the store the app is decorated with (app.strictFindings).
 *
 *   const store = installStrict(app);     // in buildApp, when options.strict
 *   app.strictFindings?.list();           // what the client did that the spec does not ask for
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operationById } from '../../spec/operations/index.ts';
import { FindingsStore } from './findings.ts';
import { judgeRequest } from './judge.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The findings of strict mode; absent when strict mode is off. */
    strictFindings?: FindingsStore;
  }
}

/** The header that carried the token, by its name as sent (its value is never read here). */
function authHeader(request: FastifyRequest): string | undefined {
  if (request.headers['private-token'] !== undefined) return 'PRIVATE-TOKEN';
  if (request.headers.authorization !== undefined) return 'Authorization';
  return undefined;
}

function judge(store: FindingsStore, request: FastifyRequest): void {
  const operationId = request.routeOptions.config.operationId;
  if (!operationId) return;
  store.judged(operationId);
  const row = operationById(operationId);
  const query = { ...((request.query ?? {}) as Record<string, unknown>) };
  const body = request.body;
  const params = (request.params ?? {}) as Record<string, string>;
  const judgements = judgeRequest({ method: request.method, query, body, params }, row);
  if (judgements.length === 0) return;
  const shown = {
    method: request.method,
    url: `${request.protocol}://${request.host}${request.url}`,
    operationId,
    authHeader: authHeader(request),
    body: body !== null && typeof body === 'object' ? body : undefined,
  };
  for (const j of judgements) store.record(j, shown);
}

/** Switches strict mode on: a preValidation hook (body parsed, route known) feeding a new findings store. */
export function installStrict(app: FastifyInstance): FindingsStore {
  const store = new FindingsStore();
  app.decorate('strictFindings', store);
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      judge(store, request);
    } catch (e) {
      request.log.error({ err: e }, 'strict judge failed');
    }
    done();
  });
  return store;
}
