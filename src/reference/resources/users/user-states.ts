/**
 * User state transitions (administrators only): POST /users/:id/block, /unblock, /deactivate and
 * /activate. Success is 201 with the body `true` (`null` when there was nothing to change, as the
 * platform answers for blocking a blocked user; `false` for unblocking a user who is not blocked;
 * `true` again for activating an active user); 404 for a missing user; 403 with the platform's
 * reason under the rules of the spec's state table. Users blocked by directory (LDAP)
 * synchronization only exist through the server-side seed (see seed-users.ts).
 *
 *   POST /api/v4/users/7/block                 -> 201 true
 *   POST /api/v4/users/7/activate  (blocked)   -> 403 {"message":"403 Forbidden - A blocked user must be unblocked to be activated"}
 *   POST /api/v4/users/7/deactivate (API use today) -> 403 {"message":"403 Forbidden - The user you are ... 180 days ..."}
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../../auth.ts';
import { addDays, today } from '../../clock.ts';
import { ctxOf, type RefContext } from '../../context.ts';
import type { UserRecord, UserState } from '../../domain/records.ts';
import { fail } from '../../errors.ts';
import type { Router } from '../../router.ts';
import { findUser } from '../../lookups.ts';
import { JSON_CONTENT_TYPE } from '../../content-type.ts';
import { DEACTIVATION_INACTIVE_DAYS } from '../../../spec/limits.ts';
import type { StateMove, UserStatesPolicy } from './user-states.policy.ts';

/**
 * A move made, or none to make: the platform answers `null` when block or deactivate finds the user
 * already there (`break`), and `false` when unblock has nothing to undo (the service's failed
 * transition: lib/api/users.rb `result.success?`). Activating an active user is a success of
 * Users::ActivateService (`return success(...) if user.active?`): `true`, the user unchanged.
 */
type Outcome = { state: UserState } | 'unchanged' | 'nothing-to-undo' | 'already-there';
type Transition = (user: UserRecord, ctx: RefContext, caller: UserRecord) => Outcome;

const isBlocked = (u: UserRecord) => u.state === 'blocked' || u.state === 'ldap_blocked';

/** The moves' variation point, as the active variations make it (user-states.policy.ts). */
const policyOf = (ctx: RefContext): UserStatesPolicy => ctx.variations.policies.userStates;

/** True when the user has been active within the window, by the server's clock. */
export function recentlyActive(user: UserRecord, ctx: RefContext): boolean {
  if (user.lastActivityOn === null || !policyOf(ctx).deactivationChecksActivity) return false;
  return user.lastActivityOn > addDays(today(ctx.clock), -DEACTIVATION_INACTIVE_DAYS);
}

const block: Transition = (user, ctx, caller) => {
  const policy = policyOf(ctx);
  if (user.state === 'ldap_blocked' && policy.refusesLdapBlocked) {
    fail('forbidden', 'LDAP blocked users cannot be modified by the API');
  }
  if (user.id === caller.id) fail('forbidden', 'The API initiating user cannot be blocked by the API');
  if (user.state === 'deactivated' && policy.refusesDeactivatedBlock) {
    fail('forbidden', 'A deactivated user cannot be blocked by the API');
  }
  if (user.state === 'blocked') return 'unchanged';
  return policy.applies('block') ? { state: 'blocked' } : 'unchanged';
};

const unblock: Transition = (user, ctx) => {
  const policy = policyOf(ctx);
  if (user.state === 'ldap_blocked' && policy.refusesLdapBlocked) {
    fail('forbidden', 'LDAP blocked users cannot be unblocked by the API');
  }
  if (user.state === 'deactivated') fail('forbidden', 'Deactivated users cannot be unblocked by the API');
  if (!isBlocked(user)) return 'nothing-to-undo';
  return policy.applies('unblock') ? { state: 'active' } : 'unchanged';
};

const deactivate: Transition = (user, ctx) => {
  if (isBlocked(user) && policyOf(ctx).refusesBlocked('deactivate')) {
    fail('forbidden', 'A blocked user cannot be deactivated by the API');
  }
  if (user.state === 'deactivated') return 'unchanged';
  if (recentlyActive(user, ctx)) {
    fail(
      'forbidden',
      `The user you are trying to deactivate has been active in the past ${DEACTIVATION_INACTIVE_DAYS} days and cannot be deactivated`,
    );
  }
  return { state: 'deactivated' };
};

const activate: Transition = (user, ctx) => {
  if (isBlocked(user) && policyOf(ctx).refusesBlocked('activate')) {
    fail('forbidden', 'A blocked user must be unblocked to be activated');
  }
  if (user.state === 'active') return 'already-there';
  return { state: 'active' };
};

export const TRANSITIONS: Readonly<Record<StateMove, Transition>> = {
  block,
  unblock,
  deactivate,
  activate,
};

/** The JSON body of each outcome. */
const BODIES = { moved: 'true', 'already-there': 'true', unchanged: 'null', 'nothing-to-undo': 'false' } as const;

function handler(move: Transition) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = ctxOf(request);
    const user = findUser(request);
    const outcome = move(user, ctx, callerOf(request).user);
    if (typeof outcome === 'object') ctx.store.users.update(user.id, { state: outcome.state, updatedAt: ctx.clock() });
    return reply
      .code(201)
      .type(JSON_CONTENT_TYPE)
      .send(BODIES[typeof outcome === 'object' ? 'moved' : outcome]);
  };
}

/** The operation of the table each transition serves. */
const OPERATION_IDS = { block: 'blockUser', unblock: 'unblockUser', deactivate: 'deactivateUser', activate: 'activateUser' } as const;

export function registerUserStates(r: Router): void {
  for (const [name, move] of Object.entries(TRANSITIONS)) {
    r.op(OPERATION_IDS[name as keyof typeof TRANSITIONS], handler(move));
  }
}
