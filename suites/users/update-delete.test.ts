/**
 * PUT /users/:id (200, applied, partial, 404 for a taken e-mail and for a missing user),
 * DELETE /users/:id (204, 404, 409 for the sole owner of a group, hard_delete taking the group
 * along, 412 with a stale If-Unmodified-Since), DELETE /users/:id/identities/:provider. A real
 * server removes users in a background job: the hard_delete check waits for it within
 * CONFORMANCE_DELETION_TIMEOUT_MS, and no longer than it takes to see none under way (src/kit/deletion.ts).
 */
import { describe } from 'vitest';
import {
  check,
  clauseTest,
  createSoleOwnedGroup,
  deletionTestTimeout,
  removal,
  requireThat,
  serverNow,
  session,
  type CreatedUser,
  type Session,
} from '../../src/kit/index.ts';
import { adminView, MISSING_USER_ID, tagged, userTag } from './account-fixtures.ts';

const PROVIDER = 'conformance-kit';

/**
 * A user (with a token) who created a private top-level group and is its only owner (a subgroup of the run group would
 * have the run group's owners too); skips when the target lets no user create groups. The group goes with the user.
 */
async function soleOwner(s: Session, skip: (reason: string) => never): Promise<{ user: CreatedUser; groupId: number }> {
  const tag = userTag(s, 'owner');
  const user = await tagged(s, tag, 'a', { can_create_group: true }, true);
  const res = await createSoleOwnedGroup(s, user, tag);
  if (res.status === 403) skip('the target does not let a regular user create a group, so no user can be a sole owner');
  check.status(res, 201, 'POST /groups by a regular user (set-up) MUST answer 201.');
  return { user, groupId: res.json.id };
}

describe.concurrent('PUT /users/:id', () => {
  clauseTest('users.update.status', 'PUT /users/:id by an admin answers 200', async ({ s }) => {
    const a = await tagged(s, userTag(s, 'put'), 'a');
    check.status(await s.admin.put(`/users/${a.id}`, { json: { bio: 'Kit changed bio' } }), 200);
  });

  clauseTest('users.update.applies', 'name and bio changed by PUT /users/:id appear in a later GET /users/:id', async ({ s }) => {
    const tag = userTag(s, 'apply');
    const a = await tagged(s, tag, 'a');
    const change = { name: `Kit ${tag} renamed`, bio: 'Kit new bio' };
    check.status(await s.admin.put(`/users/${a.id}`, { json: change }), 200);
    const view = await adminView(s, a.id);
    for (const [field, value] of Object.entries(change)) {
      requireThat(view[field] === value, `${field} changed by PUT MUST appear in GET /users/:id.`, value, view[field]);
    }
  });

  clauseTest('users.update.partial', 'PUT /users/:id with only note succeeds and leaves every other attribute as it was', async ({ s }) => {
    const kept = { bio: 'Kit kept bio', linkedin: 'kit-kept', organization: 'Kit Kept Org', external: true };
    const a = await tagged(s, userTag(s, 'part'), 'a', kept);
    const before = await adminView(s, a.id);
    check.status(
      await s.admin.put(`/users/${a.id}`, { json: { note: 'Kit partial note' } }),
      200,
      'PUT /users/:id with a single attribute and no email, name or username MUST succeed (200).',
    );
    const after = await adminView(s, a.id);
    requireThat(after.note === 'Kit partial note', 'The attribute given MUST be changed.', 'Kit partial note', after.note);
    for (const field of ['name', 'username', 'email', ...Object.keys(kept)]) {
      requireThat(after[field] === before[field], `${field}, not given, MUST keep its value.`, before[field], after[field]);
    }
  });

  clauseTest('users.update.conflict_404', 'PUT /users/:id with an e-mail another user has answers 404, not 409', async ({ s }) => {
    const tag = userTag(s, 'dup');
    const a = await tagged(s, tag, 'a');
    const b = await tagged(s, tag, 'b');
    check.status(await s.admin.put(`/users/${b.id}`, { json: { email: a.email, skip_reconfirmation: true } }), 404);
    const view = await adminView(s, b.id);
    requireThat(view.email === b.email, 'The refused e-mail MUST NOT be stored.', b.email, view.email);
  });

  clauseTest('users.update.missing_404', 'PUT /users/:id for an id no user has answers 404', async ({ s }) => {
    check.status(await s.admin.put(`/users/${MISSING_USER_ID}`, { json: { bio: 'nobody' } }), 404);
  });
});

