/**
 * Broadcast messages, access: the 401 a guest's write gets (the admin-only broadcast operations of
 * the operation table, with its sample bodies) carries the spec's body. Who is refused with which
 * status, and that a refused write changes nothing, is the authorization matrix's
 * (suites/auth/matrix.test.ts).
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
  clauseTest('auth.401.body', 'the 401 body is {"message": "401 Unauthorized"}', async ({ s }) => {
    const msg = await target(s);
    for (const r of writes(s, msg)) {
      const res = await attempt(s, 'anon', r);
      check.status(res, 401);
      check.errorBody(res, 'error.unauthorized');
    }
  });
});
