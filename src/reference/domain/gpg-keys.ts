/**
 * GPG keys as the platform checks them: an ASCII-armored OpenPGP *public* key block that the
 * `openpgp` library parses; its primary fingerprint and key id identify it. openpgp is loaded on
 * first use, so servers that never see a GPG key do not pay for it.
 *
 *   const k = await parseGpgKey(text);
 *   if ('errors' in k) fail('validation_failed', k.errors);
 *   k.fingerprint;  // '3F0A...' (40 upper-case hex digits)
 */
import type { FieldErrors } from '../errors.ts';

export interface ParsedGpgKey {
  /** The armored text as given, trimmed. */
  armored: string;
  fingerprint: string;
  primaryKeyId: string;
  userIds: string[];
}

export const GPG_ARMOR = /^-----BEGIN PGP PUBLIC KEY BLOCK-----[\s\S]*-----END PGP PUBLIC KEY BLOCK-----$/;
export const GPG_ARMOR_TEXT = "is invalid. A valid public GPG key begins with '-----BEGIN PGP PUBLIC KEY BLOCK-----'";

type OpenPgp = typeof import('openpgp');
let openpgp: Promise<OpenPgp> | undefined;

export async function parseGpgKey(text: string): Promise<ParsedGpgKey | { errors: FieldErrors }> {
  const armored = text.trim();
  if (!GPG_ARMOR.test(armored)) {
    return { errors: { key: [GPG_ARMOR_TEXT], fingerprint: ["can't be blank"], primary_keyid: ["can't be blank"] } };
  }
  openpgp ??= import('openpgp');
  const { readKey } = await openpgp;
  try {
    const key = await readKey({ armoredKey: armored });
    if (key.isPrivate()) throw new Error('a private key');
    return {
      armored,
      fingerprint: key.getFingerprint().toUpperCase(),
      primaryKeyId: key.getKeyID().toHex().toUpperCase(),
      userIds: key.getUserIDs(),
    };
  } catch {
    return { errors: { fingerprint: ["can't be blank"], primary_keyid: ["can't be blank"] } };
  }
}
