/**
 * The privacy layer's parts, one by one: the placeholder a value gets by its field or its look, the
 * shape of a value a format finding is about, the credentials an exchange shows in every form,
 * and a finding's texts and reproducer made private (values whole, escaped, encoded or cut short).
 */
import { describe, expect, it } from 'vitest';
import { reproducer } from '../reference/strict/findings.ts';
import { SecretSet } from '../shared/redact.ts';
import { learnCredentials, redactCredentialText } from './credentials.ts';
import { observedExchange } from './fixtures/exchange.ts';
import { Observation, SECRETS_KEPT } from './observation.ts';
import { maskQuery, PrivateExchange } from './privacy.ts';
import { maskPatterns, placeholderFor, shapeOf } from './value-kinds.ts';

describe('placeholders and shapes', () => {
  it('gives a personal field its kind, whatever the value', () => {
    expect(placeholderFor('email', 'ann@example.org')).toBe('<email>');
    expect(placeholderFor('public_email', 'x')).toBe('<email>');
    expect(placeholderFor('username', 'ann')).toBe('<username>');
    expect(placeholderFor('id_or_username', 'ann')).toBe('<username>');
    expect(placeholderFor('name', 'Ann Lee')).toBe('<name>');
    expect(placeholderFor('author_name', 'a')).toBe('<name>');
    expect(placeholderFor('current_sign_in_ip', '10.0.0.1')).toBe('<ip>');
    expect(placeholderFor('bio', 'I like trains')).toBe('<text>');
    expect(placeholderFor('web_url', 'http://h/ann')).toBe('<url>');
  });

  it('keeps structure: numbers, booleans, values the spec enumerates, empty values', () => {
    for (const [key, value] of [
      ['per_page', '20'],
      ['active', 'true'],
      ['state', 'active'],
      ['variable_type', 'env_var'],
      ['scopes', 'api'],
      ['sort', 'desc'],
      ['bio', ''],
    ]) {
      expect(placeholderFor(key, value!), `${key}=${value}`).toBeUndefined();
    }
  });

  it('chooses by the look where the field says nothing, and is conservative when in doubt', () => {
    expect(placeholderFor('colour', 'ann@example.org')).toBe('<email>');
    expect(placeholderFor('x', '203.0.113.77')).toBe('<ip>');
    expect(placeholderFor('x', '2001:db8::7')).toBe('<ip>');
    expect(placeholderFor('x', 'red')).toBe('<text>');
    expect(placeholderFor(undefined, 'https://example.org/a')).toBe('<url>');
  });

  it('shows a value a format finding is about by its shape', () => {
    expect(shapeOf('2024-01-01T12:00:00Z')).toBe('<datetime without milliseconds>');
    expect(shapeOf('2024-01-01T12:00:00.000+02:00')).toBe('<datetime with an offset instead of Z>');
    expect(shapeOf('2024-01-01 12:00')).toBe(
      '<datetime with a space instead of T, without seconds, without milliseconds, without a time zone>',
    );
    expect(shapeOf('2024-01-01T12:00:00.000Z')).toBe('<datetime>');
    expect(shapeOf('2024-01-01')).toBe('<date>');
    expect(shapeOf('31/01/2024 12:00')).toBe('<text of 16 chars, with date-like, a time>');
    expect(shapeOf('next tuesday')).toBe('<text of 12 chars>');
    expect(placeholderFor('from', 'next tuesday', true)).toBe('<text of 12 chars>');
    expect(placeholderFor('created_at', '2024-01-01T12:00:00Z')).toBe('<datetime without milliseconds>');
  });

  it('finds e-mail and IP addresses anywhere, not times or versions of three parts', () => {
    expect(maskPatterns('mail ann@example.org from 203.0.113.77 or [2001:db8::1] at 12:00:00, v1.2.3')).toBe(
      'mail <email> from <ip> or [<ip>] at 12:00:00, v1.2.3',
    );
  });
});

describe('credentials', () => {
  it('learns them from headers, cookies, the query (& and ;), bodies at any depth and the answer', () => {
    const secrets = new SecretSet();
    learnCredentials(
      {
        headers: {
          authorization: `Basic ${Buffer.from('ann:basic-password-1').toString('base64')}`,
          'private-token': 'header-token-1',
          cookie: '_session=cookie-value-1; theme=dark',
        },
        query: 'per_page=2;private_token=query-token-1&x=1',
        body: { user: { password: 'body-password-1' }, attrs: [{ token: 'nested-token-1' }], masked: true, value: 'masked-value-1' },
        answerHeaders: { 'set-cookie': '_gitlab_session=set-cookie-1; path=/; Expires=Wed, 21 Oct 2099 07:28:00 GMT' },
        answer: [{ id: 1, token: 'answer-token-1' }],
        answerText: '[{"id":1,"token":"answer-token-1"}]',
      },
      secrets,
    );
    expect(secrets.list()).toEqual(
      expect.arrayContaining([
        'basic-password-1',
        'header-token-1',
        'cookie-value-1',
        'query-token-1',
        'body-password-1',
        'nested-token-1',
        'masked-value-1',
        'set-cookie-1',
        'answer-token-1',
      ]),
    );
  });

  it('redacts credential headers, fields and ;-joined parameters in any text', () => {
    expect(redactCredentialText(`-H 'PRIVATE-TOKEN: abc' --data '{"password":"pw","name":"n"}'`)).toBe(
      `-H 'PRIVATE-TOKEN: [redacted]' --data '{"password":"[redacted]","name":"n"}'`,
    );
    expect(redactCredentialText('{"r":"--data \'{\\"token\\":\\"t\\"}\'"}')).toBe('{"r":"--data \'{\\"token\\":\\"[redacted]\\"}\'"}');
    expect(new SecretSet().redact('/users?per_page=2;private_token=abc&x=1')).toBe('/users?per_page=2;private_token=[redacted]&x=1');
    expect(maskQuery('per_page=2;private_token=abc&search=ann', true)).toBe('per_page=2;private_token=[redacted]&search=ann');
    expect(maskQuery('per_page=2;private_token=abc&search=ann', false)).toBe('per_page=2;private_token=[redacted]&search=<text>');
  });
});

