/**
 * Users the reference creates at start-up, server-side only, for what the API cannot make: a
 * user blocked by directory (LDAP) synchronization, and users whose last activity lies in the
 * past. Read from REFERENCE_SEED_LDAP_BLOCKED (usernames) and REFERENCE_SEED_ACTIVITY
 * (username:days-ago pairs), or given as the `seedUsers` option. For benchmarks, N generated
 * users in bulk (REFERENCE_SEED_GENERATED_USERS=N, the `generatedUsers` option), without N API calls.
 *
 *   seedUsersFromEnv({ REFERENCE_SEED_LDAP_BLOCKED: 'olddir', REFERENCE_SEED_ACTIVITY: 'amy:3,bob:40' });
 *   // [{ username: 'olddir', state: 'ldap_blocked' }, { username: 'amy', lastActivityDaysAgo: 3 }, ...]
 *   seedUsers(store, clock, seeds);
 *   seedGeneratedUsers(store, clock, 100_000); // gen-user-1 ... gen-user-100000
 */
import { addDays, today, type Clock } from './clock.ts';
import { createUser, findUserByUsername } from './domain/users.ts';
import type { Store } from './store.ts';

export interface SeedUser {
  username: string;
  /** ldap_blocked: blocked by directory synchronization (the API cannot lift it). */
  state?: 'ldap_blocked';
  /** Last activity this many days before the server's start (none when absent). */
  lastActivityDaysAgo?: number;
}

const USERNAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}$/;

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function checkedUsername(name: string, variable: string): string {
  if (!USERNAME.test(name)) throw new Error(`${variable}: "${name}" is not a username`);
  return name;
}

export function seedUsersFromEnv(env: NodeJS.ProcessEnv): SeedUser[] {
  const ldap = list(env.REFERENCE_SEED_LDAP_BLOCKED).map((name): SeedUser => ({
    username: checkedUsername(name, 'REFERENCE_SEED_LDAP_BLOCKED'),
    state: 'ldap_blocked',
  }));
  const active = list(env.REFERENCE_SEED_ACTIVITY).map((pair): SeedUser => {
    const m = /^([^:]+):(\d{1,5})$/.exec(pair);
    if (!m) throw new Error(`REFERENCE_SEED_ACTIVITY: "${pair}" is not username:days-ago`);
    return { username: checkedUsername(m[1]!, 'REFERENCE_SEED_ACTIVITY'), lastActivityDaysAgo: Number(m[2]) };
  });
  return [...ldap, ...active];
}

/** Creates each seeded user (or amends one of that username created by an earlier entry). */
export function seedUsers(store: Store, clock: Clock, seeds: readonly SeedUser[]): void {
  const now = clock();
  for (const seed of seeds) {
    const user =
      findUserByUsername(store, seed.username) ??
      createUser(store, now, {
        username: seed.username,
        name: `Seeded ${seed.username}`,
        email: `${seed.username.toLowerCase()}@example.com`,
        confirmedAt: now,
      });
    if (seed.state === 'ldap_blocked') {
      const externUid = `uid=${seed.username},ou=people,dc=example,dc=com`;
      store.users.update(user.id, {
        state: 'ldap_blocked',
        identities: [{ provider: 'ldapmain', externUid, samlProviderId: null }],
      });
    }
    if (seed.lastActivityDaysAgo !== undefined) {
      const day = addDays(today(clock), -seed.lastActivityDaysAgo);
      store.users.update(user.id, { lastActivityOn: day, lastActivityAt: new Date(`${day}T12:00:00.000Z`) });
    }
  }
}

/** Reads REFERENCE_SEED_GENERATED_USERS: a whole number of users (0 when unset). */
export function generatedUsersFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = (env.REFERENCE_SEED_GENERATED_USERS ?? '').trim();
  if (raw === '') return 0;
  if (!/^\d{1,7}$/.test(raw)) throw new Error(`REFERENCE_SEED_GENERATED_USERS: "${raw}" is not a number of users (0 to 9999999)`);
  return Number(raw);
}

/** Creates `count` plain active users (gen-user-<n>, gen-user-<n>@example.com), straight into the store. */
export function seedGeneratedUsers(store: Store, clock: Clock, count: number): void {
  const now = clock();
  for (let n = 1; n <= count; n += 1) {
    createUser(store, now, {
      username: `gen-user-${n}`,
      name: `Generated User ${n}`,
      email: `gen-user-${n}@example.com`,
      confirmedAt: now,
    });
  }
}
