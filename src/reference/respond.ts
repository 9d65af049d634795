/**
 * Success statuses in one place: 201 for a creating POST, 204 for a DELETE, 202 for the
 * deletions the platform schedules (projects, groups).
 *
 *   return created(request, reply, view(message));
 *   return noContent(request, reply, view(message)); // the body is only sent under a variation (wire policy)
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ctxOf } from './context.ts';

export function created(request: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  return reply.code(ctxOf(request).variations.wire.createdStatus).send(body);
}

export function noContent(request: FastifyRequest, reply: FastifyReply, deleted: unknown): FastifyReply {
  if (ctxOf(request).variations.wire.deletedAnswer === 'deleted-object') return reply.code(200).send(deleted);
  return reply.code(204).send();
}

export function accepted(reply: FastifyReply): FastifyReply {
  return reply.code(202).send({ message: '202 Accepted' });
}
