/**
 * GET /groups/:id/subgroups as the platform answers it: the direct subgroups the caller may see,
 * ordered by name (or as asked), offset paginated; the parent found as GET /groups/:id finds it.
 * GET /groups/:id/descendant_groups: the same for the subgroups at every depth.
 *
 *   npx vitest run src/reference/resources/groups/subgroups.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;
let top: number;
beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
  top = (await t.req('POST', '/groups', { token: t.admin, body: { name: 'Top', path: 'top', visibility: 'public' } })).data.id;
});

const group = async (name: string, parentId: number, visibility = 'public') =>
  (await t.req('POST', '/groups', { token: t.admin, body: { name, path: name.toLowerCase(), parent_id: parentId, visibility } })).data
    .id as number;
const names = (data: { name: string }[]) => data.map((g) => g.name);

describe('GET /groups/:id/subgroups', () => {
  it('lists the direct subgroups only, by name ascending, with the Group fields', async () => {
    const beta = await group('Beta', top);
    await group('Alpha', top);
    await group('Deep', beta);
    const res = await t.req('GET', `/groups/${top}/subgroups`, { token: t.admin });
    expect([res.statusCode, names(res.data)]).toEqual([200, ['Alpha', 'Beta']]);
    expect(res.data[1]).toMatchObject({ id: beta, full_path: 'top/beta', parent_id: top, visibility: 'public' });
    expect(names((await t.req('GET', '/groups/top%2Fbeta/subgroups', { token: t.admin })).data)).toEqual(['Deep']);
    expect(names((await t.req('GET', `/groups/${top}/subgroups`, { token: t.admin, query: 'order_by=id&sort=desc' })).data)).toEqual([
      'Alpha',
      'Beta',
    ]);
    expect(names((await t.req('GET', `/groups/${top}/subgroups`, { token: t.admin, query: 'search=alp' })).data)).toEqual(['Alpha']);
  });

  it('shows each caller only the subgroups it may see; a hidden parent is 404 Group Not Found', async () => {
    await group('Open', top);
    const closed = await group('Closed', top, 'private');
    expect(names((await t.req('GET', `/groups/${top}/subgroups`)).data)).toEqual(['Open']);
    expect(names((await t.req('GET', `/groups/${top}/subgroups`, { token: jane.token })).data)).toEqual(['Open']);
    const hidden = await t.req('GET', `/groups/${closed}/subgroups`, { token: jane.token });
    expect([hidden.statusCode, hidden.data]).toEqual([404, { message: '404 Group Not Found' }]);
    await t.req('POST', `/groups/${closed}/members`, { token: t.admin, body: { user_id: jane.id, access_level: 10 } });
    expect(names((await t.req('GET', `/groups/${top}/subgroups`, { token: jane.token })).data)).toEqual(['Closed', 'Open']);
    expect((await t.req('GET', '/groups/999/subgroups', { token: t.admin })).data).toEqual({ message: '404 Group Not Found' });
  });

  it('pages with the offset headers', async () => {
    for (const name of ['A1', 'A2', 'A3']) await group(name, top);
    const res = await t.req('GET', `/groups/${top}/subgroups`, { token: t.admin, query: 'per_page=2&page=2' });
    expect([names(res.data), res.headers['x-total'], res.headers['x-total-pages'], res.headers['x-page']]).toEqual([['A3'], '3', '2', '2']);
  });
});

describe('GET /groups/:id/descendant_groups', () => {
  it('lists the subgroups at every depth the caller may see, by name, paged; a hidden parent is 404', async () => {
    const beta = await group('Beta', top);
    await group('Alpha', top);
    const deep = await group('Deep', beta, 'private');
    const all = await t.req('GET', `/groups/${top}/descendant_groups`, { token: t.admin });
    expect([all.statusCode, names(all.data), all.headers['x-total']]).toEqual([200, ['Alpha', 'Beta', 'Deep'], '3']);
    expect(all.data[2]).toMatchObject({ id: deep, full_path: 'top/beta/deep', parent_id: beta });
    expect(names((await t.req('GET', `/groups/${top}/descendant_groups`, { token: jane.token })).data)).toEqual(['Alpha', 'Beta']);
    expect(names((await t.req('GET', '/groups/top%2Fbeta/descendant_groups', { token: t.admin })).data)).toEqual(['Deep']);
    expect(names((await t.req('GET', `/groups/${top}/descendant_groups`, { token: t.admin, query: 'search=de' })).data)).toEqual(['Deep']);
    const hidden = await t.req('GET', `/groups/${deep}/descendant_groups`, { token: jane.token });
    expect([hidden.statusCode, hidden.data]).toEqual([404, { message: '404 Group Not Found' }]);
  });
});
