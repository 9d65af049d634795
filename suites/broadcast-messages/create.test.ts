/**
 * Broadcast messages, creating: status, defaults (starts now, ends an hour later, banner),
 * attributes kept as given, JSON and form bodies, the required message.
 */
import { describe } from 'vitest';
import { BROADCAST_DEFAULT_DURATION_MS, check, clauseTest, requireThat, serverNow } from '../../src/kit/index.ts';
import { createMessage, futureWindow } from './fixtures.ts';

/** Clock skew and latency the kit tolerates when comparing a default time with the server's clock. */
const TOLERANCE_MS = 60_000;

describe.concurrent('POST /broadcast_messages', () => {
  clauseTest(
    'broadcast.create.status',
    'POST /broadcast_messages by an admin with a message answers 201 with the message',
    async ({ s }) => {
      const message = s.name('create');
      const { res } = await createMessage(s, { message, ...futureWindow() });
      check.status(res, 201);
      check.schema(res.json, 'broadcast-message');
      requireThat(res.json.message === message, 'The created message MUST be returned.', message, res.json.message);
    },
  );

  clauseTest('conv.status.post_201', 'a creating POST answers 201 with the created resource as JSON', async ({ s }) => {
    const { res } = await createMessage(s, futureWindow());
    check.status(res, 201);
    check.jsonContentType(res);
    requireThat(Number.isInteger(res.json.id), 'The created resource MUST carry its integer id.', 'an integer id', res.json.id);
    const get = await s.admin.get(`/broadcast_messages/${res.json.id}`);
    check.status(get, 200, 'The created resource MUST then be readable.');
  });

  clauseTest('conv.params.json_body', 'POST /broadcast_messages accepts a JSON payload', async ({ s }) => {
    const message = s.name('json');
    const { res } = await createMessage(s, { message, broadcast_type: 'notification', ...futureWindow() }, 'json');
    check.status(res, 201);
    requireThat(
      res.json.message === message && res.json.broadcast_type === 'notification',
      'Every parameter of the JSON payload MUST be read.',
      { message, broadcast_type: 'notification' },
      { message: res.json.message, broadcast_type: res.json.broadcast_type },
    );
  });

  clauseTest('conv.params.form_body', 'POST /broadcast_messages accepts form fields with the same result as JSON', async ({ s }) => {
    const attrs = { broadcast_type: 'notification', color: '#1f75cb', font: '#fafafa', ...futureWindow() };
    const { res: viaJson } = await createMessage(s, { message: 'same text', ...attrs }, 'json');
    const { res: viaForm } = await createMessage(s, { message: 'same text', ...attrs }, 'form');
    check.status(viaForm, 201, 'A form-encoded POST MUST succeed like its JSON twin (201).');
    check.status(viaJson, 201);
    for (const key of ['message', 'broadcast_type', 'color', 'font', 'target_path', 'starts_at', 'ends_at']) {
      requireThat(
        viaForm.json[key] === viaJson.json[key],
        `The form-encoded ${key} MUST be read as the JSON one.`,
        viaJson.json[key],
        viaForm.json[key],
      );
    }
  });

  clauseTest('broadcast.create.message_required', 'POST /broadcast_messages without message answers 400', async ({ s }) => {
    const res = await s.admin.post('/broadcast_messages', { json: { target_path: s.hiddenTargetPath(), ...futureWindow() } });
    s.track(res, 'broadcast_message');
    check.status(res, 400);
  });

  clauseTest('broadcast.create.starts_at_default', 'a message created without starts_at starts now', async ({ s }) => {
    const { res } = await createMessage(s);
    check.status(res, 201);
    const now = serverNow(res).getTime();
    const startsAt = Date.parse(res.json.starts_at);
    requireThat(
      Math.abs(startsAt - now) <= TOLERANCE_MS,
      'starts_at MUST default to the current time.',
      `${new Date(now).toISOString()} (±${TOLERANCE_MS / 1000} s)`,
      res.json.starts_at,
    );
  });

  clauseTest('broadcast.create.ends_at_default', 'a message created without ends_at ends one hour after now', async ({ s }) => {
    const { res } = await createMessage(s);
    check.status(res, 201);
    const expected = serverNow(res).getTime() + BROADCAST_DEFAULT_DURATION_MS;
    const endsAt = Date.parse(res.json.ends_at);
    requireThat(
      Math.abs(endsAt - expected) <= TOLERANCE_MS,
      'ends_at MUST default to one hour after the current time.',
      `${new Date(expected).toISOString()} (±${TOLERANCE_MS / 1000} s)`,
      res.json.ends_at,
    );
  });

  clauseTest('broadcast.create.type_default', 'broadcast_type defaults to banner, and notification is stored', async ({ s }) => {
    const { res: plain } = await createMessage(s, futureWindow());
    check.status(plain, 201);
    requireThat(plain.json.broadcast_type === 'banner', 'broadcast_type MUST default to banner.', 'banner', plain.json.broadcast_type);
    const { res: note } = await createMessage(s, { broadcast_type: 'notification', ...futureWindow() });
    check.status(note, 201);
    requireThat(
      note.json.broadcast_type === 'notification',
      'broadcast_type=notification MUST be stored.',
      'notification',
      note.json.broadcast_type,
    );
    const read = await s.admin.get(`/broadcast_messages/${note.json.id}`);
    requireThat(
      read.json?.broadcast_type === 'notification',
      'broadcast_type=notification MUST be returned on GET.',
      'notification',
      read.json?.broadcast_type,
    );
  });

  clauseTest('broadcast.create.attributes', 'starts_at, ends_at, color, font and target_path are returned as given', async ({ s }) => {
    const given = {
      starts_at: '2098-03-04T05:06:07.089Z',
      ends_at: '2098-03-05T05:06:07.089Z',
      color: '#1f75cb',
      font: '#fafafa',
      target_path: `${s.hiddenTargetPath()}/attributes`,
    };
    const { res } = await createMessage(s, given);
    check.status(res, 201);
    const read = await s.admin.get(`/broadcast_messages/${res.json.id}`);
    check.status(read, 200);
    for (const body of [res.json, read.json]) {
      for (const key of ['color', 'font', 'target_path'] as const) {
        requireThat(body[key] === given[key], `${key} MUST be returned as given.`, given[key], body[key]);
      }
      for (const key of ['starts_at', 'ends_at'] as const) {
        requireThat(Date.parse(body[key]) === Date.parse(given[key]), `${key} MUST be returned as given.`, given[key], body[key]);
      }
    }
  });
});
