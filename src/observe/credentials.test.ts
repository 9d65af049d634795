/**
 * The credentials learned from a parsed body (credentials.ts) are those the plain walk it replaced
 * learned, in the same order: request bodies always walked, an answer's only when its text shows a
 * hint of a credential; bodies drawn at random (credential keys, masked variables, nesting, lists of
 * one shape, strings that look like credentials in values only).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { SecretSet } from '../shared/redact.ts';
import { CREDENTIAL_KEY, learnCredentials } from './credentials.ts';

const HINT = /token|passw|secret|passphrase|otp_attempt|masked/i;

/** The walk as first written: every node visited, at most `limit`, a credential key's strings and a masked variable's value learned. */
function plainWalk(node: unknown, learn: (v: string) => void, limit = 20_000): void {
  let budget = limit;
  const visit = (n: unknown, key: string | undefined): void => {
    if (budget-- <= 0) return;
    if (typeof n === 'string') {
      if (key !== undefined && CREDENTIAL_KEY.test(key)) learn(n);
    } else if (Array.isArray(n)) for (const item of n) visit(item, key);
    else if (n !== null && typeof n === 'object') {
      const record = n as Record<string, unknown>;
      if ((record.masked === true || record.masked === 'true') && typeof record.value === 'string') learn(record.value);
      for (const [k, v] of Object.entries(record)) visit(v, k);
    }
  };
  visit(node, undefined);
}

function learned(body: unknown, answer: unknown): string[] {
  const secrets = new SecretSet([]);
  const answerText = answer === undefined ? '' : JSON.stringify(answer);
  learnCredentials({ headers: {}, query: '', body, answerHeaders: {}, answer, answerText }, secrets);
  return secrets.list();
}

function plainLearned(body: unknown, answer: unknown): string[] {
  const secrets = new SecretSet([]);
  const learn = (v: string) => /^\[redacted(-\d+)?\]$/.test(v) || secrets.add(v);
  if (body !== null && typeof body === 'object') plainWalk(body, learn);
  const answerText = answer === undefined ? '' : JSON.stringify(answer);
  if (answer !== null && typeof answer === 'object' && HINT.test(answerText)) plainWalk(answer, learn);
  return secrets.list();
}

const KEYS = [
  'token',
  'private_token',
  'password',
  'Password',
  'otp_attempt',
  'masked',
  'value',
  'name',
  'key',
  'id',
  'tokens',
  'secret_x',
];
const leaf = fc.oneof(
  fc.constantFrom('tok-1', 'pass-2', 'value-3', 'TOKEN in text', 'true', '[redacted]', '', true, false, null, 7),
  fc.string({ minLength: 1, maxLength: 8 }).map((s) => `v-${s}`),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('object'), tie('list'), tie('variables')),
  object: fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 5 }),
  list: fc.array(tie('value'), { maxLength: 4 }),
  /** Variables of one shape, masked or not. */
  variables: fc.array(
    fc.record({
      key: fc.constantFrom('A', 'B'),
      value: fc.string({ minLength: 1, maxLength: 6 }).map((s) => `secret-${s}`),
      masked: fc.constantFrom(true, false, 'true'),
    }),
    { maxLength: 4 },
  ),
}));

describe('credentials of a parsed body', () => {
  test('learned as the plain walk learned them, body and answer', () => {
    fc.assert(
      fc.property(value, value, (body, answer) => {
        expect(learned(body, answer)).toEqual(plainLearned(body, answer));
      }),
      { seed: 39, numRuns: 2000 },
    );
  });

  test('an answer whose text shows no hint is not learned from; past the walk limit nothing more is', () => {
    // The key escaped in the text: no hint there, so the answer's value is not learned (as before).
    const answer = JSON.parse('{"\\u0074oken":"hidden-1"}');
    expect(learnedFromText(answer, '{"\\u0074oken":"hidden-1"}')).toEqual([]);
    const long = [...Array.from({ length: 20_000 }, () => 1), { token: 'late-token' }];
    expect(learned(long, undefined)).toEqual([]);
    expect(learned([{ token: 'early-token' }, ...long], undefined)).toEqual(['early-token']);
  });
});

function learnedFromText(answer: unknown, answerText: string): string[] {
  const secrets = new SecretSet([]);
  learnCredentials({ headers: {}, query: '', body: undefined, answerHeaders: {}, answer, answerText }, secrets);
  return secrets.list();
}