describe.concurrent('DELETE /users/:id', () => {
  clauseTest('users.delete.status', 'DELETE /users/:id by an admin answers 204', async ({ s }) => {
    const a = await tagged(s, userTag(s, 'del'), 'a');
    check.status(await s.admin.delete(`/users/${a.id}`), 204);
  });

  clauseTest('users.delete.missing_404', 'DELETE /users/:id for an id no user has answers 404', async ({ s }) => {
    check.status(await s.admin.delete(`/users/${MISSING_USER_ID}`), 404);
  });

  clauseTest(
    'users.delete.conflict_409',
    'DELETE /users/:id of the sole owner of a group, without hard_delete, answers 409',
    async ({ s, skip }) => {
      const { user } = await soleOwner(s, skip);
      check.status(await s.admin.delete(`/users/${user.id}`), 409);
      check.status(await s.admin.get(`/users/${user.id}`), 200, 'A user that could not be deleted MUST still exist.');
    },
  );

  clauseTest(
    'users.delete.hard_delete_groups',
    'DELETE /users/:id?hard_delete=true also deletes the groups the user solely owns',
    async ({ s, skip }) => {
      const { user, groupId } = await soleOwner(s, skip);
      check.status(await s.admin.delete(`/users/${user.id}`, { query: { hard_delete: true } }), 204);
      // The platform blocks the user and removes it and its groups in a background job: wait for it (or for the
      // user's own removal); an answer that shows no deletion under way (the user still active, a 500) fails at once.
      const group = await removal(s, `/groups/${groupId}`, { hardDeletedUser: user.id });
      check.status(
        group,
        404,
        `The group the deleted user solely owned MUST be gone (GET /groups/:id answers 404) once the user's deletion is done (waited up to ${s.target.deletionTimeoutMs} ms, CONFORMANCE_DELETION_TIMEOUT_MS).`,
      );
    },
    { timeout: deletionTestTimeout(session()) },
  );

  clauseTest(
    'errors.precondition.412',
    "DELETE /users/:id with If-Unmodified-Since before the user's last update answers 412",
    async ({ s }) => {
      const a = await tagged(s, userTag(s, 'cond'), 'a');
      const read = await s.admin.get(`/users/${a.id}`);
      check.status(read, 200);
      const before = new Date(serverNow(read).getTime() - 60_000).toUTCString();
      check.status(await s.admin.put(`/users/${a.id}`, { json: { bio: 'Kit updated after the date' } }), 200);
      check.status(await s.admin.delete(`/users/${a.id}`, { headers: { 'if-unmodified-since': before } }), 412);
      check.status(await s.admin.get(`/users/${a.id}`), 200, 'A DELETE refused with 412 MUST leave the user in place.');
    },
  );
});

describe.concurrent('DELETE /users/:id/identities/:provider', () => {
  clauseTest('users.identities.delete.status', 'DELETE /users/:id/identities/:provider by an admin answers 204', async ({ s }) => {
    const tag = userTag(s, 'idd');
    const a = await tagged(s, tag, 'a', { extern_uid: `${tag}-uid`, provider: PROVIDER });
    check.status(await s.admin.delete(`/users/${a.id}/identities/${PROVIDER}`), 204);
  });

  clauseTest(
    'users.identities.delete.effect',
    'after DELETE /users/:id/identities/:provider the user has no identity of that provider',
    async ({ s }) => {
      const tag = userTag(s, 'ide');
      const a = await tagged(s, tag, 'a', { extern_uid: `${tag}-uid`, provider: PROVIDER });
      const before = await adminView(s, a.id);
      requireThat(
        before.identities?.some((i: { provider: string }) => i.provider === PROVIDER),
        'set-up: the user MUST have the identity first.',
        PROVIDER,
        before.identities,
      );
      check.status(await s.admin.delete(`/users/${a.id}/identities/${PROVIDER}`), 204);
      const after = await adminView(s, a.id);
      requireThat(
        Array.isArray(after.identities) && !after.identities.some((i: { provider: string }) => i.provider === PROVIDER),
        'The deleted identity MUST no longer be listed.',
        `no ${PROVIDER} identity`,
        after.identities,
      );
    },
  );
});
