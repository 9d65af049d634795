/**
 * User state transitions: block, unblock, deactivate, activate (201 / 403 / 404), the 180-day
 * activity window on the server's clock, and LDAP-blocked users from the seed.
 *
 *   npx vitest run src/reference/resources/users/user-states.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;

beforeEach(async () => {
  t = await testServer({ seedUsers: [{ username: 'dirblocked', state: 'ldap_blocked' }] });
  jane = await t.user('jane');
});

const move = (action: string, id: number, token = t.admin) => t.req('POST', `/users/${id}/${action}`, { token });
const stateOf = async (id: number) => (await t.req('GET', `/users/${id}`, { token: t.admin })).data.state;

describe('block and unblock', () => {
  it('blocks with 201 true; the user reads as blocked and its token answers 403', async () => {
    const res = await move('block', jane.id);
    expect([res.statusCode, res.body, res.headers['content-type']]).toEqual([201, 'true', 'application/json']);
    expect(await stateOf(jane.id)).toBe('blocked');
    expect((await t.req('GET', '/user', { token: jane.token })).statusCode).toBe(403);
  });
  it('answers 201 null when the user is already blocked', async () => {
    await move('block', jane.id);
    const res = await move('block', jane.id);
    expect([res.statusCode, res.body]).toEqual([201, 'null']);
  });
  it('blocks a deactivated user', async () => {
    await move('deactivate', jane.id);
    expect((await move('block', jane.id)).statusCode).toBe(201);
    expect(await stateOf(jane.id)).toBe('blocked');
  });
  it('unblocks a blocked user back to active', async () => {
    await move('block', jane.id);
    expect((await move('unblock', jane.id)).statusCode).toBe(201);
    expect(await stateOf(jane.id)).toBe('active');
  });
  it('answers 201 false when there is nothing to unblock, and 201 true to activate an active user', async () => {
    const unblock = await move('unblock', jane.id);
    const activate = await move('activate', jane.id);
    expect([unblock.statusCode, unblock.body, activate.statusCode, activate.body]).toEqual([201, 'false', 201, 'true']);
    expect(await stateOf(jane.id)).toBe('active');
  });
  it('refuses to unblock a deactivated user', async () => {
    await move('deactivate', jane.id);
    const res = await move('unblock', jane.id);
    expect(res.statusCode).toBe(403);
    expect(res.data.message).toMatch(/^403 Forbidden - Deactivated users/);
  });
  it('refuses an admin blocking itself', async () => {
    expect((await move('block', 1)).statusCode).toBe(403);
  });
});

describe('deactivate and activate', () => {
  it('deactivates a user without activity, and activates it again', async () => {
    expect((await move('deactivate', jane.id)).statusCode).toBe(201);
    expect(await stateOf(jane.id)).toBe('deactivated');
    expect((await move('activate', jane.id)).statusCode).toBe(201);
    expect(await stateOf(jane.id)).toBe('active');
  });
  it('answers 201 null when the user is already deactivated', async () => {
    await move('deactivate', jane.id);
    const res = await move('deactivate', jane.id);
    expect([res.statusCode, res.body, res.headers['content-type']]).toEqual([201, 'null', 'application/json']);
    expect(await stateOf(jane.id)).toBe('deactivated');
  });
  it('refuses to deactivate a user active within 180 days, and allows it once the window has passed', async () => {
    await t.req('GET', '/user', { token: jane.token });
    const refused = await move('deactivate', jane.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.data.message).toContain('180 days');
    t.setNow(179 * 86_400_000);
    expect((await move('deactivate', jane.id)).statusCode).toBe(403);
    t.setNow(86_400_000);
    expect((await move('deactivate', jane.id)).statusCode).toBe(201);
  });
  it('refuses to deactivate or activate a blocked user, leaving it blocked', async () => {
    await move('block', jane.id);
    expect((await move('deactivate', jane.id)).statusCode).toBe(403);
    const res = await move('activate', jane.id);
    expect([res.statusCode, res.data]).toEqual([403, { message: '403 Forbidden - A blocked user must be unblocked to be activated' }]);
    expect(await stateOf(jane.id)).toBe('blocked');
  });
});

describe('refusals common to the four moves', () => {
  for (const action of ['block', 'unblock', 'deactivate', 'activate']) {
    it(`${action}: 404 for a missing user, 403 for a non-admin, 403 for an LDAP-blocked user`, async () => {
      const missing = await move(action, 9999);
      expect([missing.statusCode, missing.data]).toEqual([404, { message: '404 User Not Found' }]);
      expect((await move(action, jane.id, jane.token)).statusCode).toBe(403);
      const ldap = (await t.req('GET', '/users?username=dirblocked', { token: t.admin })).data[0];
      expect(ldap.state).toBe('ldap_blocked');
      expect((await move(action, ldap.id)).statusCode).toBe(403);
      expect(await stateOf(ldap.id)).toBe('ldap_blocked');
    });
  }
});
