/**
 * The reference's control surface over HTTP, on a prefix the platform does not have
 * (`/-/reference/...`), for clients in other languages and processes: reset to the seeded state
 * and move the clock. Guarded by an administrator's token (Private-Token or Authorization:
 * Bearer): 401 without a valid one, 403 for a token of a non-administrator. JSON bodies.
 *
 *   POST /-/reference/reset                                 -> 200 {"reset":true,"now":"..."}
 *   POST /-/reference/clock {"advance_ms": 3600000}          -> 200 {"now":"..."}
 *   POST /-/reference/clock {"now": "2030-01-01T00:00:00Z"}  -> 200 {"now":"2030-01-01T00:00:00.000Z"}
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tokenIsActive } from '../auth.ts';
import { today } from '../clock.ts';
import type { RefContext } from '../context.ts';
import type { ReferenceControl } from './reference-control.ts';

export const CONTROL_PREFIX = '/-/reference';

const CLOCK_BODY = z.union([
  z.strictObject({ advance_ms: z.number().int().min(-3_153_600_000_000).max(3_153_600_000_000) }),
  z.strictObject({ now: z.iso.datetime({ offset: true }) }),
]);

function presented(request: FastifyRequest): string | undefined {
  const header = request.headers['private-token'];
  if (typeof header === 'string' && header !== '') return header;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return bearer?.[1];
}

/** True when the request may go on; otherwise answers 401 or 403. */
function admitted(ctx: RefContext, request: FastifyRequest, reply: FastifyReply): boolean {
  const value = presented(request);
  const token = value === undefined ? undefined : ctx.store.tokensByValue.get(value)[0];
  const owner = token && tokenIsActive(token, today(ctx.clock)) ? ctx.store.users.get(token.userId) : undefined;
  if (!owner || owner.state !== 'active') {
    void reply.code(401).send({ message: '401 Unauthorized' });
    return false;
  }
  if (!owner.admin) {
    void reply.code(403).send({ message: '403 Forbidden - the reference control surface needs an administrator' });
    return false;
  }
  return true;
}

export function registerControlRoutes(app: FastifyInstance, control: ReferenceControl): void {
  app.post(`${CONTROL_PREFIX}/reset`, (request, reply) => {
    if (!admitted(app.ref, request, reply)) return reply;
    control.reset();
    return reply.code(200).send({ reset: true, now: control.now().toISOString() });
  });
  app.post(`${CONTROL_PREFIX}/clock`, (request, reply) => {
    if (!admitted(app.ref, request, reply)) return reply;
    const body = CLOCK_BODY.safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ error: 'give {"advance_ms": integer} or {"now": ISO 8601 date-time with offset}' });
    const now = 'advance_ms' in body.data ? control.advanceClock(body.data.advance_ms) : control.setClock(body.data.now);
    return reply.code(200).send({ now: now.toISOString() });
  });
}
