/**
 * Conditional requests: a DELETE carrying If-Unmodified-Since older than the resource's last
 * modification gets 412.
 *
 *   checkUnmodifiedSince(request, user.updatedAt); // throws 412 when modified since
 */
import type { FastifyRequest } from 'fastify';
import { fail } from './errors.ts';

export function checkUnmodifiedSince(request: FastifyRequest, lastModified: Date): void {
  const raw = request.headers['if-unmodified-since'];
  if (typeof raw !== 'string' || raw === '') return;
  const since = Date.parse(raw);
  if (Number.isNaN(since)) return;
  if (lastModified.getTime() > since) fail('precondition_failed');
}
