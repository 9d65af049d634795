/**
 * Operations of the spec on broadcast messages: reading is public (release 12.8 on), changes are
 * admin-only (guests 401, regular users 403) (spec: Endpoints > Broadcast messages).
 *
 *   BROADCAST_OPERATIONS.map((o) => `${o.method} ${o.path}`)
 */
import { datetime, oneOf, string, type Operation, type Schema } from '../operation.ts';

const ADMIN = 'Administrators only: a caller without a token gets 401, a regular user 403.';

const ATTRIBUTES: Record<string, Schema> = {
  message: string(),
  starts_at: datetime({ description: 'default now' }),
  ends_at: datetime({ description: 'default one hour after now' }),
  color: string({ description: 'background color hex code' }),
  font: string({ description: 'foreground color hex code' }),
  target_path: string(),
  broadcast_type: oneOf(['banner', 'notification'], { default: 'banner' }),
};

const one = '/broadcast_messages/:id(int)';

export const BROADCAST_OPERATIONS: Operation[] = [
  {
    method: 'GET',
    path: '/broadcast_messages',
    operationId: 'listBroadcastMessages',
    tag: 'broadcast-messages',
    summary: 'List broadcast messages',
    description: 'No authentication needed.',
    auth: 'public',
    list: true,
    success: { status: 200, view: 'broadcast-message', clause: 'broadcast.field.shape' },
  },
  {
    method: 'GET',
    path: one,
    operationId: 'getBroadcastMessage',
    tag: 'broadcast-messages',
    summary: 'Get one broadcast message',
    description: 'No authentication needed.',
    auth: 'public',
    success: { status: 200, view: 'broadcast-message', clause: 'broadcast.field.shape' },
  },
  {
    method: 'POST',
    path: '/broadcast_messages',
    operationId: 'createBroadcastMessage',
    tag: 'broadcast-messages',
    summary: 'Create a broadcast message',
    description: ADMIN,
    auth: 'admin',
    refusedClause: 'broadcast.auth.user_403',
    body: { fields: ATTRIBUTES, required: ['message'] },
    sample: { message: '{name}', target_path: '{target_path}' },
    success: { status: 201, view: 'broadcast-message', clause: 'broadcast.field.shape' },
  },
  {
    method: 'PUT',
    path: one,
    operationId: 'updateBroadcastMessage',
    tag: 'broadcast-messages',
    summary: 'Update a broadcast message',
    description: ADMIN,
    auth: 'admin',
    refusedClause: 'broadcast.auth.user_403',
    body: { fields: ATTRIBUTES },
    sample: { message: '{name}', target_path: '{target_path}' },
    success: { status: 200, view: 'broadcast-message', clause: 'broadcast.field.shape' },
  },
  {
    method: 'DELETE',
    path: one,
    operationId: 'deleteBroadcastMessage',
    tag: 'broadcast-messages',
    summary: 'Delete a broadcast message',
    description: ADMIN,
    auth: 'admin',
    refusedClause: 'broadcast.auth.user_403',
    success: { status: 204 },
  },
];
