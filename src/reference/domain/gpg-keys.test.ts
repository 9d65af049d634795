/**
 * GPG key parsing: a real armored public key gives its fingerprint and key id; every breakage
 * gives a field map (never an exception).
 *
 *   npx vitest run src/reference/domain/gpg-keys.test.ts
 */
import { describe, expect, it } from 'vitest';
import { brokenGpgKey, GPG_KEY_BREAKAGES, gpgPublicKey } from '../../kit/generators/gpg-keys.ts';
import { GPG_ARMOR_TEXT, parseGpgKey } from './gpg-keys.ts';

describe('parseGpgKey', () => {
  it('reads a real public key: fingerprint, key id and user ids', async () => {
    const k = await gpgPublicKey({ name: 'Jane', email: 'jane@example.com' });
    expect(await parseGpgKey(`\n${k.armored}\n\n`)).toEqual({
      armored: k.armored.trim(),
      fingerprint: k.fingerprint,
      primaryKeyId: k.keyId,
      userIds: ['Jane <jane@example.com>'],
    });
  });

  it('answers every breakage with field errors', async () => {
    const k = await gpgPublicKey();
    for (const how of GPG_KEY_BREAKAGES) {
      const parsed = await parseGpgKey(brokenGpgKey(how, k));
      expect(parsed, how).toHaveProperty('errors.fingerprint');
    }
    expect(await parseGpgKey('nope')).toMatchObject({ errors: { key: [GPG_ARMOR_TEXT] } });
  });
});
