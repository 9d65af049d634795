/**
 * Broadcast messages, access: writes (the admin-only broadcast operations of the operation table,
 * with its sample bodies) are refused to guests (401 with the spec's body) and to regular users
 * (403), and a refused write changes nothing. Each test aims at a message of its own: a server
 * that lets one caller's write through must fail that caller's test only, not a sibling's
 * "unchanged" check of a shared message.
 */
import { describe } from 'vitest';
import {
  check,
  clauseTest,
  refusedRequests,
  requireThat,
  type ApiResponse,
  type OperationRequest,
  type Session,
} from '../../src/kit/index.ts';
import { createMessage, futureWindow, type BroadcastMessage } from './fixtures.ts';

/** POST, PUT and DELETE on broadcast messages, aimed at `msg` (bodies: a fresh message, a hidden target). */
function writes(s: Session, msg: BroadcastMessage): OperationRequest[] {
  return refusedRequests('broadcast.auth.user_403', { id: msg.id, name: s.name('refused'), target_path: s.hiddenTargetPath() });
}

async function attempt(s: Session, who: 'anon' | 'user', r: OperationRequest): Promise<ApiResponse> {
  const res = await s[who].request(r.method, r.path, r.json ? { json: r.json } : {});
  if (r.method === 'POST') s.track(res, 'broadcast_message');
  return res;
}

/** The message is still there, unchanged. */
async function unchanged(s: Session, msg: BroadcastMessage): Promise<void> {
  const read = await s.admin.get(`/broadcast_messages/${msg.id}`);
  check.status(read, 200, 'A refused write MUST leave the message in place.');
  requireThat(read.json.message === msg.message, 'A refused write MUST leave the message unchanged.', msg.message, read.json.message);
}

/** A message of the test's own, for the writes to aim at. */
async function target(s: Session): Promise<BroadcastMessage> {
  const { res, msg } = await createMessage(s, futureWindow());
  // Set-up, not the create clauses: any success with an id will do (a 200 for the 201 fails broadcast.create.status, not these tests).
  requireThat(
    res.status >= 200 && res.status < 300 && msg?.id != null,
    'The message the writes aim at MUST be created (set-up).',
    '2xx with an id',
    res.status,
  );
  return msg;
}

describe.concurrent('broadcast message writes are admin-only', () => {
  clauseTest('broadcast.auth.guest_401', 'POST, PUT and DELETE without credentials answer 401', async ({ s }) => {
    const msg = await target(s);
    for (const r of writes(s, msg)) {
      check.status(await attempt(s, 'anon', r), 401, `${r.title} without credentials MUST answer 401.`);
    }
    await unchanged(s, msg);
  });

  clauseTest('auth.401.body', 'the 401 body is {"message": "401 Unauthorized"}', async ({ s }) => {
    const msg = await target(s);
    for (const r of writes(s, msg)) {
      const res = await attempt(s, 'anon', r);
      check.status(res, 401);
      check.errorBody(res, 'error.unauthorized');
    }
  });

  clauseTest('broadcast.auth.user_403', 'POST, PUT and DELETE by a regular user answer 403', async ({ s }) => {
    const msg = await target(s);
    for (const r of writes(s, msg)) {
      check.status(await attempt(s, 'user', r), 403, `${r.title} by a non-admin MUST answer 403.`);
    }
    await unchanged(s, msg);
  });
});
