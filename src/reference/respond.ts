/**
 * Success statuses in one place: 201 for a creating POST, 204 for a DELETE, 202 for the
 * deletions the platform schedules (projects, groups).
 *
 *   return created(request, reply, view(message));
 *   return noContent(request, reply, view(message)); // the body is only sent by a faulty server
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ctxOf } from './context.ts';

export function created(request: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  return reply.code(ctxOf(request).has('status.create-200') ? 200 : 201).send(body);
}

export function noContent(request: FastifyRequest, reply: FastifyReply, deleted: unknown): FastifyReply {
  if (ctxOf(request).has('status.delete-200')) return reply.code(200).send(deleted);
  return reply.code(204).send();
}

export function accepted(reply: FastifyReply): FastifyReply {
  return reply.code(202).send({ message: '202 Accepted' });
}
