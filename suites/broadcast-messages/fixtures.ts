/**
 * Broadcast-message fixtures: every message the kit creates carries a target_path that matches
 * no real page (so the server's users never see it) and enters the ledger at once.
 *
 *   const { res, msg } = await createMessage(s, { message: 'hello' });
 */
import type { ApiResponse, Session } from '../../src/kit/index.ts';

export interface BroadcastMessage {
  id: number;
  message: string;
  starts_at: string;
  ends_at: string;
  color: string;
  font: string;
  active: boolean;
  target_path: string;
  broadcast_type: string;
}

export async function createMessage(
  s: Session,
  attrs: Record<string, unknown> = {},
  how: 'json' | 'form' = 'json',
): Promise<{ res: ApiResponse; msg: BroadcastMessage }> {
  const body = { message: s.name('broadcast'), target_path: s.hiddenTargetPath(), ...attrs };
  const res = await s.admin.post('/broadcast_messages', how === 'json' ? { json: body } : { form: body });
  s.track(res, 'broadcast_message');
  return { res, msg: res.json as BroadcastMessage };
}

/** A window in the future, so the message is not shown even on a matching page. */
export function futureWindow(): { starts_at: string; ends_at: string } {
  return { starts_at: '2099-01-01T10:00:00.000Z', ends_at: '2099-01-02T10:00:00.000Z' };
}
