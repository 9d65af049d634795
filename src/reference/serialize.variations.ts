/**
 * The declared variations of how JSON and datetimes are written (serialize.ts, app.ts onSend):
 * each fault once, with the clause it breaks and the suites that catch it. Behaviour a
 * declaration carries is applied at the shared variation points; the rest is asked for with
 * ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=format.datetime-no-millis npm run serve
 */
import type { Variation } from './variation/declaration.ts';
import type { SendTransform } from './variation/wire-policy.ts';

/** JSON sent as text/plain. */
const jsonAsTextPlain: SendTransform = (reply, payload) => {
  if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
    reply.header('content-type', 'text/plain; charset=utf-8');
  }
  return payload;
};

/** A serializer that quotes every "id": a realistic bug of hand-written views. */
const quotedIds: SendTransform = (reply, payload) => {
  const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
  if (typeof text !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
  return text.replace(/"id":(\d+)/g, '"id":"$1"');
};

export const FORMAT_VARIATIONS = [
  {
    id: 'format.datetime-no-millis',
    kind: 'fault',
    description: 'datetimes are serialized without milliseconds',
    clause: 'conv.types.datetime',
    suites: ['broadcast-messages'],
    wire: (p) => ({ ...p, datetime: (d) => d.toISOString().replace(/\.\d{3}Z$/, 'Z') }),
  },
  {
    id: 'format.json-content-type',
    kind: 'fault',
    description: 'JSON bodies are sent as text/plain',
    clause: 'conv.format.json_response',
    suites: ['broadcast-messages'],
    wire: (p) => ({ ...p, onSend: [...p.onSend, jsonAsTextPlain] }),
  },
  {
    id: 'format.datetime-offset',
    kind: 'fault',
    description: 'datetimes are serialized with a +00:00 offset instead of Z',
    clause: 'conv.types.datetime',
    suites: ['suites/broadcast-messages/read.test.ts'],
    wire: (p) => ({ ...p, datetime: (d) => d.toISOString().replace(/Z$/, '+00:00') }),
  },
  {
    id: 'format.ids-as-strings',
    kind: 'fault',
    description: 'every "id" of a JSON body is sent as a string',
    clause: 'broadcast.field.shape',
    suites: ['suites/broadcast-messages/read.test.ts'],
    wire: (p) => ({ ...p, onSend: [...p.onSend, quotedIds] }),
  },
] as const satisfies readonly Variation[];
