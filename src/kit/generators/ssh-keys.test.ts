/**
 * The SSH key generator: every kind encodes as OpenSSH expects (checked with ssh-keygen when the
 * machine has it), fingerprints agree with ssh-keygen's, keys compare by type and body only,
 * and each breakage really breaks the key.
 *
 *   npx vitest run src/kit/generators/ssh-keys.test.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenSshKey, sameSshKey, SSH_KEY_BREAKAGES, SSH_KEY_KINDS, splitSshKey, sshPublicKey } from './ssh-keys.ts';

function sshKeygen(args: string[], keyText: string): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'kit-ssh-'));
  try {
    writeFileSync(join(dir, 'k.pub'), `${keyText}\n`);
    return execFileSync('ssh-keygen', [...args, '-f', join(dir, 'k.pub')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let hasKeygen = true;
try {
  execFileSync('ssh-keygen', ['-?'], { stdio: 'ignore' });
} catch (e) {
  hasKeygen = (e as { code?: string }).code !== 'ENOENT';
}

const TYPES: Record<string, string> = {
  ed25519: 'ssh-ed25519',
  rsa: 'ssh-rsa',
  ecdsa: 'ecdsa-sha2-nistp256',
  'ecdsa-384': 'ecdsa-sha2-nistp384',
  'ecdsa-521': 'ecdsa-sha2-nistp521',
};

describe('sshPublicKey', () => {
  for (const kind of SSH_KEY_KINDS) {
    it(`makes a fresh ${kind} key in OpenSSH form`, async () => {
      const a = await sshPublicKey(kind, 'a@example.com');
      const b = await sshPublicKey(kind);
      expect(a.type).toBe(TYPES[kind]);
      expect(a.text).toBe(`${a.type} ${a.body} a@example.com`);
      expect(a.fingerprintSha256).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
      expect(a.fingerprintMd5).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
      expect(b.body).not.toBe(a.body);
      const inner = Buffer.from(a.body, 'base64');
      expect(inner.subarray(4, 4 + inner.readUInt32BE(0)).toString()).toBe(a.type);
    });

    it.skipIf(!hasKeygen)(`${kind}: ssh-keygen reads the key and prints the same fingerprints`, async () => {
      const k = await sshPublicKey(kind);
      expect(sshKeygen(['-l', '-E', 'sha256'], k.text)).toContain(k.fingerprintSha256);
      expect(sshKeygen(['-l', '-E', 'md5'], k.text)).toContain(`MD5:${k.fingerprintMd5}`);
    });
  }
});

describe('comparing and breaking keys', () => {
  it('compares by type and body, not by comment', async () => {
    const k = await sshPublicKey();
    expect(sameSshKey(k.text, `${k.type} ${k.body} Jane Doe (gitlab.example.com)`)).toBe(true);
    expect(sameSshKey(k.text, `${k.type}  ${k.body}`)).toBe(true);
    expect(sameSshKey(k.text, (await sshPublicKey()).text)).toBe(false);
    expect(sameSshKey(undefined, k.text)).toBe(false);
    expect(splitSshKey('ssh-rsa AAAA a b')).toEqual({ type: 'ssh-rsa', body: 'AAAA', comment: 'a b' });
  });

  for (const kind of ['ed25519', 'rsa', 'ecdsa'] as const) {
    it.skipIf(!hasKeygen)(`every breakage of a ${kind} key is refused by ssh-keygen`, async () => {
      const k = await sshPublicKey(kind);
      for (const how of SSH_KEY_BREAKAGES) {
        if (how === 'bad-material' && kind !== 'ecdsa') continue; // ssh-keygen does not judge key sizes or ed25519 lengths on -l
        expect(sshKeygen(['-l'], brokenSshKey(how, k)), how).toBeUndefined();
      }
    });
  }
});
