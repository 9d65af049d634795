/**
 * Seed data: the file's checks name the place of each mistake, and applied data is in the store
 * as the API shows it (users with their tokens, subgroups, projects, members, epics, variables, keys).
 *
 *   npx vitest run src/reference/control/seed-data.test.ts
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildReferenceApp } from '../index.ts';
import { parseSeedData } from './seed-data.ts';
import { SAMPLE } from './seed-data.sample.ts';

/** An OpenSSH ed25519 public key line. */
function sshKey(): string {
  const x = Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const field = (b: Buffer) => Buffer.concat([Buffer.alloc(4, 0).fill(0), b]).fill(b.length, 3, 4);
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(x)]).toString('base64')} amy@laptop`;
}

describe('seed data', () => {
  it('names the place of each problem', () => {
    expect(() =>
      parseSeedData({
        users: [{ username: 'a' }, { username: 'b' }, { username: 'c', tokens: [{ token: 'long-enough', scopes: ['everything'] }] }],
      }),
    ).toThrow(/users\[2\]\.tokens\[0\]\.scopes\[0\]/);
    expect(() => parseSeedData({ projects: [{ path: 'x' }] })).toThrow(/projects\[0\]\.namespace/);
    expect(() => parseSeedData({ unknown: [] })).toThrow(/seed data/);
  });

  it('refuses a reference to something missing, naming its place', async () => {
    await expect(
      buildReferenceApp({ data: parseSeedData({ members: [{ user: 'nobody', group: 'acme', access_level: 30 }] }) }),
    ).rejects.toThrow('members[0].user: no user "nobody"');
    await expect(buildReferenceApp({ data: parseSeedData({ groups: [{ path: 'tools', parent: 'acme' }] }) })).rejects.toThrow(
      'groups[0].parent',
    );
  });

  it('is served as the API shows it, with the tokens the data chose', async () => {
    const data = parseSeedData({ ...SAMPLE, keys: [{ user: 'amy', title: 'laptop', key: sshKey() }] });
    const { app } = await buildReferenceApp({ data });
    const get = async (url: string, token: string) =>
      (await app.inject({ url: `/api/v4${url}`, headers: { 'private-token': token } })).json();
    expect((await get('/user', 'amy-token-1234')).username).toBe('amy');
    expect((await get('/groups/acme%2Ftools', 'amy-token-1234')).full_path).toBe('acme/tools');
    expect((await get('/projects/acme%2Ftools%2Fcli', 'bob-token-1234')).path_with_namespace).toBe('acme/tools/cli');
    expect((await get('/projects/acme%2Ftools%2Fcli/members', 'bob-token-1234')).map((m: { username: string }) => m.username)).toContain(
      'bob',
    );
    expect((await get('/groups/acme/epics', 'amy-token-1234')).map((e: { title: string; iid: number }) => [e.title, e.iid])).toEqual([
      ['Roadmap', 1],
    ]);
    expect((await get('/projects/acme%2Ftools%2Fcli/variables/DEPLOY_ENV', 'amy-token-1234')).value).toBe('staging');
    expect((await get('/user/keys', 'amy-token-1234')).map((k: { title: string }) => k.title)).toEqual(['laptop']);
    await app.close();
  });
});
