/**
 * Broadcast messages, changing: PUT changes only what it is given; DELETE answers 204 and the
 * message is gone.
 */
import { describe } from 'vitest';
import { check, clauseTest, requireThat } from '../../src/kit/index.ts';
import { createMessage, futureWindow } from './fixtures.ts';

describe.concurrent('PUT and DELETE /broadcast_messages/:id', () => {
  clauseTest('broadcast.update.status', 'PUT /broadcast_messages/:id by an admin answers 200 with the message', async ({ s }) => {
    const { msg } = await createMessage(s, futureWindow());
    const res = await s.admin.put(`/broadcast_messages/${msg.id}`, { json: { message: s.name('updated') } });
    check.status(res, 200);
    check.schema(res.json, 'broadcast-message');
    requireThat(res.json.id === msg.id, 'The body MUST be the updated message.', msg.id, res.json.id);
  });

  clauseTest('broadcast.update.applies', 'PUT changes only the attributes given and returns the new values', async ({ s }) => {
    const { msg } = await createMessage(s, { color: '#1f75cb', font: '#fafafa', broadcast_type: 'notification', ...futureWindow() });
    const message = s.name('changed');
    const res = await s.admin.put(`/broadcast_messages/${msg.id}`, { json: { message } });
    check.status(res, 200);
    const read = await s.admin.get(`/broadcast_messages/${msg.id}`);
    check.status(read, 200);
    for (const body of [res.json, read.json]) {
      requireThat(body.message === message, 'The given attribute MUST take the new value.', message, body.message);
      for (const key of ['color', 'font', 'broadcast_type', 'target_path'] as const) {
        requireThat(body[key] === msg[key], `${key}, not given, MUST keep its value.`, msg[key], body[key]);
      }
      for (const key of ['starts_at', 'ends_at'] as const) {
        requireThat(Date.parse(body[key]) === Date.parse(msg[key]), `${key}, not given, MUST keep its value.`, msg[key], body[key]);
      }
    }
  });

  clauseTest('broadcast.delete.status', 'DELETE /broadcast_messages/:id by an admin answers 204 and the message is gone', async ({ s }) => {
    const { msg } = await createMessage(s, futureWindow());
    const res = await s.admin.delete(`/broadcast_messages/${msg.id}`);
    check.status(res, 204);
    const read = await s.admin.get(`/broadcast_messages/${msg.id}`);
    check.status(read, 404, 'A deleted message MUST no longer be found.');
  });

  clauseTest('conv.status.delete_204', 'a successful DELETE answers 204 with an empty body', async ({ s }) => {
    const { msg } = await createMessage(s, futureWindow());
    const res = await s.admin.delete(`/broadcast_messages/${msg.id}`);
    check.status(res, 204);
    check.emptyBody(res);
  });
});
