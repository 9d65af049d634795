/**
 * Unit tests of what the kit says when a 2xx answer lacks a field it reads (needed-field.ts), and of
 * the fixture creators that read them (fixtures.ts), with fake answers.
 *
 *   npx vitest run src/kit/needed-field.test.ts
 */
import { describe, expect, test } from 'vitest';
import { SecretSet } from '../shared/redact.ts';
import type { ApiResponse } from './exchange.ts';
import { createGroup, createImpersonationToken, createUser } from './fixtures.ts';
import { firstMissingField, holds, missingField, TOKEN_VALUE } from './needed-field.ts';
import type { Session } from './session.ts';

const answer = (status: number, json: unknown, text = JSON.stringify(json) ?? ''): ApiResponse => ({
  method: 'POST',
  url: 'http://127.0.0.1:4010/api/v4/x',
  requestHeaders: {},
  status,
  headers: { 'content-type': 'application/json' },
  text,
  json,
  durationMs: 1,
});

describe('missingField', () => {
  test('nothing to say when the answer holds the field as needed', () => {
    expect(missingField(answer(201, { id: 5 }), 'POST /users', { field: 'id', kind: 'integer' })).toBeUndefined();
    expect(missingField(answer(201, { id: '5' }), 'POST /users', { field: 'id', kind: 'id' })).toBeUndefined();
    expect(missingField(answer(201, { token: 'glpat-x' }), 'POST /t', TOKEN_VALUE)).toBeUndefined();
  });

  test('a missing field: the request, the status, the field and what it is, the fields the answer has', () => {
    expect(
      missingField(answer(201, { username: 'u', state: 'active' }), 'POST /users', { field: 'id', kind: 'integer', what: "the user's id" }),
    ).toBe(
      "POST /users answered 201 without id (an integer: the user's id), which the kit needs to go on; the answer has username, state.",
    );
  });

  test('a field of another kind says which kind, never its value', () => {
    const secret = 'glpat-0123456789abcdefghij';
    const cases: [unknown, string][] = [
      [null, 'null'],
      ['', 'an empty string'],
      ['abc', 'a string'],
      [['a'], 'an array'],
      [{ v: secret }, 'an object'],
      [1.5, 'a number with a fraction'],
      [2 ** 60, 'a number beyond 2^53'],
      [true, 'a boolean'],
    ];
    for (const [value, words] of cases) {
      const said = missingField(answer(201, { id: value }), 'POST /x', { field: 'id', kind: 'integer' })!;
      expect(said).toBe(`POST /x answered 201 with id as ${words}, where the kit needs an integer to go on; the answer has id.`);
    }
    expect(missingField(answer(201, { id: '5' }), 'POST /x', { field: 'id', kind: 'integer' })).toMatch(/with id as a string of digits/);
    expect(missingField(answer(201, { token: 42 }), 'POST /t', TOKEN_VALUE)).toMatch(
      /with token as a number, where the kit needs a string \(the token's value\)/,
    );
  });

  test('a body that is not a JSON object says what it is', () => {
    const need = { field: 'id', kind: 'integer' } as const;
    expect(missingField(answer(201, [{ id: 1 }]), 'POST /x', need)).toMatch(/; its body is not a JSON object \(an array\)\.$/);
    expect(missingField(answer(201, undefined, ''), 'POST /x', need)).toMatch(/\(empty\)\.$/);
    expect(missingField({ ...answer(201, undefined, '<html>'), headers: { 'content-type': 'text/html' } }, 'POST /x', need)).toMatch(
      /\(not JSON, content type text\/html\)\.$/,
    );
    expect(missingField(answer(200, {}), 'POST /x', need)).toMatch(/; the answer is an empty object\.$/);
  });

  test('the likely cause comes as a second sentence, only when there is one', () => {
    const readView = missingField(answer(201, { id: 9, name: 't', active: true }), 'POST /users/5/impersonation_tokens', TOKEN_VALUE)!;
    expect(readView.split('. ')).toHaveLength(2); // two sentences: what is missing, then why
    expect(readView).toMatch(/; the answer has id, name, active\. The spec shows a token's value once, in the answer to its creation/);
    expect(missingField(answer(201, { name: 't' }), 'POST /t', TOKEN_VALUE)).toMatch(/; the answer has name\.$/);
  });

  test('a long answer lists its first twelve field names and counts the rest', () => {
    const body = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`f${i}`, i]));
    expect(missingField(answer(201, body), 'POST /x', { field: 'id', kind: 'integer' })).toMatch(
      /the answer has f0, f1, .*, f11 and 3 more\.$/,
    );
  });

  test('firstMissingField says the first of several', () => {
    const needed = [
      { field: 'id', kind: 'integer' },
      { field: 'full_path', kind: 'string' },
    ] as const;
    expect(firstMissingField(answer(201, { id: 3, path: 'g' }), 'POST /groups', needed)).toMatch(
      /^POST \/groups answered 201 without full_path \(a string\)/,
    );
    expect(firstMissingField(answer(201, { id: 3, full_path: 'run/g' }), 'POST /groups', needed)).toBeUndefined();
    expect([holds(0, 'id'), holds('12', 'id'), holds('12', 'integer'), holds(' ', 'string')]).toEqual([true, true, false, true]);
  });
});

