/**
 * The Content-Type of every JSON answer is exactly `application/json`, as the real platform sends
 * it: clients in other ecosystems compare the header literally (a widely used Python client parses
 * a body only then), and fastify's own default adds `; charset=utf-8`. The spec says "JSON" and no
 * more, so both profiles of the reference follow the platform here.
 *
 *   app.addHook('onSend', exactJsonContentType);   // before the wire policy's own transforms
 *   reply.type(JSON_CONTENT_TYPE).send('true');
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const JSON_CONTENT_TYPE = 'application/json';

/** What fastify writes for a serialized object when no type was set. */
const FASTIFY_JSON = 'application/json; charset=utf-8';

/** An onSend hook (callback style: no promise per request) that drops fastify's charset parameter. */
export function exactJsonContentType(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload: unknown) => void,
): void {
  if (reply.getHeader('content-type') === FASTIFY_JSON) reply.header('content-type', JSON_CONTENT_TYPE);
  done(null, payload);
}
