/**
 * User status: GET /user/status, GET /users/:id_or_username/status and PUT /user/status, each on
 * a fresh user of the test's own (set with the user's own token). PUT replaces the whole status:
 * a message without emoji gets speech_balloon; emoji and message both empty clear it.
 */
import { describe } from 'vitest';
import { check, clauseTest, createUser, requireThat, type CreatedUser, type Session } from '../../src/kit/index.ts';

const EMOJI = 'coffee';

async function putStatus(user: CreatedUser, body: Record<string, string>) {
  const res = await user.client.put('/user/status', { json: body });
  check.status(res, 200, 'PUT /user/status MUST answer 200.');
  return res;
}

async function ownStatus(user: CreatedUser): Promise<{ emoji: unknown; message: unknown }> {
  const res = await user.client.get('/user/status');
  check.status(res, 200, 'GET /user/status MUST answer 200.');
  return res.json;
}

/** A fresh user whose status is EMOJI and a message of the test's own. */
async function userWithStatus(s: Session): Promise<{ user: CreatedUser; message: string }> {
  const user = await createUser(s);
  const message = s.name('status');
  await putStatus(user, { emoji: EMOJI, message });
  return { user, message };
}

describe.concurrent('user status', () => {
  clauseTest('users.status.get_own', 'GET /user/status answers 200', async ({ s }) => {
    const user = await createUser(s);
    check.status(await user.client.get('/user/status'), 200);
  });

  clauseTest(
    'users.status.shape',
    'GET /user/status, GET /users/:id/status and PUT /user/status answer an object with emoji, message and message_html',
    async ({ s }) => {
      const user = await createUser(s);
      const put = await putStatus(user, { emoji: EMOJI, message: s.name('status') });
      check.jsonContentType(put);
      check.schema(put.json, 'user.status', 'The PUT /user/status body');
      for (const [path, client] of [
        ['/user/status', user.client],
        [`/users/${user.id}/status`, s.admin],
      ] as const) {
        const res = await client.get(path);
        check.status(res, 200);
        check.jsonContentType(res);
        check.schema(res.json, 'user.status', `The GET ${path} body`);
      }
    },
  );

  clauseTest(
    'users.status.get_by_id',
    "GET /users/:id_or_username/status answers that user's status by id and by username",
    async ({ s }) => {
      const { user, message } = await userWithStatus(s);
      for (const key of [String(user.id), user.username]) {
        const res = await s.user.get(`/users/${encodeURIComponent(key)}/status`);
        check.status(res, 200, `GET /users/${key}/status MUST answer 200.`);
        requireThat(
          res.json?.emoji === EMOJI && res.json?.message === message,
          `GET /users/${key}/status MUST answer that user's status.`,
          { emoji: EMOJI, message },
          { emoji: res.json?.emoji, message: res.json?.message },
        );
      }
    },
  );

  clauseTest('users.status.put', 'PUT /user/status answers 200 with the user status object', async ({ s }) => {
    const user = await createUser(s);
    const message = s.name('status');
    const res = await user.client.put('/user/status', { json: { emoji: EMOJI, message } });
    check.status(res, 200);
    check.schema(res.json, 'user.status');
    requireThat(
      res.json.emoji === EMOJI && res.json.message === message,
      'PUT /user/status MUST answer the status it set.',
      { emoji: EMOJI, message },
      { emoji: res.json.emoji, message: res.json.message },
    );
  });

  clauseTest(
    'users.status.put_sets',
    'after PUT /user/status with emoji E and message M, GET /user/status answers E and M',
    async ({ s }) => {
      const { user, message } = await userWithStatus(s);
      const got = await ownStatus(user);
      requireThat(
        got.emoji === EMOJI && got.message === message,
        'GET /user/status MUST answer the emoji and message set.',
        { emoji: EMOJI, message },
        got,
      );
    },
  );

  clauseTest(
    'users.status.emoji_default',
    'PUT /user/status with a message and no emoji sets emoji speech_balloon (even over an earlier emoji)',
    async ({ s }) => {
      const { user } = await userWithStatus(s);
      const message = s.name('plain');
      await putStatus(user, { message });
      const got = await ownStatus(user);
      requireThat(
        got.emoji === 'speech_balloon' && got.message === message,
        'A status set with a message and no emoji MUST read emoji "speech_balloon".',
        { emoji: 'speech_balloon', message },
        got,
      );
    },
  );

  clauseTest('users.status.clear', 'PUT /user/status with emoji and message both empty clears the status', async ({ s }) => {
    const { user, message } = await userWithStatus(s);
    await putStatus(user, { emoji: '', message: '' });
    const got = await ownStatus(user);
    requireThat(
      got.emoji !== EMOJI && got.message !== message,
      'After clearing, GET /user/status MUST no longer answer the old emoji or message.',
      'neither the old emoji nor the old message',
      got,
    );
  });
});
