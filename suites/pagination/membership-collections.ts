/**
 * Memberships in the pagination table: GET /users/:id/memberships (admin) of a user made for it
 * alone, added to fresh private groups and projects in turn, an exact collection. Memberships
 * have no id: they are told apart by source type and source id.
 *
 *   COLLECTIONS = [..., ...MEMBERSHIP_COLLECTIONS];
 */
import { ACCESS_LEVEL, addMember, createGroup, createProject, createUser } from '../../src/kit/index.ts';
import type { Collection } from './collection.ts';

function membershipsOfOwnUser(): Collection {
  let userId: number | undefined;
  let size = 0;
  return {
    name: 'memberships of a fresh user',
    operationId: 'listUserMemberships',
    itemKey: (m) => `${m.source_type}:${m.source_id}`,
    path: () => `/users/${userId}/memberships`,
    async fill(s, n) {
      userId ??= (await createUser(s, {}, { token: false })).id;
      while (size < n) {
        // Groups (source type Namespace) and projects in turn: both kinds appear in the pages.
        const kind = size % 2 === 0 ? 'groups' : 'projects';
        const source = kind === 'groups' ? await createGroup(s) : await createProject(s);
        await addMember(s, kind, source.id as number, userId, ACCESS_LEVEL.developer);
        size += 1;
      }
      return size;
    },
  };
}

export const MEMBERSHIP_COLLECTIONS: Collection[] = [membershipsOfOwnUser()];
