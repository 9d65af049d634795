/**
 * Broadcast messages, access: writes are admin-only (guests 401 with the spec's body, regular
 * users 403), and a refused write changes nothing.
 */
import { beforeAll, describe } from 'vitest';
import { check, clauseTest, requireThat, session, type ApiResponse, type Session } from '../../src/kit/index.ts';
import { createMessage, futureWindow, type BroadcastMessage } from './fixtures.ts';
import table from './write-access.json' with { type: 'json' };

interface WriteCase { method: string; path: string; body?: Record<string, unknown> }
const cases = table.cases as WriteCase[];

async function attempt(s: Session, who: 'anon' | 'user', c: WriteCase, msg: BroadcastMessage): Promise<ApiResponse> {
  const path = c.path.replace('{id}', String(msg.id));
  const body = c.body ? { ...c.body, target_path: s.hiddenTargetPath() } : undefined;
  const res = await s[who].request(c.method, path, body ? { json: body } : {});
  if (c.method === 'POST') s.track(res, 'broadcast_message');
  return res;
}

/** The message is still there, unchanged. */
async function unchanged(s: Session, msg: BroadcastMessage): Promise<void> {
  const read = await s.admin.get(`/broadcast_messages/${msg.id}`);
  check.status(read, 200, 'A refused write MUST leave the message in place.');
  requireThat(read.json.message === msg.message, 'A refused write MUST leave the message unchanged.', msg.message, read.json.message);
}

describe('broadcast message writes are admin-only', () => {
  let msg: BroadcastMessage;
  beforeAll(async () => {
    ({ msg } = await createMessage(session(), futureWindow()));
  });

  clauseTest('broadcast.auth.guest_401', 'POST, PUT and DELETE without credentials answer 401', async ({ s }) => {
    for (const c of cases) {
      check.status(await attempt(s, 'anon', c, msg), 401, `${c.method} ${c.path} without credentials MUST answer 401.`);
    }
    await unchanged(s, msg);
  });

  clauseTest('auth.401.body', 'the 401 body is {"message": "401 Unauthorized"}', async ({ s }) => {
    for (const c of cases) {
      const res = await attempt(s, 'anon', c, msg);
      check.status(res, 401);
      check.errorBody(res, 'error.unauthorized');
    }
  });

  clauseTest('broadcast.auth.user_403', 'POST, PUT and DELETE by a regular user answer 403', async ({ s }) => {
    for (const c of cases) {
      check.status(await attempt(s, 'user', c, msg), 403, `${c.method} ${c.path} by a non-admin MUST answer 403.`);
    }
    await unchanged(s, msg);
  });
});