/** A session whose admin answers every POST with `reply(path)`; it tracks nothing. */
function fakeSession(reply: (path: string) => ApiResponse): Session {
  const client = { post: async (path: string) => reply(path) };
  return {
    admin: client,
    as: () => client,
    name: (label: string) => `cfk-test-${label}`,
    track: () => {},
    secrets: new SecretSet([]),
    target: { tokenExpiresAt: '2024-06-01', runGroup: { id: 1, fullPath: 'cfk-test' } },
  } as unknown as Session;
}

/** The error a creator rejects with. */
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => new Error('no error'),
    (e: Error) => e,
  );

describe('fixture creators name the field a 2xx answer lacks', () => {
  test('a created token without its value', async () => {
    const s = fakeSession(() => answer(201, { id: 9, name: 'cfk-test-token', scopes: ['api'] }));
    expect((await errorOf(createImpersonationToken(s, 5))).message).toBe(
      "fixture: POST /users/5/impersonation_tokens answered 201 without token (a string: the token's value), which the kit needs to go on; the answer has id, name, scopes. The spec shows a token's value once, in the answer to its creation: this answer looks like the token as read later, without its value.",
    );
  });

  test('a created user without its id (before any token is asked for)', async () => {
    const asked: string[] = [];
    const s = fakeSession((path) => (asked.push(path), answer(201, { username: 'u1' })));
    expect((await errorOf(createUser(s))).message).toBe(
      'fixture: POST /users answered 201 without id (an integer), which the kit needs to go on; the answer has username.',
    );
    expect(asked).toEqual(['/users']);
  });

  test('a created group without its full_path', async () => {
    const s = fakeSession(() => answer(201, { id: 4, path: 'g' }));
    expect((await errorOf(createGroup(s))).message).toBe(
      'fixture: POST /groups answered 201 without full_path (a string), which the kit needs to go on; the answer has id, path.',
    );
  });

  test('a refusal still names the call and the status', async () => {
    const s = fakeSession(() => answer(403, { message: '403 Forbidden' }));
    expect((await errorOf(createGroup(s))).message).toBe('fixture: POST /groups answered 403 {"message":"403 Forbidden"}');
  });

  test('a complete answer gives the fixture', async () => {
    const s = fakeSession((path) =>
      path === '/users' ? answer(201, { id: 5, username: 'u1' }) : answer(201, { id: 9, token: 'glpat-x' }),
    );
    expect(await createUser(s)).toMatchObject({ id: 5, username: 'u1', token: 'glpat-x' });
  });
});
