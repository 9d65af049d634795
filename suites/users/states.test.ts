/**
 * User state transitions, table-driven (states.json): block, unblock, deactivate and activate
 * from every state the API can reach, with the spec's 201 / 403 / 404 and the state GET
 * /users/:id shows afterwards; then the refusals common to the four moves (a non-admin caller, a
 * user that does not exist, a user blocked by LDAP synchronization where the target names one).
 * Every test works on users of its own, made fresh.
 */
import { describe } from 'vitest';
import { check, clauseTest, createUser, missingUserId, requireThat, type CreatedUser, type Session } from '../../src/kit/index.ts';
import table from './states.json' with { type: 'json' };

type Action = 'block' | 'unblock' | 'deactivate' | 'activate';
type SetupName = keyof typeof table.shared.setups;
type After = 'blocked' | 'active' | 'not blocked' | 'unchanged';
interface Row {
  clause: string;
  from: SetupName;
  action: Action;
  status: number;
  state?: After;
}

const rows = table.cases as Row[];
const actions = table.shared.actions as Action[];
const { non_admin: nonAdmin, missing, ldap_blocked: ldapBlocked } = table.shared.refusals;

/** The state GET /users/:id shows the administrator. */
async function stateOf(s: Session, id: number): Promise<string> {
  const res = await s.admin.get(`/users/${id}`);
  check.status(res, 200, `GET /users/${id} by an admin MUST answer 200.`);
  requireThat(typeof res.json?.state === 'string', 'A user MUST carry its state as a string.', 'a string', res.json?.state);
  return res.json.state as string;
}

/** A new user brought into a setup's state by its steps. */
async function userIn(s: Session, from: SetupName): Promise<CreatedUser> {
  const { means } = table.shared.setups[from];
  const steps: string[] = table.shared.setups[from].steps;
  const user = await createUser(s, {}, { token: steps.includes('use') });
  for (const step of steps) {
    if (step === 'use') {
      check.status(await user.client.get('/user'), 200, `Making ${means}: GET /user with the user's own token MUST answer 200.`);
    } else {
      const res = await s.admin.post(`/users/${user.id}/${step}`);
      check.status(res, 201, `Making ${means}: POST /users/:id/${step} by an admin MUST answer 201.`);
    }
  }
  return user;
}

async function checkAfter(s: Session, action: Action, user: CreatedUser, after: After, before: string): Promise<void> {
  const state = await stateOf(s, user.id);
  if (after === 'unchanged') {
    requireThat(state === before, `A refused POST /users/:id/${action} MUST leave the user's state as it was.`, before, state);
  } else if (after === 'not blocked') {
    requireThat(
      state !== 'blocked',
      `After POST /users/:id/${action}, GET /users/:id MUST no longer show state "blocked".`,
      'a state other than "blocked"',
      state,
    );
    const list = await s.admin.get('/users', { query: { blocked: true, username: user.username } });
    check.status(list, 200, 'GET /users?blocked=true MUST answer 200.');
    const ids = Array.isArray(list.json) ? (list.json as { id: number }[]).map((u) => u.id) : [];
    requireThat(
      !ids.includes(user.id),
      `After POST /users/:id/${action}, the user MUST be absent from GET /users?blocked=true.`,
      `no user ${user.id}`,
      ids,
    );
  } else {
    requireThat(state === after, `After POST /users/:id/${action}, GET /users/:id MUST show state "${after}".`, after, state);
  }
}

const afterPhrase: Record<After, string> = {
  blocked: 'the user reads as blocked',
  active: 'the user reads as active',
  'not blocked': 'the user is no longer blocked',
  unchanged: 'the state is unchanged',
};

describe.concurrent('state transitions by an administrator', () => {
  for (const row of rows) {
    const { means } = table.shared.setups[row.from];
    const title = `POST /users/:id/${row.action} of ${means} answers ${row.status}${row.state ? ` and ${afterPhrase[row.state]}` : ''}`;
    clauseTest(row.clause, title, async ({ s }) => {
      const user = await userIn(s, row.from);
      const before = row.state === 'unchanged' ? await stateOf(s, user.id) : '';
      check.status(await s.admin.post(`/users/${user.id}/${row.action}`), row.status);
      if (row.state) await checkAfter(s, row.action, user, row.state, before);
    });
  }
});

/** The id of the user blocked by LDAP synchronization that the configuration names. */
async function ldapUserId(s: Session, username: string): Promise<number> {
  const res = await s.admin.get('/users', { query: { username } });
  check.status(res, 200, 'GET /users?username= MUST answer 200.');
  const found = Array.isArray(res.json)
    ? (res.json as { id: number; username: string }[]).find((u) => u.username.toLowerCase() === username.toLowerCase())
    : undefined;
  if (!found)
    throw new Error(`CONFORMANCE_LDAP_BLOCKED_USER names "${username}", but GET /users?username= does not find that user on the target`);
  return found.id;
}

describe.concurrent('refusals common to the four moves', () => {
  for (const action of actions) {
    clauseTest(nonAdmin.clause, `POST /users/:id/${action} by a non-admin answers 403 and changes nothing`, async ({ s }) => {
      const user = await userIn(s, nonAdmin.from[action] as SetupName);
      const before = await stateOf(s, user.id);
      check.status(await s.user.post(`/users/${user.id}/${action}`), nonAdmin.status);
      await checkAfter(s, action, user, 'unchanged', before);
    });

    clauseTest(missing.clause, `POST /users/:id/${action} for a user that does not exist answers 404`, async ({ s }) => {
      check.status(await s.admin.post(`/users/${await missingUserId(s)}/${action}`), missing.status);
    });

    clauseTest(
      ldapBlocked.clause,
      `POST /users/:id/${action} of a user blocked by LDAP synchronization answers 403 and changes nothing`,
      async ({ s, skip }) => {
        const username = s.target.ldapBlockedUser;
        if (!username)
          skip(
            'The target names no user blocked by directory (LDAP) synchronization: set CONFORMANCE_LDAP_BLOCKED_USER to run this check.',
          );
        const id = await ldapUserId(s, username!);
        const before = await stateOf(s, id);
        check.status(await s.admin.post(`/users/${id}/${action}`), ldapBlocked.status);
        const state = await stateOf(s, id);
        requireThat(state === before, `A refused POST /users/:id/${action} MUST leave the user's state as it was.`, before, state);
      },
    );
  }
});
