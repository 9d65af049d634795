/**
 * Broadcast messages: GET /broadcast_messages[/:id] for anyone, POST / PUT / DELETE for
 * administrators. `active` is computed from the clock when read.
 *
 *   POST /api/v4/broadcast_messages {"message":"Maintenance at 18:00"}
 *   -> 201 {"id":1,"message":"Maintenance at 18:00","color":"#E75E40","active":true,...}
 */
import type { FastifyRequest } from 'fastify';
import { ctxOf, envOf, type ViewEnv } from '../../context.ts';
import { ACCESS_LEVEL_VALUES } from '../../domain/access.ts';
import type { BroadcastMessageRecord } from '../../domain/records.ts';
import { fail, type FieldErrors } from '../../errors.ts';
import { paginate } from '../../pagination.ts';
import { input, p, readParams, type Values } from '../../params.ts';
import { created, noContent } from '../../respond.ts';
import { withoutAstral } from '../../domain/text-faults.ts';
import { intParam, type Router } from '../../router.ts';
import { BROADCAST_DEFAULT_DURATION_MS } from '../../../spec/limits.ts';

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const THEMES = ['indigo', 'light-indigo', 'blue', 'light-blue', 'green', 'light-green', 'red', 'light-red', 'dark', 'light'] as const;

const ATTRIBUTES = {
  message: p.string(),
  starts_at: p.datetime(),
  ends_at: p.datetime(),
  color: p.string(),
  font: p.string(),
  target_path: p.string(),
  broadcast_type: p.oneOf(['banner', 'notification'] as const),
  target_access_levels: p.array(p.integer().in(ACCESS_LEVEL_VALUES)),
  dismissable: p.boolean(),
  theme: p.oneOf(THEMES),
};

type Attributes = Omit<BroadcastMessageRecord, 'id' | 'createdAt' | 'updatedAt'>;

export function broadcastMessageView(m: BroadcastMessageRecord, env: ViewEnv) {
  const now = env.now.getTime();
  return {
    id: m.id,
    message: m.message,
    starts_at: env.fmt.datetime(m.startsAt),
    ends_at: env.fmt.datetime(m.endsAt),
    color: m.color,
    font: m.font,
    active: m.startsAt.getTime() <= now && now <= m.endsAt.getTime(),
    target_access_levels: m.targetAccessLevels,
    target_path: m.targetPath,
    broadcast_type: m.broadcastType,
    dismissable: m.dismissable,
    theme: m.theme,
  };
}

function defaults(request: FastifyRequest): Attributes {
  const ctx = ctxOf(request);
  const now = ctx.clock();
  const endsAfter = ctx.has('broadcast.ends-at-default-two-hours') ? 2 * BROADCAST_DEFAULT_DURATION_MS : BROADCAST_DEFAULT_DURATION_MS;
  return {
    message: '',
    startsAt: now,
    endsAt: new Date(now.getTime() + endsAfter),
    color: '#E75E40',
    font: '#FFFFFF',
    targetPath: '',
    broadcastType: ctx.has('broadcast.default-type-notification') ? 'notification' : 'banner',
    targetAccessLevels: [],
    dismissable: false,
    theme: 'indigo',
  };
}

/** The given attributes over `base` (undefined = not given). */
function apply(base: Attributes, q: Values<typeof ATTRIBUTES>, request: FastifyRequest): Attributes {
  const message = q.message !== undefined && ctxOf(request).has('text.non-ascii-mangled') ? withoutAstral(q.message) : q.message;
  return {
    message: message ?? base.message,
    startsAt: q.starts_at ?? base.startsAt,
    endsAt: q.ends_at ?? base.endsAt,
    color: q.color ?? base.color,
    font: q.font ?? base.font,
    targetPath: q.target_path ?? base.targetPath,
    broadcastType: q.broadcast_type ?? base.broadcastType,
    targetAccessLevels: q.target_access_levels ?? base.targetAccessLevels,
    dismissable: q.dismissable ?? base.dismissable,
    theme: q.theme ?? base.theme,
  };
}

function readAttributes(request: FastifyRequest, requireMessage: boolean): Values<typeof ATTRIBUTES> {
  const spec = requireMessage ? { ...ATTRIBUTES, message: p.string().required() } : ATTRIBUTES;
  return readParams(input(request), spec);
}

function validate(a: Attributes): void {
  const errors: FieldErrors = {};
  if (a.message.trim() === '') errors.message = ["can't be blank"];
  if (!COLOR.test(a.color)) errors.color = ['must be a valid color code'];
  if (!COLOR.test(a.font)) errors.font = ['must be a valid color code'];
  if (Object.keys(errors).length > 0) fail('validation_failed', errors);
}

function find(request: FastifyRequest): BroadcastMessageRecord {
  const message = ctxOf(request).store.broadcastMessages.get(intParam(request, 'id'));
  if (!message) fail('not_found', 'Broadcast Message');
  return message;
}

export function registerBroadcastMessages(r: Router): void {
  const { store } = r.ctx;

  r.op('listBroadcastMessages', (request, reply) => {
    const env = envOf(request);
    const all = store.broadcastMessages.all().reverse();
    return paginate(request, reply, all).map((m) => broadcastMessageView(m, env));
  });

  r.op('getBroadcastMessage', (request) => broadcastMessageView(find(request), envOf(request)));

  r.op('createBroadcastMessage', (request, reply) => {
    const q = readAttributes(request, true);
    const base = defaults(request);
    const attributes = apply(base, q, request);
    if (r.ctx.has('broadcast.ignores-color')) attributes.color = base.color;
    validate(attributes);
    const now = r.ctx.clock();
    const message = store.broadcastMessages.insert({ ...attributes, createdAt: now, updatedAt: now });
    return created(request, reply, broadcastMessageView(message, envOf(request)));
  });

  r.op('updateBroadcastMessage', (request) => {
    const q = readAttributes(request, false);
    const existing = find(request);
    const base = r.ctx.has('broadcast.update-resets-omitted') ? { ...defaults(request), message: existing.message } : existing;
    const attributes = apply(base, q, request);
    validate(attributes);
    const updated = store.broadcastMessages.update(existing.id, { ...attributes, updatedAt: r.ctx.clock() });
    return broadcastMessageView(updated ?? existing, envOf(request));
  });

  r.op('deleteBroadcastMessage', (request, reply) => {
    // broadcast.redelete-204: the delete goes by id without a lookup first, so a missing message answers 204 too.
    if (r.ctx.has('broadcast.redelete-204') && !store.broadcastMessages.get(intParam(request, 'id'))) return reply.code(204).send();
    const message = find(request);
    store.broadcastMessages.delete(message.id);
    return noContent(request, reply, broadcastMessageView(message, envOf(request)));
  });
}
