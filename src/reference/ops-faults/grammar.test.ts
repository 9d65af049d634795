/**
 * The operational faults' grammar: each kind, its argument, route and rate read from the flag's
 * text, and a one-line error naming the bad part of a wrong one.
 *
 *   npx vitest run src/reference/ops-faults/grammar.test.ts
 */
import { describe, expect, it } from 'vitest';
import { OpsFaultError, parseOpsFaults, resolveOpsFaults } from './grammar.ts';

describe('parseOpsFaults', () => {
  it('reads each kind with its argument, route and rate', () => {
    expect(parseOpsFaults('429@GET /users:0.5, 429=3@*, 429-reset=2@POST /projects, delay=200@*:1')).toEqual([
      { kind: '429', route: 'GET /users', rate: 0.5, retryAfter: 1 },
      { kind: '429', route: '*', rate: 1, retryAfter: 3 },
      { kind: '429', route: 'POST /projects', rate: 1, rateLimitReset: 2 },
      { kind: 'delay', route: '*', rate: 1, ms: 200 },
    ]);
    expect(parseOpsFaults('500@GET /users/:id,502,503@* /projects/*:0,drop@DELETE /users/:id:0.25,truncate@GET /user')).toEqual([
      { kind: '500', route: 'GET /users/:id', rate: 1 },
      { kind: '502', route: '*', rate: 1 },
      { kind: '503', route: '* /projects/*', rate: 0 },
      { kind: 'drop', route: 'DELETE /users/:id', rate: 0.25 },
      { kind: 'truncate', route: 'GET /user', rate: 1 },
    ]);
    expect(parseOpsFaults('  ')).toEqual([]);
  });

  it.each([
    ['418@*', /unknown kind "418"/],
    ['delay@*', /delay needs ms/],
    ['429=soon@*', /"soon" after 429= must be a whole number/],
    ['drop=3@*', /drop takes no =value/],
    ['500@GET /users:1.5', /rate must be between 0 and 1, got 1.5/],
    ['500@GET /users:half', /rate "half" is not a number/],
    ['500@FETCH /users', /method "FETCH" is not an HTTP verb/],
    ['500@GET users', /path "users" must start with \//],
    ['500@GET', /route "GET" must be \* or "METHOD \/path"/],
  ])('refuses %s, naming the bad part', (text, message) => {
    expect(() => parseOpsFaults(text)).toThrow(OpsFaultError);
    expect(() => parseOpsFaults(text)).toThrow(message);
    expect(() => parseOpsFaults(text)).toThrow(`ops fault "${text}"`);
  });

  it('checks objects the same way, and fills their defaults', () => {
    expect(resolveOpsFaults([{ kind: '429' }, { kind: 'delay', ms: 5, route: 'GET /users' }])).toEqual([
      { kind: '429', route: '*', rate: 1, retryAfter: 1 },
      { kind: 'delay', route: 'GET /users', rate: 1, ms: 5 },
    ]);
    expect(() => resolveOpsFaults([{ kind: '429', retryAfter: 1, rateLimitReset: 1 }])).toThrow(
      /opsFaults\[0\]: a 429 gives Retry-After or RateLimit-Reset, not both/,
    );
    expect(() => resolveOpsFaults([{ kind: '500', rate: -1 }])).toThrow(/rate must be between 0 and 1/);
  });
});
