/**
 * Every fault of the catalogue: the healthy behaviour with it off, the broken one with it on. Each
 * *.variations.ts has its proof cases beside it (*.fault-cases.ts), typed by its declarations; this
 * file runs them all.
 *
 *   npx vitest run src/reference/faults.test.ts
 */
import { describe, expect, it } from 'vitest';
import { createFaults, FAULTS, type FaultId } from './faults.ts';
import { testServer, type Case } from './testing.ts';
import { STATUS_FAULT_CASES } from './respond.fault-cases.ts';
import { ERROR_FAULT_CASES } from './errors.fault-cases.ts';
import { AUTH_FAULT_CASES } from './auth.fault-cases.ts';
import { FORMAT_FAULT_CASES } from './serialize.fault-cases.ts';
import { PARSE_FAULT_CASES } from './parse.fault-cases.ts';
import { PAGINATION_FAULT_CASES } from './pagination.fault-cases.ts';
import { BROADCAST_MESSAGES_FAULT_CASES } from './resources/broadcast-messages/broadcast-messages.fault-cases.ts';
import { CLUSTERS_FAULT_CASES } from './resources/clusters/clusters.fault-cases.ts';
import { DEPENDENCIES_FAULT_CASES } from './resources/dependencies/dependencies.fault-cases.ts';
import { EMAILS_FAULT_CASES } from './resources/emails/emails.fault-cases.ts';
import { EPICS_FAULT_CASES } from './resources/epics/epics.fault-cases.ts';
import { GPG_KEYS_FAULT_CASES } from './resources/gpg-keys/gpg-keys.fault-cases.ts';
import { IMPERSONATION_TOKENS_FAULT_CASES } from './resources/impersonation-tokens/impersonation-tokens.fault-cases.ts';
import { PROJECTS_FAULT_CASES } from './resources/projects/projects.fault-cases.ts';
import { SSH_KEYS_FAULT_CASES } from './resources/ssh-keys/ssh-keys.fault-cases.ts';
import { USER_ACTIVITIES_FAULT_CASES } from './resources/users/user-activities.fault-cases.ts';
import { USER_CREATE_FAULT_CASES } from './resources/users/user-create.fault-cases.ts';
import { USER_LIST_FAULT_CASES } from './resources/users/user-list.fault-cases.ts';
import { USER_MEMBERSHIPS_FAULT_CASES } from './resources/users/user-memberships.fault-cases.ts';
import { USER_STATES_FAULT_CASES } from './resources/users/user-states.fault-cases.ts';
import { USER_STATUS_FAULT_CASES } from './resources/users/user-status.fault-cases.ts';
import { USERS_FAULT_CASES } from './resources/users/users.fault-cases.ts';
import { VARIABLES_FAULT_CASES } from './resources/variables/variables.fault-cases.ts';

/** For each fault: what the healthy server does, checked with the fault off and then on (a module's cases left out: a type error here). */
const CASES: Record<FaultId, Case> = {
  ...STATUS_FAULT_CASES,
  ...ERROR_FAULT_CASES,
  ...AUTH_FAULT_CASES,
  ...FORMAT_FAULT_CASES,
  ...PARSE_FAULT_CASES,
  ...PAGINATION_FAULT_CASES,
  ...BROADCAST_MESSAGES_FAULT_CASES,
  ...CLUSTERS_FAULT_CASES,
  ...DEPENDENCIES_FAULT_CASES,
  ...EMAILS_FAULT_CASES,
  ...EPICS_FAULT_CASES,
  ...GPG_KEYS_FAULT_CASES,
  ...IMPERSONATION_TOKENS_FAULT_CASES,
  ...PROJECTS_FAULT_CASES,
  ...SSH_KEYS_FAULT_CASES,
  ...USER_ACTIVITIES_FAULT_CASES,
  ...USER_LIST_FAULT_CASES,
  ...USER_MEMBERSHIPS_FAULT_CASES,
  ...USER_STATES_FAULT_CASES,
  ...USER_STATUS_FAULT_CASES,
  ...USERS_FAULT_CASES,
  ...USER_CREATE_FAULT_CASES,
  ...VARIABLES_FAULT_CASES,
};

describe('faults', () => {
  it('has a test case for every fault in the catalogue, and none for unknown ids', () => {
    expect(Object.keys(CASES).sort()).toEqual(FAULTS.map((f) => f.id).sort());
  });

  it('refuses an unknown fault id', () => {
    expect(() => createFaults(['no.such-fault'])).toThrow(/Unknown reference fault/);
  });

  for (const fault of FAULTS) {
    it(`${fault.id}: ${fault.description}`, async () => {
      const { healthy, faulty } = CASES[fault.id];
      await healthy(await testServer());
      await faulty(await testServer({ faults: [fault.id] }));
    });
  }
});
