/**
 * Broadcast messages, reading: list and single GET, public without credentials, field shapes.
 */
import { beforeAll, describe } from 'vitest';
import { PER_PAGE_MAX, check, clauseTest, requireThat, session } from '../../src/kit/index.ts';
import { createMessage, futureWindow, type BroadcastMessage } from './fixtures.ts';

describe.concurrent('GET /broadcast_messages', () => {
  let created: BroadcastMessage;
  beforeAll(async () => {
    ({ msg: created } = await createMessage(session(), futureWindow()));
  });

  clauseTest('broadcast.list.status', 'GET /broadcast_messages answers 200', async ({ s }) => {
    check.status(await s.admin.get('/broadcast_messages'), 200);
  });

  clauseTest('broadcast.list.shape', 'GET /broadcast_messages answers a JSON array of broadcast messages', async ({ s }) => {
    const res = await s.admin.get('/broadcast_messages', { query: { per_page: PER_PAGE_MAX } });
    check.status(res, 200);
    const items = check.arrayOf(res, 'broadcast-message');
    requireThat(items.length > 0, 'The list MUST include the message the kit just created.', '>= 1 item', items.length);
  });

  clauseTest(
    'broadcast.field.shape',
    'list items, GET, POST and PUT responses all have the nine broadcast-message fields',
    async ({ s }) => {
      const { res: post } = await createMessage(s, futureWindow());
      check.status(post, 201);
      check.schema(post.json, 'broadcast-message', 'The POST response');
      const get = await s.admin.get(`/broadcast_messages/${post.json.id}`);
      check.status(get, 200);
      check.schema(get.json, 'broadcast-message', 'The GET response');
      const put = await s.admin.put(`/broadcast_messages/${post.json.id}`, { json: { message: s.name('renamed') } });
      check.status(put, 200);
      check.schema(put.json, 'broadcast-message', 'The PUT response');
      const list = await s.admin.get('/broadcast_messages', { query: { per_page: PER_PAGE_MAX } });
      check.arrayOf(list, 'broadcast-message');
    },
  );

  clauseTest('broadcast.get.status', 'GET /broadcast_messages/:id answers 200 with that message', async ({ s }) => {
    const res = await s.admin.get(`/broadcast_messages/${created.id}`);
    check.status(res, 200);
    check.schema(res.json, 'broadcast-message');
    requireThat(res.json.id === created.id, 'The body MUST be the requested message.', created.id, res.json.id);
    requireThat(res.json.message === created.message, 'The body MUST carry the message text.', created.message, res.json.message);
  });

  clauseTest(
    'broadcast.get.public',
    'GET /broadcast_messages and GET /broadcast_messages/:id answer 200 without credentials',
    async ({ s }) => {
      const list = await s.anon.get('/broadcast_messages');
      check.status(list, 200, 'GET /broadcast_messages without credentials MUST answer 200.');
      check.arrayOf(list, 'broadcast-message');
      const one = await s.anon.get(`/broadcast_messages/${created.id}`);
      check.status(one, 200, 'GET /broadcast_messages/:id without credentials MUST answer 200.');
      requireThat(one.json?.id === created.id, 'The body MUST be the requested message.', created.id, one.json?.id);
    },
  );

  clauseTest('conv.format.json_response', 'GET /broadcast_messages answers JSON with Content-Type application/json', async ({ s }) => {
    const res = await s.anon.get('/broadcast_messages');
    check.status(res, 200);
    check.jsonContentType(res);
    const one = await s.anon.get(`/broadcast_messages/${created.id}`);
    check.jsonContentType(one);
  });

  clauseTest('conv.types.datetime', 'starts_at and ends_at are ISO 8601 datetimes with milliseconds and Z', async ({ s }) => {
    const res = await s.anon.get(`/broadcast_messages/${created.id}`);
    check.status(res, 200);
    for (const field of ['starts_at', 'ends_at']) {
      const v = res.json[field];
      requireThat(
        typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v),
        `${field} MUST be an ISO 8601 datetime with milliseconds and a Z suffix.`,
        '2099-01-01T10:00:00.000Z',
        v,
      );
    }
    requireThat(
      Date.parse(res.json.starts_at) === Date.parse(futureWindow().starts_at),
      'starts_at MUST denote the instant that was given.',
      futureWindow().starts_at,
      res.json.starts_at,
    );
  });
});
