/**
 * Users in the pagination table: GET /users filtered by search=<a tag of this collection>, an
 * exact collection of users made for it alone (their names carry the tag). Links must keep the
 * search filter, or the next page shows other users.
 *
 *   COLLECTIONS = [..., ...USER_COLLECTIONS];
 */
import { createUser } from '../../src/kit/index.ts';
import type { Collection } from './collection.ts';

function usersOfOwnTag(): Collection {
  let tag = '';
  let size = 0;
  return {
    name: 'users (search filter)',
    operationId: 'listUsers',
    path: () => '/users',
    get query() {
      return { search: tag };
    },
    async fill(s, n) {
      tag ||= s.name('pgu').toLowerCase();
      while (size < n) {
        size += 1;
        await createUser(s, { username: `${tag}-${size}`, name: `Kit ${tag} ${size}` }, { token: false });
      }
      return size;
    },
  };
}

export const USER_COLLECTIONS: Collection[] = [usersOfOwnTag()];
