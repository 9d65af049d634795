/**
 * at-most-one.ts: atMostOneWins lets none or one success through (returning its index, or -1) and
 * fails past one, listing every answer with its request and judging the second success.
 *
 *   npx vitest run src/kit/at-most-one.test.ts
 */
import { describe, expect, test } from 'vitest';
import type { AtOnceAnswers } from './at-once.ts';
import { atMostOneWins } from './at-most-one.ts';
import { ConformanceFailure } from './checks.ts';
import type { ApiResponse } from './client.ts';

function answers(statuses: number[], peak = 2): AtOnceAnswers {
  const res = (status: number): ApiResponse => ({
    method: 'POST',
    url: 'http://127.0.0.1/api/v4/users',
    requestHeaders: {},
    requestBody: '{"username":"x"}',
    status,
    headers: {},
    text: `{"status":${status}}`,
    json: { status },
    durationMs: 1,
  });
  return {
    requests: statuses.map(() => ({ client: undefined as never, method: 'POST', path: '/users', who: 'admin' })),
    answers: statuses.map(res),
    peak,
  };
}

describe('atMostOneWins', () => {
  test('one success among refusals: its index', () => {
    expect(atMostOneWins(answers([409, 201, 500]), 'creates')).toBe(1);
  });

  test('no success at all: -1 (the clause allows it)', () => {
    expect(atMostOneWins(answers([409, 409, 400]), 'creates')).toBe(-1);
  });

  test('two successes: a failure listing every answer, judging the second', () => {
    let thrown: unknown;
    try {
      atMostOneWins(answers([201, 409, 201]), 'POST /users with one new username');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ConformanceFailure);
    const f = thrown as ConformanceFailure;
    expect(f.requirement).toContain(
      'Of 3 POST /users with one new username sent at once (at most 2 in flight together), at most one MUST succeed',
    );
    expect(f.requirement).toContain('3. admin: POST /api/v4/users {"username":"x"} -> 201 {"status":201}');
    expect([f.expected, f.actual]).toEqual(['at most one 2xx', '201, 409, 201']);
  });

  test('requests sent in turn say so', () => {
    expect(() => atMostOneWins(answers([200, 200], 1), 'creates')).toThrow(/sent in turn/);
  });
});
