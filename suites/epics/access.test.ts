/**
 * Epic access: on a target configured as having epics switched off
 * (CONFORMANCE_EPICS_UNAVAILABLE=1), every epic endpoint (the epic operations of the operation
 * table, with its sample bodies) answers 403. Who else is refused (anonymous 401 on every epic
 * endpoint, a non-member's 404 on a private group's epics) is the authorization matrix's
 * (suites/auth/matrix.test.ts).
 */
import { describe } from 'vitest';
import { check, clauseTest, createGroup, tagRequests, type ApiResponse, type OperationRequest, type Session } from '../../src/kit/index.ts';

/** Every epic operation, on the group and epic given. */
function endpoints(s: Session, groupId: number, iid: number): OperationRequest[] {
  return tagRequests('epics', { id: groupId, epic_iid: iid, name: s.name('refused') });
}

function call(client: Session['admin'], r: OperationRequest): Promise<ApiResponse> {
  return client.request(r.method, r.path, r.json ? { json: r.json } : {});
}

describe.concurrent('epic access', () => {
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
