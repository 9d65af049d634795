/**
 * The GPG key generator: a fresh armored public key whose fingerprint GnuPG agrees with (when
 * the machine has gpg), and breakages that GnuPG and openpgp refuse.
 *
 *   npx vitest run src/kit/generators/gpg-keys.test.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readKey } from 'openpgp';
import { describe, expect, it } from 'vitest';
import { ARMOR_HEADER, brokenGpgKey, GPG_KEY_BREAKAGES, gpgPublicKey } from './gpg-keys.ts';

let hasGpg = true;
try {
  execFileSync('gpg', ['--version'], { stdio: 'ignore' });
} catch {
  hasGpg = false;
}

/** GnuPG's view of a key text (a throwaway home, nothing imported): the fpr lines, or undefined. */
function gpgFingerprints(text: string): string[] | undefined {
  const home = mkdtempSync(join(tmpdir(), 'kit-gpg-'));
  try {
    const out = execFileSync('gpg', ['--homedir', home, '--batch', '--with-colons', '--show-keys'], {
      input: text,
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const fprs = out
      .split('\n')
      .filter((l) => l.startsWith('fpr:'))
      .map((l) => l.split(':')[9]);
    return fprs.length ? fprs : undefined;
  } catch {
    return undefined;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe('gpgPublicKey', () => {
  it('makes a fresh armored public key with its fingerprint and key id', async () => {
    const a = await gpgPublicKey({ name: 'Ada', email: 'ada@example.com' });
    const b = await gpgPublicKey();
    expect(a.armored.startsWith(ARMOR_HEADER)).toBe(true);
    expect(a.armored.trim().endsWith('-----END PGP PUBLIC KEY BLOCK-----')).toBe(true);
    expect(a.fingerprint).toMatch(/^[0-9A-F]{40}$/);
    expect(a.keyId).toBe(a.fingerprint.slice(-16));
    expect(b.fingerprint).not.toBe(a.fingerprint);
    const key = await readKey({ armoredKey: a.armored });
    expect(key.isPrivate()).toBe(false);
    expect(key.getUserIDs()).toEqual(['Ada <ada@example.com>']);
  });

  it.skipIf(!hasGpg)('GnuPG reads the key and computes the same primary fingerprint', async () => {
    const k = await gpgPublicKey();
    expect(gpgFingerprints(k.armored)?.[0]).toBe(k.fingerprint);
  });

  it('every breakage is refused as a public key by openpgp', async () => {
    const k = await gpgPublicKey();
    for (const how of GPG_KEY_BREAKAGES) {
      const text = brokenGpgKey(how, k);
      const parsed = await readKey({ armoredKey: text }).catch(() => undefined);
      expect(parsed === undefined || parsed.isPrivate(), how).toBe(true);
    }
  });
});
