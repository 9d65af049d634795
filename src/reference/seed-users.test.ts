/**
 * The server-side user seed: parsing of REFERENCE_SEED_LDAP_BLOCKED / REFERENCE_SEED_ACTIVITY
 * and what the seeded users look like through the API.
 *
 *   npx vitest run src/reference/seed-users.test.ts
 */
import { describe, expect, it } from 'vitest';
import { referenceOptionsFromEnv } from './env-options.ts';
import { generatedUsersFromEnv, seedUsersFromEnv } from './seed-users.ts';
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
    const t = await testServer({
      seedUsers: [
        { username: 'dir', state: 'ldap_blocked' },
        { username: 'dir', lastActivityDaysAgo: 1 },
      ],
    });
    const res = await t.req('GET', '/users?blocked=true', { token: t.admin });
    expect(res.data).toHaveLength(1);
    expect(res.data[0]).toMatchObject({ username: 'dir', state: 'ldap_blocked', last_activity_on: '2024-04-30' });
    expect(res.data[0].identities[0].provider).toBe('ldapmain');
  });
});

describe('generated users (benchmarks)', () => {
  it('reads REFERENCE_SEED_GENERATED_USERS and refuses a non-number', () => {
    expect(referenceOptionsFromEnv({ REFERENCE_SEED_GENERATED_USERS: '1000' }).generatedUsers).toBe(1000);
    expect(referenceOptionsFromEnv({}).generatedUsers).toBe(0);
    expect(() => generatedUsersFromEnv({ REFERENCE_SEED_GENERATED_USERS: 'many' })).toThrow(/^REFERENCE_SEED_GENERATED_USERS/);
  });
  it('creates them in bulk; the default list pages through them id descending, deep pages included', async () => {
    const t = await testServer({ generatedUsers: 95 });
    const first = await t.req('GET', '/users?per_page=20', { token: t.admin });
    expect(first.headers['x-total']).toBe('96');
    expect(first.data.map((u: { username: string }) => u.username).slice(0, 2)).toEqual(['gen-user-95', 'gen-user-94']);
    const last = await t.req('GET', '/users?per_page=20&page=5', { token: t.admin });
    expect(last.data.map((u: { id: number }) => u.id)).toEqual(Array.from({ length: 16 }, (_, i) => 16 - i));
    expect(last.headers['x-next-page']).toBe('');
  });
});
