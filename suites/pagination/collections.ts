/**
 * The list endpoints the pagination suite can fill with a known number of items, each with a
 * filler that makes sure the collection holds at least `n` items the run created.
 * `exact` collections belong to the run alone, so their X-Total is known exactly.
 * Later resources add their lists here.
 *
 *   const c = COLLECTIONS[0]; const total = await c.fill(s, 5);
 */
import { createGroup } from '../../src/kit/index.ts';
import { createEpic, epicsUnavailableReason } from '../epics/fixtures.ts';
import { ACTIVITY_COLLECTIONS } from './activity-collections.ts';
import { CREDENTIAL_COLLECTIONS } from './credential-collections.ts';
import { MEMBERSHIP_COLLECTIONS } from './membership-collections.ts';
import { PROJECT_COLLECTIONS } from './project-collections.ts';
import { USER_COLLECTIONS } from './user-collections.ts';
import type { Collection } from './collection.ts';

export type { Collection } from './collection.ts';

/**
 * Active impersonation tokens of a user created for pagination alone: an exact collection. Its
 * first token is revoked, so the state=active filter matters and a link that drops it shows.
 */
function tokensOfOwnUser(): Collection {
  let userId: number | undefined;
  let size = 0;
  return {
    name: 'active impersonation tokens',
    operationId: 'listImpersonationTokens',
    bulk: true,
    query: { state: 'active' },
    path: () => `/users/${userId}/impersonation_tokens`,
    async fill(s, n) {
      if (userId === undefined) {
        const username = s.name('pager');
        const res = await s.admin.post('/users', {
          json: {
            username,
            name: 'Pagination Pager',
            email: `${username}@example.com`,
            force_random_password: true,
            skip_confirmation: true,
          },
        });
        s.track(res, 'user', undefined, { hard_delete: 'true' });
        if (res.status !== 201) throw new Error(`cannot create the pagination user: ${res.status}`);
        userId = res.json.id as number;
        const revoked = await s.admin.post(`/users/${userId}/impersonation_tokens`, {
          json: { name: 'revoked', scopes: ['read_user'], expires_at: s.target.tokenExpiresAt },
        });
        if (revoked.status !== 201) throw new Error(`cannot create an impersonation token: ${revoked.status}`);
        s.secrets.add(revoked.json.token);
        const del = await s.admin.delete(`/users/${userId}/impersonation_tokens/${revoked.json.id}`);
        if (del.status !== 204) throw new Error(`cannot revoke an impersonation token: ${del.status}`);
      }
      while (size < n) {
        const res = await s.admin.post(`/users/${userId}/impersonation_tokens`, {
          json: { name: `page-${size + 1}`, scopes: ['read_user'], expires_at: s.target.tokenExpiresAt },
        });
        if (res.status !== 201) throw new Error(`cannot create an impersonation token: ${res.status}`);
        s.secrets.add(res.json.token);
        size += 1;
      }
      return size;
    },
  };
}

/** Broadcast messages: shared with the server's own, so only a lower bound is known. */
function broadcastMessages(): Collection {
  let made = 0;
  return {
    name: 'broadcast messages',
    operationId: 'listBroadcastMessages',
    shared: true,
    path: () => '/broadcast_messages',
    async fill(s, n) {
      while (made < n) {
        const res = await s.admin.post('/broadcast_messages', {
          json: {
            message: s.name('page'),
            target_path: s.hiddenTargetPath(),
            starts_at: '2099-01-01T00:00:00.000Z',
            ends_at: '2099-01-02T00:00:00.000Z',
          },
        });
        s.track(res, 'broadcast_message');
        if (res.status !== 201) throw new Error(`cannot create a broadcast message: ${res.status}`);
        made += 1;
      }
      return undefined;
    },
  };
}

/**
 * Epics of a fresh private group made for pagination alone: an exact collection. Created one
 * after another, so that created_at (the default order) never ties. Skipped where the target
 * has no epics.
 */
function epicsOfOwnGroup(): Collection {
  let groupId: number | undefined;
  let size = 0;
  return {
    name: 'epics of a fresh group',
    operationId: 'listGroupEpics',
    path: () => `/groups/${groupId}/epics`,
    unavailable: (s) => epicsUnavailableReason(s),
    async fill(s, n) {
      groupId ??= (await createGroup(s)).id as number;
      while (size < n) {
        await createEpic(s, groupId, { title: `page-${size + 1}` });
        size += 1;
      }
      return size;
    },
  };
}

export const COLLECTIONS: Collection[] = [
  tokensOfOwnUser(),
  broadcastMessages(),
  epicsOfOwnGroup(),
  ...CREDENTIAL_COLLECTIONS,
  ...PROJECT_COLLECTIONS,
  ...USER_COLLECTIONS,
  ...MEMBERSHIP_COLLECTIONS,
  ...ACTIVITY_COLLECTIONS,
];
