/**
 * The user-account model (spec: States and transitions > User account) for one fresh user with an
 * impersonation token. Commands are drawn only where the spec fixes the outcome:
 *   block      from any state          -> 201, reads "blocked"
 *   unblock    from blocked            -> 201, no longer reads "blocked"
 *   deactivate from active (fresh or activated): 201, or 403 after API use (activity in the window)
 *              from blocked            -> 403, state unchanged
 *   activate   from deactivated        -> 201, reads "active"; from blocked -> 403, state unchanged
 *   use        while active            -> GET /user with the user's token answers 200 as the user
 * State names the spec leaves open (after unblock and deactivate) are never asserted: the model
 * remembers what the server last showed and checks only that a refused move changed nothing.
 *
 *   await runModel(ctx, USER_COMMANDS, () => userSetup(s), { teardown: dropUser });
 */
import { check, createUser, fc, requireThat, type CreatedUser, type Session } from '../../../src/kit/index.ts';

type Phase = 'active' | 'blocked' | 'deactivated' | 'unblocked';
export interface UserModel {
  phase: Phase;
  used: boolean;
  shown: string;
}
interface UserReal {
  s: Session;
  user: CreatedUser;
}
type Cmd = fc.AsyncCommand<UserModel, UserReal>;

async function stateOf(r: UserReal): Promise<string> {
  const res = await r.s.admin.get(`/users/${r.user.id}`);
  check.status(res, 200, '[users.get.status] GET /users/:id by an admin MUST answer 200.');
  return String(res.json?.state);
}

function move(r: UserReal, action: string) {
  return r.s.admin.post(`/users/${r.user.id}/${action}`);
}

/** A refused move: 403, and the state the server showed before is still shown. */
async function refused(m: UserModel, r: UserReal, action: string, clause: string, why: string): Promise<void> {
  check.status(await move(r, action), 403, `[${clause}] POST /users/:id/${action} of ${why} MUST answer 403.`);
  const state = await stateOf(r);
  requireThat(state === m.shown, `[${clause}] A refused ${action} MUST leave the state as it was.`, m.shown, state);
}

class Block implements Cmd {
  check = () => true;
  async run(m: UserModel, r: UserReal): Promise<void> {
    const clause = m.phase === 'deactivated' ? 'users.block.from_deactivated' : 'users.block.state';
    check.status(await move(r, 'block'), 201, `[users.block.status] POST /users/:id/block of a ${m.phase} user MUST answer 201.`);
    const state = await stateOf(r);
    requireThat(state === 'blocked', `[${clause}] After block (from ${m.phase}) the user MUST read "blocked".`, 'blocked', state);
    Object.assign(m, { phase: 'blocked', shown: state });
  }
  toString = () => 'block()';
}

class Unblock implements Cmd {
  check = (m: Readonly<UserModel>) => m.phase === 'blocked';
  async run(m: UserModel, r: UserReal): Promise<void> {
    check.status(await move(r, 'unblock'), 201, '[users.unblock.status] POST /users/:id/unblock of a blocked user MUST answer 201.');
    const state = await stateOf(r);
    requireThat(
      state !== 'blocked',
      '[users.unblock.state] After unblock the user MUST no longer read "blocked".',
      'a state other than "blocked"',
      state,
    );
    Object.assign(m, { phase: 'unblocked', shown: state });
  }
  toString = () => 'unblock()';
}

class Deactivate implements Cmd {
  check = (m: Readonly<UserModel>) => m.phase === 'active' || m.phase === 'blocked';
  async run(m: UserModel, r: UserReal): Promise<void> {
    if (m.phase === 'blocked') return refused(m, r, 'deactivate', 'users.deactivate.blocked', 'a user blocked by an admin');
    if (m.used) return refused(m, r, 'deactivate', 'users.deactivate.recent_activity', 'a user with API activity today');
    check.status(
      await move(r, 'deactivate'),
      201,
      '[users.deactivate.status] POST /users/:id/deactivate of an active user without recent activity MUST answer 201.',
    );
    Object.assign(m, { phase: 'deactivated', shown: await stateOf(r) });
  }
  toString = () => 'deactivate()';
}

class Activate implements Cmd {
  check = (m: Readonly<UserModel>) => m.phase === 'deactivated' || m.phase === 'blocked';
  async run(m: UserModel, r: UserReal): Promise<void> {
    if (m.phase === 'blocked') return refused(m, r, 'activate', 'users.activate.blocked', 'a user blocked by an admin');
    check.status(await move(r, 'activate'), 201, '[users.activate.status] POST /users/:id/activate of a deactivated user MUST answer 201.');
    const state = await stateOf(r);
    requireThat(state === 'active', '[users.activate.state] After activate the user MUST read "active".', 'active', state);
    Object.assign(m, { phase: 'active', shown: state });
  }
  toString = () => 'activate()';
}

class Use implements Cmd {
  check = (m: Readonly<UserModel>) => m.phase === 'active';
  async run(m: UserModel, r: UserReal): Promise<void> {
    const res = await r.user.client.get('/user');
    check.status(res, 200, "[tokens.use.acts_as_user] GET /user with the active user's impersonation token MUST answer 200.");
    requireThat(res.json?.id === r.user.id, "[tokens.use.acts_as_user] GET /user MUST return the token's user.", r.user.id, res.json?.id);
    m.used = true;
  }
  toString = () => 'use()';
}

export const USER_COMMANDS: fc.Arbitrary<Cmd>[] = [
  fc.constant(new Block()),
  fc.constant(new Unblock()),
  fc.constant(new Deactivate()),
  fc.constant(new Activate()),
  fc.constant(new Use()),
];

/** A fresh user with a token; the model starts from what the server shows for it. */
export async function userSetup(s: Session): Promise<{ model: UserModel; real: UserReal }> {
  const user = await createUser(s);
  const real = { s, user };
  return { model: { phase: 'active', used: false, shown: await stateOf(real) }, real };
}

export async function dropUser(real: UserReal): Promise<void> {
  await real.s.admin.delete(`/users/${real.user.id}`, { query: { hard_delete: 'true' } });
}
