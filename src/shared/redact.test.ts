/** Unit tests of redaction and of the curl reproducer built from recorded exchanges. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { REDACTED, SecretSet } from './redact.ts';
import { toCurl } from '../kit/curl.ts';
import type { RecordedExchange } from '../kit/recorder.ts';

describe('SecretSet', () => {
  const secrets = new SecretSet(['glpat-SECRET123', 'p@ss w/rd+']);

  test('replaces known secrets, raw and URL-encoded', () => {
    expect(secrets.redact('token glpat-SECRET123 here')).toBe(`token ${REDACTED} here`);
    expect(secrets.redact(`x=${encodeURIComponent('p@ss w/rd+')}`)).toBe(`x=${REDACTED}`);
  });

  test('always hides private_token, access_token and password query values, even unknown ones', () => {
    expect(secrets.redact('http://h/api/v4/user?private_token=abc&x=1')).toBe(`http://h/api/v4/user?private_token=${REDACTED}&x=1`);
    expect(secrets.redact('http://h/?a=1&access_token=zzz')).toBe(`http://h/?a=1&access_token=${REDACTED}`);
  });

  test('always hides credential headers', () => {
    expect(secrets.redactHeaders({ 'private-token': 'anything', authorization: 'Bearer x', sudo: '7' })).toEqual({
      'private-token': REDACTED,
      authorization: REDACTED,
      sudo: '7',
    });
  });

  test('ignores values too short to be secrets', () => {
    const s = new SecretSet(['ab']);
    expect(s.redact('ab cd')).toBe('ab cd');
  });

  test('finds every secret wherever it stands: start, end, side by side, one a prefix of another (the longest wins)', () => {
    const s = new SecretSet(['abcdef', 'abcdefgh', 'zzzzzz']);
    expect(s.redact('abcdefgh')).toBe(REDACTED);
    expect(s.redact('abcdefabcdefghzzzzzz')).toBe(`${REDACTED}${REDACTED}${REDACTED}`);
    expect(s.redact('x abcdefg')).toBe(`x ${REDACTED}g`);
    expect(s.redact('abcde')).toBe('abcde');
  });

  test('redacts as a plain search for each secret would, on generated texts', () => {
    // The reference: at each position the longest secret (raw or URL-encoded) starting there.
    const naive = (text: string, secrets: string[]) => {
      const forms = [...new Set(secrets.flatMap((v) => [v, encodeURIComponent(v)]))].sort((a, b) => b.length - a.length);
      let out = '';
      for (let i = 0; i < text.length;) {
        const hit = forms.find((f) => text.startsWith(f, i));
        if (hit) {
          out += REDACTED;
          i += hit.length;
        } else {
          out += text[i];
          i += 1;
        }
      }
      return out;
    };
    const alphabet = fc.constantFrom('a', 'b', 'c', '/', ' ', '%');
    const piece = fc.string({ unit: alphabet, minLength: 6, maxLength: 9 });
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 4 }),
        fc.array(fc.oneof(piece, fc.string({ unit: alphabet, maxLength: 4 })), { maxLength: 12 }),
        (secrets, parts) => {
          const text = parts.join('');
          expect(new SecretSet(secrets).redact(text)).toBe(naive(text, secrets));
        },
      ),
      { seed: 11, numRuns: 300 },
    );
    // Long secrets sharing a prefix (the platform's tokens: glpat-..., glcbt-...), prefixes of one another, beside short ones.
    const long = fc
      .tuple(fc.constantFrom('glpat-', 'glcbt-', 'abcabc'), fc.string({ unit: alphabet, maxLength: 18 }))
      .map(([p, r]) => p + r);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(long, piece), { minLength: 1, maxLength: 8 }),
        fc.array(fc.oneof(long, piece, fc.string({ unit: alphabet, maxLength: 4 })), { maxLength: 12 }),
        (secrets, parts) => {
          const text = parts.join('');
          expect(new SecretSet(secrets).redact(text)).toBe(naive(text, secrets));
          // Learnt one by one, as observe does, past a limit the least recently seen are forgotten: the rest still redact as before.
          const bounded = new SecretSet([], undefined, 3);
          for (const v of secrets) bounded.add(v);
          const kept: string[] = [];
          for (const v of secrets.filter((v) => v.length >= 6)) {
            if (kept.includes(v)) kept.splice(kept.indexOf(v), 1);
            if (kept.push(v) > 3) kept.shift();
          }
          expect(bounded.list()).toEqual(kept);
          expect(bounded.redact(text)).toBe(naive(text, kept));
        },
      ),
      { seed: 12, numRuns: 400 },
    );
  });

  test('past its limit, forgets the secret seen least recently, never one it was given at the start', () => {
    const s = new SecretSet(['given-secret'], undefined, 2);
    for (const v of ['glcbt-first1', 'glcbt-second', 'glcbt-first1', 'glcbt-third3']) s.add(v);
    // glcbt-first1 was seen again after glcbt-second: glcbt-second is the one forgotten.
    expect(s.list()).toEqual(['given-secret', 'glcbt-first1', 'glcbt-third3']);
    expect(s.redact('given-secret glcbt-first1 glcbt-second glcbt-third3')).toBe(`${REDACTED} ${REDACTED} glcbt-second ${REDACTED}`);
  });

  test("a form two secrets share (one's raw form, the other's encoded one) stays while either is kept", () => {
    const s = new SecretSet([], undefined, 1);
    s.add('abc def ghi');
    s.add('abc%20def%20ghi');
    expect(s.redact('abc%20def%20ghi')).toBe(REDACTED);
  });
});

describe('toCurl', () => {
  test('replays method, headers, body and URL, quoted for a shell', () => {
    const x: RecordedExchange = {
      method: 'POST',
      url: 'http://127.0.0.1:4010/api/v4/broadcast_messages',
      status: 200,
      headers: {},
      bodyExcerpt: '',
      requestHeaders: { accept: 'application/json', 'private-token': REDACTED, 'content-type': 'application/json' },
      requestBody: `{"message":"it's"}`,
    };
    expect(toCurl(x)).toBe(
      `curl -X POST -H 'Private-Token: [redacted]' -H 'Content-Type: application/json' --data '{"message":"it'\\''s"}' 'http://127.0.0.1:4010/api/v4/broadcast_messages'`,
    );
  });
});
