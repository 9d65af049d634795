/**
 * Real OpenPGP public keys for the suites, made with the maintained `openpgp` library: a fresh
 * key (ed25519 primary, curve25519 encryption subkey, version 4, as `gpg --quick-gen-key` makes
 * by default) for a user id under example.com, returned ASCII-armored with its fingerprint.
 * Every call makes a new key, so it is never already registered on the target.
 *
 *   const k = await gpgPublicKey({ name: 'Kit User', email: 'kit@example.com' });
 *   k.armored;      // '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nxjME...'
 *   k.fingerprint;  // '3F0A...' (40 upper-case hex digits)
 *   k.keyId;        // the last 16 of them
 */

export interface GpgPublicKey {
  armored: string;
  /** Upper-case hex, as the platform shows it. */
  fingerprint: string;
  /** The primary key id, 16 upper-case hex digits. */
  keyId: string;
  /** The private half, armored: only for tests that check a server refuses it. */
  armoredPrivate: string;
}

export const ARMOR_HEADER = '-----BEGIN PGP PUBLIC KEY BLOCK-----';

export async function gpgPublicKey(user: { name?: string; email?: string } = {}): Promise<GpgPublicKey> {
  // Loaded on first use: openpgp is a large module, and most of a run's workers never make a key.
  const { generateKey, readKey } = await import('openpgp');
  const { publicKey, privateKey } = await generateKey({
    type: 'ecc',
    curve: 'ed25519Legacy',
    userIDs: [{ name: user.name ?? 'Conformance Kit', email: user.email ?? 'kit@example.com' }],
    format: 'armored',
  });
  const key = await readKey({ armoredKey: publicKey });
  return {
    armored: publicKey,
    fingerprint: key.getFingerprint().toUpperCase(),
    keyId: key.getKeyID().toHex().toUpperCase(),
    armoredPrivate: privateKey,
  };
}

/** Ways to break an armored key; each must be refused with 400 by a server that parses keys. */
export const GPG_KEY_BREAKAGES = ['garbage', 'no-armor', 'empty-armor', 'corrupt-body', 'private-key'] as const;
export type GpgKeyBreakage = (typeof GPG_KEY_BREAKAGES)[number];

export function brokenGpgKey(how: GpgKeyBreakage, key: GpgPublicKey): string {
  const lines = key.armored.trim().split('\n');
  switch (how) {
    case 'garbage':
      return 'this is not a gpg key';
    case 'no-armor': // the base64 body without its armor lines
      return lines.slice(2, -1).join('\n');
    case 'empty-armor':
      return `${ARMOR_HEADER}\n\n-----END PGP PUBLIC KEY BLOCK-----\n`;
    case 'corrupt-body': {
      // armor intact, packets replaced by base64 of junk
      const junk = Buffer.from('these bytes are no OpenPGP packets at all, just text.').toString('base64');
      return `${ARMOR_HEADER}\n\n${junk}\n-----END PGP PUBLIC KEY BLOCK-----\n`;
    }
    case 'private-key':
      return key.armoredPrivate;
  }
}
