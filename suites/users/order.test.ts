/**
 * GET /users ordering for an admin, on three users of the file's own tag whose id, name and
 * username orders all differ: id descending by default, sort=asc, order_by=name, username and
 * created_at. The default order is read without `search`: the real platform orders search results
 * by how well they match and then by name (the spec does not say the default order applies there),
 * so it lists users created since the first of the three (created_after, an admin filter).
 */
import { beforeAll, describe } from 'vitest';
import { clauseTest, requireThat, session, type CreatedUser } from '../../src/kit/index.ts';
import { adminView, listUsers, tagged, userTag } from './account-fixtures.ts';

describe.concurrent('GET /users order (admin)', () => {
  let tag: string;
  /** Made in this order (ids ascending): names charlie, alpha, bravo; usernames -b, -c, -a. */
  let u: CreatedUser[];
  beforeAll(async () => {
    const s = session();
    tag = userTag(s, 'ord');
    u = [];
    for (const [suffix, word] of [
      ['b', 'charlie'],
      ['c', 'alpha'],
      ['a', 'bravo'],
    ] as const) {
      u.push(await tagged(s, tag, suffix, { name: `Kit ${tag} ${word}` }));
    }
  });

  const names = (list: CreatedUser[]) => list.map((x) => x.username);

  clauseTest('users.list.order.default', 'without order_by and sort, users come by id descending', async ({ s }) => {
    const since = new Date(Date.parse((await adminView(s, u[0]!.id)).created_at) - 1000).toISOString();
    const { res, usernames } = await listUsers(s.admin, { created_after: since });
    const ours = usernames.filter((name) => names(u).includes(name));
    requireThat(
      JSON.stringify(ours) === JSON.stringify(names([u[2]!, u[1]!, u[0]!])),
      'GET /users MUST order users by id descending by default.',
      names([u[2]!, u[1]!, u[0]!]),
      ours,
    );
    const ids = (res.json as { id: number }[]).map((x) => x.id);
    requireThat(
      ids.every((id, i) => i === 0 || ids[i - 1]! > id),
      'The ids MUST descend.',
      'descending ids',
      ids,
    );
  });

  clauseTest('users.list.sort.asc', 'sort=asc lists users by id ascending, sort=desc descending', async ({ s }) => {
    const asc = await listUsers(s.admin, { search: tag, sort: 'asc' });
    requireThat(
      JSON.stringify(asc.usernames) === JSON.stringify(names(u)),
      'GET /users?sort=asc MUST order users by id ascending.',
      names(u),
      asc.usernames,
    );
    const desc = await listUsers(s.admin, { search: tag, sort: 'desc' });
    const expected = names([u[2]!, u[1]!, u[0]!]);
    requireThat(
      JSON.stringify(desc.usernames) === JSON.stringify(expected),
      'GET /users?sort=desc MUST order users by id descending.',
      expected,
      desc.usernames,
    );
  });

  clauseTest('users.list.order.name', 'order_by=name, username or created_at orders users by that attribute', async ({ s }) => {
    const byName = await listUsers(s.admin, { search: tag, order_by: 'name', sort: 'asc' });
    const nameOrder = names([u[1]!, u[2]!, u[0]!]);
    requireThat(
      JSON.stringify(byName.usernames) === JSON.stringify(nameOrder),
      'GET /users?order_by=name&sort=asc MUST order users by name.',
      nameOrder,
      byName.usernames,
    );
    const byUsername = await listUsers(s.admin, { search: tag, order_by: 'username', sort: 'asc' });
    const usernameOrder = names([u[2]!, u[0]!, u[1]!]);
    requireThat(
      JSON.stringify(byUsername.usernames) === JSON.stringify(usernameOrder),
      'GET /users?order_by=username&sort=asc MUST order users by username.',
      usernameOrder,
      byUsername.usernames,
    );
    const byCreated = await listUsers(s.admin, { search: tag, order_by: 'created_at', sort: 'desc' });
    const times = (byCreated.res.json as { created_at: string }[]).map((x) => Date.parse(x.created_at));
    requireThat(
      byCreated.usernames.length === 3 && times.every((t, i) => i === 0 || times[i - 1]! >= t),
      'GET /users?order_by=created_at&sort=desc MUST order users by creation time, newest first.',
      'created_at descending',
      byCreated.res.json.map((x: { created_at: string }) => x.created_at),
    );
  });
});
