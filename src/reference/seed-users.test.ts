/**
 * The server-side user seed: parsing of REFERENCE_SEED_LDAP_BLOCKED / REFERENCE_SEED_ACTIVITY
 * and what the seeded users look like through the API.
 *
 *   npx vitest run src/reference/seed-users.test.ts
 */
import { describe, expect, it } from 'vitest';
import { referenceOptionsFromEnv } from './env-options.ts';
import { seedUsersFromEnv } from './seed-users.ts';
import { testServer } from './testing.ts';

describe('seed users', () => {
  it('reads both variables, and none gives no seed', () => {
    expect(seedUsersFromEnv({ REFERENCE_SEED_LDAP_BLOCKED: 'a, b', REFERENCE_SEED_ACTIVITY: 'c:3' })).toEqual([
      { username: 'a', state: 'ldap_blocked' },
      { username: 'b', state: 'ldap_blocked' },
      { username: 'c', lastActivityDaysAgo: 3 },
    ]);
    expect(referenceOptionsFromEnv({}).seedUsers).toEqual([]);
  });
  it('refuses malformed entries, naming the variable', () => {
    expect(() => seedUsersFromEnv({ REFERENCE_SEED_ACTIVITY: 'c' })).toThrow(/^REFERENCE_SEED_ACTIVITY/);
    expect(() => seedUsersFromEnv({ REFERENCE_SEED_LDAP_BLOCKED: 'a b' })).toThrow(/^REFERENCE_SEED_LDAP_BLOCKED/);
  });
  it('creates an LDAP-blocked user with an ldapmain identity, listed as blocked', async () => {
    const t = await testServer({ seedUsers: [{ username: 'dir', state: 'ldap_blocked' }, { username: 'dir', lastActivityDaysAgo: 1 }] });
    const res = await t.req('GET', '/users?blocked=true', { token: t.admin });
    expect(res.data).toHaveLength(1);
    expect(res.data[0]).toMatchObject({ username: 'dir', state: 'ldap_blocked', last_activity_on: '2024-04-30' });
    expect(res.data[0].identities[0].provider).toBe('ldapmain');
  });
});
