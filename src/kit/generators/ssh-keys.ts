/**
 * Real SSH public keys for the suites: fresh key pairs from node:crypto (ed25519, RSA, ECDSA on
 * NIST P-256/384/521), the public half encoded in OpenSSH form (`type base64(wire) comment`,
 * the wire encoding of RFC 4253 section 6.6 and RFC 5656 section 3.1). Every call makes a new
 * key, so a key is never already registered on the target, and the fingerprint the target
 * should compute comes along. Also: splitting a key text and comparing two keys by type and
 * body only (servers rewrite the comment), and broken variants for invalid-input tables.
 *
 *   const k = await sshPublicKey('ed25519');
 *   k.text;                                   // 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI... kit@example.com'
 *   sameSshKey(k.text, 'ssh-ed25519 AAAAC3... Jane (host)'); // true when type and body agree
 *   brokenSshKey('swap-type', k);             // 'ssh-rsa AAAAC3NzaC1lZDI1NTE5... ' (inner type ed25519)
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPair, type JsonWebKey } from 'node:crypto';
import { promisify } from 'node:util';

const generate = promisify(generateKeyPair);

export type SshKeyKind = 'ed25519' | 'rsa' | 'ecdsa' | 'ecdsa-384' | 'ecdsa-521';
export const SSH_KEY_KINDS: readonly SshKeyKind[] = ['ed25519', 'rsa', 'ecdsa', 'ecdsa-384', 'ecdsa-521'];

export interface SshPublicKey {
  kind: SshKeyKind;
  /** The OpenSSH type name, e.g. ssh-ed25519, ssh-rsa, ecdsa-sha2-nistp256. */
  type: string;
  /** Base64 of the wire encoding. */
  body: string;
  comment: string;
  /** `type body comment`, as a user pastes it. */
  text: string;
  /** SHA256:<unpadded base64>, as ssh-keygen -l prints it. */
  fingerprintSha256: string;
  /** The legacy MD5 form aa:bb:..., as ssh-keygen -l -E md5 prints it (without the MD5: prefix). */
  fingerprintMd5: string;
}

const CURVES = {
  ecdsa: { node: 'P-256', ssh: 'nistp256' },
  'ecdsa-384': { node: 'P-384', ssh: 'nistp384' },
  'ecdsa-521': { node: 'P-521', ssh: 'nistp521' },
} as const;

/** An SSH wire `string`: uint32 length, then the bytes. */
export function sshString(data: Buffer | string): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const len = Buffer.alloc(4);
  len.writeUInt32BE(bytes.length);
  return Buffer.concat([len, bytes]);
}

/** An SSH wire `mpint` of a positive big-endian magnitude: no superfluous zeros, a 0x00 when the top bit is set. */
export function sshMpint(magnitude: Buffer): Buffer {
  let i = 0;
  while (i < magnitude.length - 1 && magnitude[i] === 0) i++;
  let bytes = magnitude.subarray(i);
  if (bytes[0] & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return sshString(bytes);
}

const fromB64url = (s: string | undefined) => Buffer.from(s ?? '', 'base64url');

/** The wire encoding of a public key given as a JWK, and its OpenSSH type. */
export function wireFromJwk(jwk: JsonWebKey): { type: string; wire: Buffer } {
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') {
    return { type: 'ssh-ed25519', wire: Buffer.concat([sshString('ssh-ed25519'), sshString(fromB64url(jwk.x))]) };
  }
  if (jwk.kty === 'RSA') {
    return { type: 'ssh-rsa', wire: Buffer.concat([sshString('ssh-rsa'), sshMpint(fromB64url(jwk.e)), sshMpint(fromB64url(jwk.n))]) };
  }
  if (jwk.kty === 'EC') {
    const curve = Object.values(CURVES).find((c) => c.node === jwk.crv);
    if (!curve) throw new Error(`unsupported curve ${jwk.crv}`);
    const type = `ecdsa-sha2-${curve.ssh}`;
    const point = Buffer.concat([Buffer.from([4]), fromB64url(jwk.x), fromB64url(jwk.y)]);
    return { type, wire: Buffer.concat([sshString(type), sshString(curve.ssh), sshString(point)]) };
  }
  throw new Error(`unsupported key type ${jwk.kty}`);
}

export function sshFingerprints(wire: Buffer): { sha256: string; md5: string } {
  const sha256 = `SHA256:${createHash('sha256').update(wire).digest('base64').replace(/=+$/, '')}`;
  const md5 = createHash('md5').update(wire).digest('hex').match(/../g)!.join(':');
  return { sha256, md5 };
}

async function publicJwk(kind: SshKeyKind): Promise<JsonWebKey> {
  if (kind === 'ed25519') return (await generate('ed25519')).publicKey.export({ format: 'jwk' });
  if (kind === 'rsa') return (await generate('rsa', { modulusLength: 2048 })).publicKey.export({ format: 'jwk' });
  return (await generate('ec', { namedCurve: CURVES[kind].node })).publicKey.export({ format: 'jwk' });
}

