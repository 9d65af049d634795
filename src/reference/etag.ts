/**
 * Conditional GET, as the platform's Rails stack does it for every API answer (Rack::ETag and
 * Rack::ConditionalGet, Rails' default middleware, which GitLab keeps): a 200 answer to GET or HEAD
 * carries a weak ETag of its body, and a request whose If-None-Match lists that ETag gets 304 with
 * no body. Rack digests the body with SHA-256; the reference uses its length and CRC-32 (`W/"` +
 * length + `-` + CRC-32, hex), which clients cannot tell apart (an ETag is opaque) and which costs
 * half as much on every GET (bench line 1: SHA-256 of each body took a third of the throughput); a
 * Buffer body (a hot list page is answered from the same bytes again) is digested once. The spec is silent on
 * conditional requests, so both profiles follow the platform. One onSend hook, registered last in
 * app.ts (after the wire policy's transforms: the tag is of the bytes sent), never per route.
 *
 *   app.addHook('onSend', conditionalGet);
 *   GET /api/v4/projects/5/variables/DB   -> 200, ETag: W/"9c-3610a686"
 *   ... If-None-Match: W/"9c-3610a686"   -> 304 (no body) while the body is the same
 *
 * The fault conditional.stale-304 (respond.variations.ts) answers 304 to any If-None-Match.
 */
import { crc32 } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ctxOf } from './context.ts';

/** A weak ETag of a body: its length in bytes and its CRC-32, in hex (a string is read as UTF-8, as it is sent). */
export function weakEtag(body: string | Buffer): string {
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  return `W/"${length.toString(16)}-${crc32(body).toString(16)}"`;
}

/**
 * The tags of the byte bodies answered, by identity: the reference answers a hot page with the
 * very Buffer it made the first time (json-views.ts createJsonArrays: a page asked again,
 * unchanged), and no one writes into a body once it is answered, so its tag is digested once.
 */
const bufferTags = new WeakMap<Buffer, string>();

/** weakEtag, remembered for a Buffer body (a string has no identity to key on: digested each time). */
export function bodyEtag(body: string | Buffer): string {
  if (typeof body === 'string') return weakEtag(body);
  let tag = bufferTags.get(body);
  if (tag === undefined) bufferTags.set(body, (tag = weakEtag(body)));
  return tag;
}

/** Does the If-None-Match value (a comma-separated list) name this ETag? As Rack::ConditionalGet: an exact entry. */
export function noneMatchNames(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.split(',').some((entry) => entry.trim() === etag);
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  const s = Array.isArray(v) ? v.join(', ') : v;
  return typeof s === 'string' && s !== '' ? s : undefined;
}

/** The onSend hook (callback style: no promise per request): the ETag on a GET/HEAD 200, and 304 when If-None-Match names it. */
export function conditionalGet(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload: unknown) => void,
): void {
  const hashable = typeof payload === 'string' || Buffer.isBuffer(payload);
  if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200 || !hashable || reply.hasHeader('etag')) {
    done(null, payload);
    return;
  }
  const etag = bodyEtag(payload);
  reply.header('etag', etag);
  const ifNoneMatch = headerValue(request, 'if-none-match');
  const stale = ifNoneMatch !== undefined && ctxOf(request).has('conditional.stale-304');
  if (ifNoneMatch !== undefined && (stale || noneMatchNames(ifNoneMatch, etag))) {
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    done(null, '');
    return;
  }
  done(null, payload);
}
