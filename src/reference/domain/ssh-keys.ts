/**
 * SSH public keys as the platform checks them: the OpenSSH text `type base64 [comment]` is
 * decoded, the type inside the wire encoding must equal the outer one, the encoding must be
 * consumed exactly, and the key material must load as a public key (node:crypto from a JWK:
 * ECDSA points must lie on their curve; RSA moduli of 1024 bits and up; ed25519 keys of 32
 * bytes). Fingerprints as ssh-keygen prints them; the text the API returns keeps type and body
 * and replaces the comment, as the platform does.
 *
 *   const k = parseSshKey('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI... me@laptop');
 *   if ('error' in k) ...;           // { error: 'type is not supported' }
 *   k.fingerprintSha256;             // 'SHA256:1q3W...'
 *   publishableKey(k, 'Jane', 'h');  // 'ssh-ed25519 AAAAC3... Jane (h)'
 */
import { createHash, createPublicKey } from 'node:crypto';

export interface ParsedSshKey {
  type: string;
  /** Base64 of the wire encoding, canonical. */
  body: string;
  comment: string;
  bits: number;
  fingerprintMd5: string;
  fingerprintSha256: string;
}

export type SshKeyProblem = { error: 'type is not supported' | 'is invalid' };

const CURVES: Record<string, { name: string; crv: string; size: number }> = {
  'ecdsa-sha2-nistp256': { name: 'nistp256', crv: 'P-256', size: 32 },
  'ecdsa-sha2-nistp384': { name: 'nistp384', crv: 'P-384', size: 48 },
  'ecdsa-sha2-nistp521': { name: 'nistp521', crv: 'P-521', size: 66 },
};
export const SUPPORTED_SSH_TYPES = ['ssh-rsa', 'ssh-ed25519', ...Object.keys(CURVES)];
const MIN_RSA_BITS = 1024;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

class WireReader {
  private at = 0;
  constructor(private readonly buf: Buffer) {}
  bytes(): Buffer {
    if (this.at + 4 > this.buf.length) throw new Error('short');
    const len = this.buf.readUInt32BE(this.at);
    if (this.at + 4 + len > this.buf.length) throw new Error('short');
    const out = this.buf.subarray(this.at + 4, this.at + 4 + len);
    this.at += 4 + len;
    return out;
  }
  text(): string {
    return this.bytes().toString('latin1');
  }
  /** A positive mpint's magnitude (no sign byte, no leading zeros). */
  mpint(): Buffer {
    const raw = this.bytes();
    if (raw.length === 0 || raw[0] & 0x80) throw new Error('not a positive mpint');
    let i = 0;
    while (i < raw.length - 1 && raw[i] === 0) i++;
    return raw.subarray(i);
  }
  done(): boolean {
    return this.at === this.buf.length;
  }
}

const b64url = (b: Buffer) => b.toString('base64url');

/** Loads the key material after the type; returns its size in bits. Throws when it is no key. */
function loadMaterial(type: string, r: WireReader): number {
  if (type === 'ssh-ed25519') {
    const pk = r.bytes();
    if (pk.length !== 32) throw new Error('ed25519 keys are 32 bytes');
    createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: b64url(pk) }, format: 'jwk' });
    return 256;
  }
  if (type === 'ssh-rsa') {
    const e = r.mpint();
    const n = r.mpint();
    const key = createPublicKey({ key: { kty: 'RSA', n: b64url(n), e: b64url(e) }, format: 'jwk' });
    const bits = key.asymmetricKeyDetails?.modulusLength ?? n.length * 8;
    if (bits < MIN_RSA_BITS) throw new Error('RSA key too small');
    return bits;
  }
  const curve = CURVES[type];
  if (r.text() !== curve.name) throw new Error('curve does not match the type');
  const q = r.bytes();
  if (q.length !== 1 + 2 * curve.size || q[0] !== 4) throw new Error('not an uncompressed point');
  const x = q.subarray(1, 1 + curve.size),
    y = q.subarray(1 + curve.size);
  createPublicKey({ key: { kty: 'EC', crv: curve.crv, x: b64url(x), y: b64url(y) }, format: 'jwk' }); // refuses points off the curve
  return curve.size === 66 ? 521 : curve.size * 8;
}

export function sshFingerprints(wire: Buffer): { md5: string; sha256: string } {
  return {
    md5: createHash('md5').update(wire).digest('hex').match(/../g)!.join(':'),
    sha256: `SHA256:${createHash('sha256').update(wire).digest('base64').replace(/=+$/, '')}`,
  };
}

/** Parses and checks an OpenSSH public key text (line breaks inside are ignored, as pasted keys have them). */
export function parseSshKey(text: string): ParsedSshKey | SshKeyProblem {
  const [type = '', body = '', ...rest] = text
    .replace(/[\r\n]+/g, '')
    .trim()
    .split(/\s+/);
  if (!SUPPORTED_SSH_TYPES.includes(type)) return { error: 'type is not supported' };
  if (body === '' || !BASE64.test(body)) return { error: 'is invalid' };
  const wire = Buffer.from(body, 'base64');
  try {
    const r = new WireReader(wire);
    if (r.text() !== type) return { error: 'is invalid' };
    const bits = loadMaterial(type, r);
    if (!r.done()) return { error: 'is invalid' };
    const { md5, sha256 } = sshFingerprints(wire);
    return { type, body: wire.toString('base64'), comment: rest.join(' '), bits, fingerprintMd5: md5, fingerprintSha256: sha256 };
  } catch {
    return { error: 'is invalid' };
  }
}

/** The key as the API shows it: type and body kept, the comment replaced by "<user name> (<host>)". */
export function publishableKey(key: { type: string; body: string }, userName: string, host: string): string {
  return `${key.type} ${key.body} ${userName} (${host})`;
}