describe('a private exchange', () => {
  const answer = [
    {
      id: 7,
      name: 'Ann Lee',
      username: 'annlee',
      email: 'ann@example.org',
      bio: 'A'.repeat(80),
      state: 'active',
      created_at: '2024-01-01T12:00:00Z',
    },
  ];
  const exchange = (showValues = false) =>
    new PrivateExchange(
      {
        target: '/api/v4/users/annlee/keys?search=Ann%20Lee&per_page=2',
        pathParams: { id_or_username: 'annlee' },
        body: { title: 'my key', colour: 'red', password: 'pw-secret-1' },
        answer,
        answerText: JSON.stringify(answer),
      },
      new SecretSet(['pw-secret-1']),
      showValues,
    );

  it('replaces values whole, JSON-escaped, URL-encoded and cut short, keeping the structure readable', () => {
    const p = exchange();
    expect(p.text('/0/username must be one of "a", got "annlee"')).toBe('/0/username must be one of "a", got "<username>"');
    expect(p.text('expected search=Ann Lee, got <http://h/api/v4/users?search=Ann%20Lee&per_page=2>; rel="next"')).toBe(
      'expected search=<name>, got <http://h/api/v4/users?search=<text>&per_page=2>; rel="next"',
    );
    expect(p.text(`/0/bio must be null, got string "${'A'.repeat(40)}…"`)).toBe('/0/bio must be null, got string "<text>…"');
    expect(p.text('state is active; Ann Lee wrote it')).toBe('state is active; <name> wrote it');
    expect(p.text('2024-01-01T12:00:00Z', true)).toBe('<datetime without milliseconds>');
    expect(p.text('/0/created_at must be a datetime with milliseconds and Z, like 2020-01-01T12:00:00.000Z, got "13/07/2031"')).toBe(
      '/0/created_at must be a datetime with milliseconds and Z, like 2020-01-01T12:00:00.000Z, got "<text of 10 chars, with date-like>"',
    );
    expect(p.text(`got string "${'A'.repeat(40)}…" for Ann Lee`)).toBe('got string "<text>…" for <name>');
  });

  it('shows an excerpt of the answer body masked', () => {
    const p = exchange();
    const t = p.text(JSON.stringify(answer).slice(0, 60));
    expect(t).not.toMatch(/Ann|annlee|example/);
    expect(t).toMatch(/^\[\{"id":7,"name":"<name>","username":"<username>"/);
  });

  it('builds the reproducer from placeholders, credentials always [redacted]', () => {
    const shown = {
      method: 'POST',
      url: 'http://h/api/v4/users/annlee/keys?search=Ann%20Lee&per_page=2',
      operationId: 'x',
      body: { title: 'my key', colour: 'red', password: 'pw-secret-1' },
    };
    expect(reproducer(exchange().request(shown))).toBe(
      `curl -X POST 'http://h/api/v4/users/<username>/keys?search=<text>&per_page=2' -H 'Content-Type: application/json' --data '{"title":"<text>","colour":"<text>","password":"[redacted]"}'`,
    );
    expect(reproducer(exchange(true).request(shown))).toBe(
      `curl -X POST 'http://h/api/v4/users/annlee/keys?search=Ann%20Lee&per_page=2' -H 'Content-Type: application/json' --data '{"title":"my key","colour":"red","password":"[redacted]"}'`,
    );
    expect(exchange(true).text('got "annlee" and pw-secret-1')).toBe('got "annlee" and [redacted]');
  });
});

describe('credentials over a long run', () => {
  it('keeps the most recently seen, bounded, and still redacts a new exchange’s own credential wherever it stands', () => {
    const o = new Observation('http://h', [], { showValues: true });
    // Every CI job calls with a JOB-TOKEN of its own; they all begin alike.
    const token = (i: number) => `glcbt-64_${i.toString(36).padStart(20, '0')}`;
    const runs = SECRETS_KEPT * 2;
    for (let i = 0; i < runs; i++)
      o.record({ ...observedExchange('/api/v4/broadcast_messages'), requestHeaders: { 'job-token': token(i) } });
    const last = token(runs);
    // The last job's token also stands as the value of a parameter no rule names: only the learnt secrets can hide it.
    o.record({ ...observedExchange(`/api/v4/users?per_page=2&job_ref=${last}`), requestHeaders: { 'job-token': last } });
    const kept = o.secrets.list();
    expect(kept.length).toBeLessThanOrEqual(SECRETS_KEPT);
    expect(kept).toContain(last);
    expect(kept).not.toContain(token(0));
    const written = JSON.stringify(o.snapshot());
    expect(written).toContain('job_ref=[redacted]');
    expect(written).not.toContain('glcbt-64_');
  });
});
