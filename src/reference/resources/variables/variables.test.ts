/**
 * Project variables: key rules, value required, defaults, masked values, duplicates per scope,
 * the encoded project path, filter[environment_scope] with the option on and off, access.
 *
 *   npx vitest run src/reference/resources/variables/variables.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../../testing.ts';

let t: TestServer;
let base: string;
async function setup(options: Parameters<typeof testServer>[0] = {}) {
  t = await testServer(options);
  const g = await t.req('POST', '/groups', { token: t.admin, body: { name: 'grp', path: 'grp' } });
  const pr = await t.req('POST', '/projects', { token: t.admin, body: { name: 'app', namespace_id: g.data.id } });
  base = `/projects/${pr.data.id}/variables`;
}
beforeEach(() => setup());

const post = (body: Record<string, unknown>) => t.req('POST', base, { token: t.admin, body });

describe('creating', () => {
  it('creates with defaults (201, all fields) and trims the key', async () => {
    const res = await post({ key: ' DB_URL ', value: 'postgres://db' });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      key: 'DB_URL',
      value: 'postgres://db',
      variable_type: 'env_var',
      protected: false,
      masked: false,
      environment_scope: '*',
    });
  });

  it('refuses bad keys with the field map, accepts 255 characters, refuses 256', async () => {
    expect((await post({ key: 'MY-VAR', value: 'x' })).data).toEqual({ message: { key: ["can contain only letters, digits and '_'."] } });
    expect((await post({ key: 'A'.repeat(255), value: 'x' })).statusCode).toBe(201);
    expect((await post({ key: 'B'.repeat(256), value: 'x' })).data).toEqual({
      message: { key: ['is too long (maximum is 255 characters)'] },
    });
  });

  it('needs key and value; checks variable_type; refuses a masked value that cannot be masked', async () => {
    expect((await post({})).data).toEqual({ message: 'key is missing, value is missing' });
    expect((await post({ key: 'K', value: 'x', variable_type: 'text' })).data).toEqual({
      message: 'variable_type does not have a valid value',
    });
    expect((await post({ key: 'K', value: 'short', masked: true })).data).toEqual({ message: { value: ['is invalid'] } });
    expect((await post({ key: 'K', value: 'long-enough-1', masked: true, protected: true, variable_type: 'file' })).data).toMatchObject({
      masked: true,
      protected: true,
      variable_type: 'file',
    });
  });

  it('refuses the same key in the same scope, allows it in another scope', async () => {
    await post({ key: 'K', value: '1' });
    expect((await post({ key: 'K', value: '2' })).data).toEqual({ message: { key: ['(K) has already been taken'] } });
    expect((await post({ key: 'K', value: '2', environment_scope: 'production' })).statusCode).toBe(201);
  });
});

describe('reading, updating, deleting', () => {
  it('lists, shows, updates and deletes through the encoded path; a literal / does not match', async () => {
    await post({ key: 'K', value: '1' });
    const list = await t.req('GET', '/projects/grp%2Fapp/variables', { token: t.admin });
    expect([list.statusCode, list.data.map((v: { key: string }) => v.key)]).toEqual([200, ['K']]);
    expect((await t.req('GET', '/projects/grp/app/variables', { token: t.admin })).statusCode).toBe(404);
    const put = await t.req('PUT', `${base}/K`, { token: t.admin, body: { value: '2', protected: true } });
    expect(put.data).toMatchObject({ key: 'K', value: '2', protected: true, environment_scope: '*' });
    expect((await t.req('PUT', `${base}/K`, { token: t.admin, body: { protected: false } })).data).toEqual({ message: 'value is missing' });
    expect((await t.req('GET', `${base}/K`, { token: t.admin })).data.value).toBe('2');
    expect((await t.req('DELETE', `${base}/K`, { token: t.admin })).statusCode).toBe(204);
    expect((await t.req('GET', `${base}/K`, { token: t.admin })).data).toEqual({ message: '404 Variable Not Found' });
  });

  it('needs maintainer: developer 403, non-member 404', async () => {
    const jane = await t.user('jane');
    expect((await t.req('GET', base, { token: jane.token })).statusCode).toBe(404);
    await t.req('POST', `${base.replace('/variables', '')}/members`, { token: t.admin, body: { user_id: jane.id, access_level: 30 } });
    expect((await t.req('GET', base, { token: jane.token })).statusCode).toBe(403);
  });
});

describe('filter[environment_scope]', () => {
  async function twoScopes() {
    await post({ key: 'K', value: 'prod-value', environment_scope: 'production' });
    await post({ key: 'K', value: 'stage-value', environment_scope: 'staging' });
  }

  it('is ignored when the option is off: the oldest match is used', async () => {
    await twoScopes();
    expect((await t.req('GET', `${base}/K`, { token: t.admin, query: 'filter[environment_scope]=staging' })).data.value).toBe('prod-value');
  });

  it('selects the variable of that scope for GET, PUT and DELETE when on; several matches without it: 409', async () => {
    await setup({ variablesScopeFilter: true });
    await twoScopes();
    expect((await t.req('GET', `${base}/K`, { token: t.admin })).statusCode).toBe(409);
    expect((await t.req('GET', `${base}/K`, { token: t.admin, query: 'filter[environment_scope]=staging' })).data.value).toBe(
      'stage-value',
    );
    const put = await t.req('PUT', `${base}/K`, { token: t.admin, body: { value: 'new', filter: { environment_scope: 'staging' } } });
    expect(put.data).toMatchObject({ value: 'new', environment_scope: 'staging' });
    expect((await t.req('GET', `${base}/K`, { token: t.admin, query: 'filter[environment_scope]=production' })).data.value).toBe(
      'prod-value',
    );
    expect((await t.req('DELETE', `${base}/K`, { token: t.admin, query: 'filter[environment_scope]=production' })).statusCode).toBe(204);
    expect((await t.req('GET', `${base}/K`, { token: t.admin })).data.value).toBe('new');
  });
});

describe('faults', () => {
  it('sanitized and truncated keys, masked left out of the show view, wrong defaults, filter ignored on update', async () => {
    await setup({
      variablesScopeFilter: true,
      faults: [
        'variables.key-sanitized',
        'variables.key-truncated',
        'variables.show-drops-masked',
        'variables.default-scope-blank',
        'variables.default-type-file',
        'variables.filter-ignored-on-update',
      ],
    });
    expect((await post({ key: 'MY-VAR', value: 'x' })).data).toMatchObject({ key: 'MY_VAR', variable_type: 'file', environment_scope: '' });
    expect((await post({ key: 'B'.repeat(256), value: 'x' })).data.key).toHaveLength(255);
    expect((await t.req('GET', `${base}/MY_VAR`, { token: t.admin })).data).not.toHaveProperty('masked');
    await post({ key: 'K', value: '1', environment_scope: 'a' });
    await post({ key: 'K', value: '2', environment_scope: 'b' });
    expect((await t.req('PUT', `${base}/K`, { token: t.admin, body: { value: '3', filter: { environment_scope: 'b' } } })).statusCode).toBe(
      409,
    );
  });
});
