/**
 * What a fresh reference server holds: the administrator `root` (id 1) and its personal access
 * token (scopes api, read_user, sudo, and admin_mode where Admin Mode is on) whose value is the
 * admin token.
 *
 *   seed(store, clock, 'ref-abc...'); // store.users.get(1)!.username === 'root'
 *   seed(store, clock, 'ref-abc...', { adminMode: true }); // its token also has the admin_mode scope
 */
import type { Clock } from './clock.ts';
import { createUser } from './domain/users.ts';
import type { Store } from './store.ts';

export function seed(store: Store, clock: Clock, adminToken: string, options: { adminMode?: boolean } = {}): void {
  const now = clock();
  const root = createUser(store, now, {
    username: 'root',
    name: 'Administrator',
    email: 'admin@example.com',
    admin: true,
    confirmedAt: now,
    currentSignInAt: now,
    lastSignInAt: now,
    currentSignInIp: '127.0.0.1',
    lastSignInIp: '127.0.0.1',
  });
  store.tokens.insert({
    userId: root.id,
    token: adminToken,
    name: 'reference-admin',
    scopes: options.adminMode ? ['api', 'read_user', 'sudo', 'admin_mode'] : ['api', 'read_user', 'sudo'],
    kind: 'personal',
    revoked: false,
    expiresAt: null,
    createdAt: now,
    lastUsedAt: null,
  });
}
