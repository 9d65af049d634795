/**
 * What the fault cases of several variations modules share (their *.fault-cases.ts): a project, a
 * member, users by name, a broadcast message seed, another user's item.
 *
 *   const id = await project(t);
 */
import { type Case, type TestServer, testServer } from './testing.ts';
import { expect } from 'vitest';
import { gpgPublicKey } from '../kit/generators/gpg-keys.ts';
import { sshPublicKey } from '../kit/generators/ssh-keys.ts';
import type { ReferenceOptions } from './index.ts';

export async function usernames(t: TestServer, query: string): Promise<string[]> {
  const res = await t.req('GET', '/users', { token: t.admin, query });
  return res.data.map((u: { username: string }) => u.username);
}

export function block(t: TestServer, id: number): void {
  t.app.ref.store.users.update(id, { state: 'blocked' });
}

/** Jane's own SSH key, GPG key or address, and Bob's GET or DELETE of it through his own route; then Jane's own read of it. */
export async function otherUsersItem(t: TestServer, family: 'keys' | 'gpg_keys' | 'emails', method: 'GET' | 'DELETE') {
  const jane = await t.user('jane');
  const bob = await t.user('bob');
  const body =
    family === 'keys'
      ? { title: 'jane', key: (await sshPublicKey()).text }
      : family === 'gpg_keys'
        ? { key: (await gpgPublicKey()).armored }
        : { email: 'jane.owned@example.com' };
  const made = await t.req('POST', `/user/${family}`, { token: jane.token, body });
  const path = `/user/${family}/${made.data.id}`;
  const res = await t.req(method, path, { token: bob.token });
  const owner = await t.req('GET', path, { token: jane.token });
  return { status: res.statusCode, ownerStatus: owner.statusCode };
}

/** The healthy and faulty cases of an ownership fault: Bob reaches Jane's item (200 or 204) instead of 404. */
export function ownershipCase(family: 'keys' | 'gpg_keys' | 'emails', method: 'GET' | 'DELETE'): Case {
  return {
    healthy: async (t) => expect(await otherUsersItem(t, family, method)).toEqual({ status: 404, ownerStatus: 200 }),
    faulty: async (t) =>
      expect(await otherUsersItem(t, family, method)).toEqual(
        method === 'GET' ? { status: 200, ownerStatus: 200 } : { status: 204, ownerStatus: 404 },
      ),
  };
}

/** A server with the same faults as `t` and the given options. */
export const withOptions = (t: TestServer, options: ReferenceOptions) => testServer({ ...options, faults: [...t.app.ref.faults.active] });

export async function project(t: TestServer): Promise<number> {
  return (await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } })).data.id;
}

export async function member(t: TestServer, id: number, level: number): Promise<string> {
  const u = await t.user(`u${level}`);
  await t.req('POST', `/projects/${id}/members`, { token: t.admin, body: { user_id: u.id, access_level: level } });
  return u.token;
}

export async function seed(t: TestServer, n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: `m${i}` } });
  }
}
