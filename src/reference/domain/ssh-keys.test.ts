/**
 * SSH key parsing: every supported type of a real key parses with ssh-keygen's fingerprints;
 * each kind of broken text is refused with the platform's reason, never an exception.
 *
 *   npx vitest run src/reference/domain/ssh-keys.test.ts
 */
import { describe, expect, it } from 'vitest';
import { brokenSshKey, SSH_KEY_BREAKAGES, SSH_KEY_KINDS, sshPublicKey } from '../../kit/generators/ssh-keys.ts';
import { parseSshKey, publishableKey } from './ssh-keys.ts';

describe('parseSshKey', () => {
  for (const kind of SSH_KEY_KINDS) {
    it(`parses a real ${kind} key and computes its fingerprints`, async () => {
      const k = await sshPublicKey(kind, 'me@laptop');
      const parsed = parseSshKey(k.text);
      expect(parsed).toMatchObject({
        type: k.type,
        body: k.body,
        comment: 'me@laptop',
        fingerprintSha256: k.fingerprintSha256,
        fingerprintMd5: k.fingerprintMd5,
      });
    });
  }

  it('reads a key with line breaks inside and without a comment', async () => {
    const k = await sshPublicKey('rsa', '');
    const wrapped = `${k.type} ${k.body.slice(0, 60)}\n${k.body.slice(60)}\r\n`;
    expect(parseSshKey(wrapped)).toMatchObject({ type: 'ssh-rsa', body: k.body, comment: '', bits: 2048 });
  });

  for (const kind of ['ed25519', 'rsa', 'ecdsa', 'ecdsa-521'] as const) {
    it(`refuses every breakage of a ${kind} key`, async () => {
      const k = await sshPublicKey(kind);
      for (const how of SSH_KEY_BREAKAGES) {
        const expected = how === 'garbage' || how === 'unknown-type' ? 'type is not supported' : 'is invalid';
        expect(parseSshKey(brokenSshKey(how, k)), `${kind} ${how}`).toEqual({ error: expected });
      }
    });
  }

  it('refuses trailing bytes, a curve that disagrees with the type, and the empty text', async () => {
    const k = await sshPublicKey('ecdsa');
    const extra = Buffer.concat([Buffer.from(k.body, 'base64'), Buffer.from([0, 0, 0, 0])]).toString('base64');
    expect(parseSshKey(`${k.type} ${extra}`)).toEqual({ error: 'is invalid' });
    expect(parseSshKey(`ecdsa-sha2-nistp384 ${k.body}`)).toEqual({ error: 'is invalid' });
    expect(parseSshKey('')).toEqual({ error: 'type is not supported' });
  });

  it('shows the key with type and body and the comment replaced', () => {
    expect(publishableKey({ type: 'ssh-ed25519', body: 'AAAA' }, 'Jane Doe', 'example.com')).toBe(
      'ssh-ed25519 AAAA Jane Doe (example.com)',
    );
  });
});
