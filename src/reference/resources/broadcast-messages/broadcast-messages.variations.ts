/**
 * The declared variations of broadcast messages (broadcast-messages.ts): each fault once, with
 * the clause it breaks and the suites that catch it. Behaviour a declaration carries is applied
 * at the shared variation points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=broadcast.read-requires-auth npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const BROADCAST_MESSAGES_VARIATIONS = [
  {
    id: 'broadcast.redelete-204',
    kind: 'fault',
    description:
      'DELETE of a broadcast message that does not exist (one already deleted) answers 204: the delete goes by id without a lookup',
    clause: 'errors.not_found.resource',
    suites: ['suites/broadcast-messages/repeat-delete.test.ts'],
  },
  {
    id: 'broadcast.read-requires-auth',
    kind: 'fault',
    description: 'GETs of broadcast messages need a token',
    clause: 'broadcast.get.public',
    suites: ['broadcast-messages'],
    routeAuth: { 'GET /broadcast_messages': 'authenticated', 'GET /broadcast_messages/:id(int)': 'authenticated' },
  },
  {
    id: 'broadcast.write-allows-user',
    kind: 'fault',
    description: 'a non-admin may create, update and delete broadcast messages',
    clause: 'broadcast.auth.user_403',
    suites: ['suites/auth/matrix.test.ts'],
    routeAuth: {
      'POST /broadcast_messages': 'authenticated',
      'PUT /broadcast_messages/:id(int)': 'authenticated',
      'DELETE /broadcast_messages/:id(int)': 'authenticated',
    },
  },
  {
    id: 'broadcast.delete-allows-user',
    kind: 'fault',
    description: 'a non-admin may delete broadcast messages (creating and updating stay admin-only)',
    clause: 'broadcast.auth.user_403',
    suites: ['suites/auth/matrix.test.ts'],
    routeAuth: { 'DELETE /broadcast_messages/:id(int)': 'authenticated' },
  },
  {
    id: 'broadcast.default-type-notification',
    kind: 'fault',
    description: 'broadcast_type defaults to notification',
    clause: 'broadcast.create.type_default',
    suites: ['broadcast-messages'],
  },
  {
    id: 'broadcast.ends-at-default-two-hours',
    kind: 'fault',
    description: 'ends_at defaults to two hours after now',
    clause: 'broadcast.create.ends_at_default',
    suites: ['broadcast-messages'],
  },
  {
    id: 'broadcast.update-resets-omitted',
    kind: 'fault',
    description: 'PUT resets omitted attributes to their defaults',
    clause: 'broadcast.update.applies',
    suites: ['broadcast-messages'],
  },
  {
    id: 'broadcast.ignores-color',
    kind: 'fault',
    description: 'color given on create is not stored; the default is returned',
    clause: 'broadcast.create.attributes',
    suites: ['broadcast-messages'],
  },
  {
    id: 'text.non-ascii-mangled',
    kind: 'fault',
    description:
      'broadcast messages are stored in a column without 4-byte UTF-8: characters outside the BMP (emoji, rare CJK) come back as U+FFFD',
    clause: 'broadcast.create.status',
    suites: ['suites/properties/round-trip-broadcast.test.ts'],
  },
] as const satisfies readonly Variation[];
