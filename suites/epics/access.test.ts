/**
 * Epic access: every epic endpoint (the epic operations of the operation table, with its sample
 * bodies) needs credentials (401 without), a private group's epics are hidden from non-members
 * (404), and, on a target configured as having epics switched off
 * (CONFORMANCE_EPICS_UNAVAILABLE=1), every epic endpoint answers 403.
 */
import { describe } from 'vitest';
import {
  check,
  clauseTest,
  createGroup,
  requireThat,
  tagRequests,
  type ApiResponse,
  type OperationRequest,
  type Session,
} from '../../src/kit/index.ts';
import { createEpic, epicsOrSkip, once } from './fixtures.ts';

const world = once(async (s: Session) => {
  const group = await createGroup(s);
  const epic = await createEpic(s, group.id);
  return { group, epic };
});

/** Every epic operation, on the group and epic given. */
function endpoints(s: Session, groupId: number, iid: number): OperationRequest[] {
  return tagRequests('epics', { id: groupId, epic_iid: iid, name: s.name('refused') });
}

function call(client: Session['admin'], r: OperationRequest): Promise<ApiResponse> {
  return client.request(r.method, r.path, r.json ? { json: r.json } : {});
}

describe.concurrent('epic access', () => {
  clauseTest('epics.auth.unauthenticated', 'every epic endpoint without credentials answers 401', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group, epic } = await world(s);
    for (const r of endpoints(s, group.id, epic.iid)) {
      check.status(await call(s.anon, r), 401, `${r.title} without credentials MUST answer 401.`);
    }
    const still = await s.admin.get(`/groups/${group.id}/epics/${epic.iid}`);
    requireThat(
      still.status === 200 && still.json?.title === epic.title,
      'Refused anonymous writes MUST leave the epic as it was.',
      epic.title,
      still.json?.title ?? still.status,
    );
  });

  clauseTest('epics.auth.private_non_member', 'GET on the epics of a private group by a non-member answers 404', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group, epic } = await world(s);
    check.status(await s.user.get(`/groups/${group.id}/epics`), 404, 'The epic list of a private group MUST be 404 for a non-member.');
    check.status(
      await s.user.get(`/groups/${group.id}/epics/${epic.iid}`),
      404,
      'An epic of a private group MUST be 404 for a non-member.',
    );
  });

  clauseTest('epics.auth.feature_unavailable', 'with epics unavailable every epic endpoint answers 403', async ({ s, skip }) => {
    if (!s.target.epicsUnavailable) {
      skip(
        'needs a target with epics switched off: set CONFORMANCE_EPICS_UNAVAILABLE=1 for such a target (the bundled reference: REFERENCE_EPICS_DISABLED=1)',
      );
    }
    const group = await createGroup(s);
    for (const r of endpoints(s, group.id, 1)) {
      check.status(await call(s.admin, r), 403, `${r.title} MUST answer 403 when epics are unavailable.`);
    }
  });
});