/** A fresh key pair's public half in OpenSSH form. */
export async function sshPublicKey(kind: SshKeyKind = 'ed25519', comment = 'kit@example.com'): Promise<SshPublicKey> {
  const { type, wire } = wireFromJwk(await publicJwk(kind));
  const body = wire.toString('base64');
  const { sha256, md5 } = sshFingerprints(wire);
  return {
    kind,
    type,
    body,
    comment,
    text: comment ? `${type} ${body} ${comment}` : `${type} ${body}`,
    fingerprintSha256: sha256,
    fingerprintMd5: md5,
  };
}

/** PKCS#8 DER prefix of an ed25519 private key; the 32-byte seed follows (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * The ed25519 key of a 32-byte seed: the same seed gives the same key, so a property run that
 * draws the seed from fast-check replays exactly (sshPublicKey draws fresh randomness instead).
 */
export function sshKeyFromSeed(seed: Uint8Array | readonly number[], comment = 'kit@example.com'): SshPublicKey {
  const bytes = Buffer.from(seed as Uint8Array);
  if (bytes.length !== 32) throw new Error(`an ed25519 seed has 32 bytes, not ${bytes.length}`);
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, bytes]), format: 'der', type: 'pkcs8' });
  const { type, wire } = wireFromJwk(createPublicKey(privateKey).export({ format: 'jwk' }));
  const body = wire.toString('base64');
  const { sha256, md5 } = sshFingerprints(wire);
  return {
    kind: 'ed25519',
    type,
    body,
    comment,
    text: comment ? `${type} ${body} ${comment}` : `${type} ${body}`,
    fingerprintSha256: sha256,
    fingerprintMd5: md5,
  };
}

/** Type, base64 body and comment of an OpenSSH public key text; undefined parts when absent. */
export function splitSshKey(text: unknown): { type?: string; body?: string; comment?: string } {
  if (typeof text !== 'string') return {};
  const [type, body, ...rest] = text.trim().split(/\s+/);
  return { type, body, comment: rest.length ? rest.join(' ') : undefined };
}

/** Two key texts name the same key: same type and base64 body (the comment may differ). */
export function sameSshKey(a: unknown, b: unknown): boolean {
  const x = splitSshKey(a),
    y = splitSshKey(b);
  return x.type !== undefined && x.body !== undefined && x.type === y.type && x.body === y.body;
}

/** Ways to break a key text; each must be refused with 400 by a server that checks keys. */
export const SSH_KEY_BREAKAGES = ['garbage', 'type-only', 'swap-type', 'unknown-type', 'not-base64', 'truncated', 'bad-material'] as const;
export type SshKeyBreakage = (typeof SSH_KEY_BREAKAGES)[number];

/** The wire encoding with its key material spoilt: a point off the curve, a 31-byte ed25519 key, a 512-bit RSA modulus. */
function badMaterial(type: string, wire: Buffer): Buffer {
  const head = sshString(type);
  if (type.startsWith('ecdsa-')) {
    const bad = Buffer.from(wire);
    bad[bad.length - 1] ^= 0x01; // y no longer matches x: the point leaves the curve
    return bad;
  }
  if (type === 'ssh-ed25519') return Buffer.concat([head, sshString(wire.subarray(head.length + 4, wire.length - 1))]);
  const modulus = Buffer.alloc(64, 0xff);
  return Buffer.concat([head, sshMpint(Buffer.from([1, 0, 1])), sshMpint(modulus)]);
}

/** A broken variant of a real key. */
export function brokenSshKey(how: SshKeyBreakage, key: SshPublicKey): string {
  const wire = Buffer.from(key.body, 'base64');
  switch (how) {
    case 'garbage':
      return 'this is not an ssh key';
    case 'type-only':
      return key.type;
    case 'swap-type': // the outer type disagrees with the one inside the encoding
      return `${key.type === 'ssh-rsa' ? 'ssh-ed25519' : 'ssh-rsa'} ${key.body} ${key.comment}`;
    case 'unknown-type': {
      const forged = Buffer.concat([sshString('ssh-foo'), wire.subarray(4 + key.type.length)]);
      return `ssh-foo ${forged.toString('base64')} ${key.comment}`;
    }
    case 'not-base64':
      return `${key.type} not*base64*at*all ${key.comment}`;
    case 'truncated':
      return `${key.type} ${wire.subarray(0, wire.length - 7).toString('base64')} ${key.comment}`;
    case 'bad-material': // right structure, but the key material is no valid public key
      return `${key.type} ${badMaterial(key.type, wire).toString('base64')} ${key.comment}`;
  }
}
