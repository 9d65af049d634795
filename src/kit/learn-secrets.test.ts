/** Secrets learnt from traffic: a password sent and a token revealed are redacted from then on. */
import { describe, expect, it } from 'vitest';
import type { ApiResponse } from './client.ts';
import { learnSecrets } from './learn-secrets.ts';
import { SecretSet } from '../shared/redact.ts';

const exchange = (o: Partial<ApiResponse>): ApiResponse => ({
  method: 'POST',
  url: 'http://h/api/v4/x',
  requestHeaders: {},
  status: 201,
  headers: {},
  text: '',
  json: undefined,
  durationMs: 1,
  ...o,
});

describe('learnSecrets', () => {
  it('learns a password from a JSON or form body and a token from a response', () => {
    const s = new SecretSet();
    learnSecrets(
      exchange({ requestHeaders: { 'content-type': 'application/json' }, requestBody: '{"password":"correct-horse-battery"}' }),
      s,
    );
    learnSecrets(
      exchange({
        requestHeaders: { 'content-type': 'application/x-www-form-urlencoded' },
        requestBody: 'name=a&password=form%20secret%20value',
      }),
      s,
    );
    learnSecrets(exchange({ json: { id: 3, token: 'glpat-abcdefghijklmnop' } }), s);
    expect(s.redact('correct-horse-battery form secret value glpat-abcdefghijklmnop')).toBe('[redacted] [redacted] [redacted]');
  });

  it('ignores other fields and bodies it cannot read', () => {
    const s = new SecretSet();
    learnSecrets(
      exchange({
        requestHeaders: { 'content-type': 'application/json' },
        requestBody: '{"name":"not-a-secret-name"}',
        json: [{ token: 'in-a-list-not-learnt' }],
      }),
      s,
    );
    learnSecrets(exchange({ requestHeaders: { 'content-type': 'application/json' }, requestBody: '{broken' }), s);
    expect(s.list()).toEqual([]);
  });
});
