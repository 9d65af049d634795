/**
 * User activities in the pagination table: GET /user/activities (admin) lists every user with
 * activity, so the collection is shared (only single-request checks apply). Filling it means
 * making fresh users active with one API call each. Activities have no id: they are told apart
 * by username.
 *
 *   COLLECTIONS = [..., ...ACTIVITY_COLLECTIONS];
 */
import { createUser } from '../../src/kit/index.ts';
import type { Collection } from './collection.ts';

function activities(): Collection {
  let made = 0;
  return {
    name: 'user activities',
    operationId: 'listUserActivities',
    shared: true,
    itemKey: (a) => a.username,
    path: () => '/user/activities',
    async fill(s, n) {
      while (made < n) {
        const user = await createUser(s);
        const res = await user.client.get('/user');
        if (res.status !== 200) throw new Error(`making a user active: GET /user answered ${res.status || res.error}`);
        made += 1;
      }
      return undefined;
    },
  };
}

export const ACTIVITY_COLLECTIONS: Collection[] = [activities()];
