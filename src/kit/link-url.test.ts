/**
 * Unit tests of reading Link URLs (link-url.ts, http-helpers.ts parseLinks): a relative reference is
 * resolved against the request's URL and noted once; a value no client can request fails the test
 * that reads its rel, naming the header, the rel, the value as received and what was expected; the
 * reference with the fault pagination.link-without-host gives that failure, without it the links follow.
 *
 *   npx vitest run src/kit/link-url.test.ts
 */
import { afterAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningReference } from '../reference/index.ts';
import { SecretSet } from '../shared/redact.ts';
import { ConformanceFailure } from './checks.ts';
import { ApiClient } from './client.ts';
import { parseLinks } from './http-helpers.ts';
import { LINK_URL_EXPECTED, RELATIVE_LINK_NOTE, linkFailure, linkTarget } from './link-url.ts';
import { inTestLog, testNotes } from './recorder.ts';
import type { ApiResponse } from './exchange.ts';

const REQUESTED = 'http://127.0.0.1:4010/api/v4/users/7/emails?per_page=2&page=1';

const answer = (link: string): ApiResponse => ({
  method: 'GET',
  url: REQUESTED,
  requestHeaders: {},
  status: 200,
  headers: { link },
  text: '[]',
  json: [],
  durationMs: 1,
});

/** What reading `read` throws (fails the test when it throws nothing or something else). */
function failureOf(read: () => unknown): ConformanceFailure {
  let thrown: unknown;
  try {
    read();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(ConformanceFailure);
  return thrown as ConformanceFailure;
}

describe('linkTarget', () => {
  test('an absolute http(s) URL is kept exactly as written', () => {
    const link = 'https://gitlab.example.com/api/v4/users?page=2&x%5B%5D=1&y[]=2';
    expect(linkTarget(link, REQUESTED)).toEqual({ url: link, relative: false });
    expect(linkTarget('http://[::1]:4010/api/v4/users?page=2')).toEqual({ url: 'http://[::1]:4010/api/v4/users?page=2', relative: false });
  });

  test("a relative reference is resolved against the request's URL (RFC 3986 §5)", () => {
    expect(linkTarget('/api/v4/users/7/emails?page=2&per_page=2', REQUESTED)).toEqual({
      url: 'http://127.0.0.1:4010/api/v4/users/7/emails?page=2&per_page=2',
      relative: true,
    });
    expect(linkTarget('emails?page=2', REQUESTED)).toEqual({ url: 'http://127.0.0.1:4010/api/v4/users/7/emails?page=2', relative: true });
    expect(linkTarget('?page=3', REQUESTED)).toEqual({ url: 'http://127.0.0.1:4010/api/v4/users/7/emails?page=3', relative: true });
    expect(linkTarget('//gitlab.internal/api/v4/users?page=2', REQUESTED)).toEqual({
      url: 'http://gitlab.internal/api/v4/users?page=2',
      relative: true,
    });
  });

  test.each([
    ['not a url', 'it holds a space, which a URI reference cannot hold'],
    ['http://h/api/v4/users?page=2\t', 'it holds a control character (U+0009), which a URI reference cannot hold'],
    ['http://h/api/v4/users?search="a"', 'it holds """, which a URI reference cannot hold'],
    [
      'http://h/api/v4/users?search=é',
      'it holds a character outside ASCII ("é", U+00E9) not percent-encoded, which a URI reference cannot hold',
    ],
    ['http://h/api/v4/users?search=100%', 'it holds a % not followed by two hex digits'],
    ['http:///api/v4/users?page=2', 'its host is empty'],
    ['http://:4010/api/v4/users?page=2', 'its host is empty'],
    ['https://user@:443/api/v4/users', 'its host is empty'],
    ['http:/api/v4/users?page=2', 'it names the scheme http: without // and a host'],
    ['http://[::1/api/v4/users', "it does not parse as a URL, even relative to the request's URL"],
    ['mailto:admin@example.com', 'it names the scheme mailto:, which is not http or https'],
    ['ftp://gitlab.internal/api/v4/users', 'it names the scheme ftp:, which is not http or https'],
  ])('%j: no client can request it (%s)', (value, problem) => {
    expect(linkTarget(value, REQUESTED)).toEqual({ problem });
  });

  test('without a request URL a relative reference cannot be resolved', () => {
    expect(linkTarget('/api/v4/users?page=2')).toEqual({ problem: 'it is relative, and there is no request URL to resolve it against' });
  });
});

describe('linkFailure', () => {
  test('names the header and the rel, the value as received and what was expected', () => {
    const f = linkFailure('next', 'http:///api/v4/users?page=2', 'its host is empty');
    expect(f.requirement).toBe(
      'The Link header\'s rel="next" URL MUST be a URL a client can follow (clients follow these links): its host is empty.',
    );
    expect([f.expected, f.actual]).toEqual([LINK_URL_EXPECTED, 'http:///api/v4/users?page=2']);
    expect(f.message).toContain('Actual: http:///api/v4/users?page=2');
  });
});

describe('parseLinks', () => {
  test('absolute URLs as written; relative ones resolved, and the run noted once', () => {
    inTestLog('relative links', () => {
      const links = parseLinks(
        answer('<users/7/emails?page=2&per_page=2>; rel="next", </api/v4/users/7/emails?page=1&per_page=2>; rel="first"'),
      );
      expect(links).toEqual({
        next: 'http://127.0.0.1:4010/api/v4/users/7/users/7/emails?page=2&per_page=2',
        first: 'http://127.0.0.1:4010/api/v4/users/7/emails?page=1&per_page=2',
      });
      expect(testNotes()).toEqual([RELATIVE_LINK_NOTE]);
    });
    inTestLog('absolute links', () => {
      expect(parseLinks(answer(`<${REQUESTED}>; rel="first"`)).first).toBe(REQUESTED);
      expect(testNotes()).toEqual([]);
    });
  });

  test('a rel no client can request fails the test reading it, naming it; the other rels read as usual', () => {
    const links = parseLinks(answer(`<${REQUESTED}>; rel="first", <page 2>; rel="next"`));
    expect(Object.keys(links)).toEqual(['first', 'next']);
    expect(links.first).toBe(REQUESTED);
    const f = failureOf(() => links.next);
    expect(f.requirement).toMatch(/^The Link header's rel="next" URL MUST be a URL a client can follow .*: it holds a space/);
    expect(f.actual).toBe('page 2');
    expect(f.message).not.toMatch(/Invalid URL/);
  });

  test('a Link header that does not parse fails whoever reads it, naming the header as received', () => {
    const f = failureOf(() => parseLinks(answer('garbage')));
    expect(f.requirement).toMatch(
      /^The Link header MUST be a list of <URL>; rel="\.\.\." values \(RFC 8288\): it does not parse \(Unexpected character/,
    );
    expect(f.actual).toBe('garbage');
  });

  test('no Link header, or an entry without rel, gives no rels', () => {
    expect(parseLinks({ ...answer(''), headers: {} })).toEqual({});
    expect(parseLinks(answer(`<${REQUESTED}>`))).toEqual({});
  });
});

describe('the reference with and without the fault pagination.link-without-host', () => {
  const TOKEN = 'link-url-test-admin-token';
  const servers: RunningReference[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });
  /** Page 1 (per_page=2) of five broadcast messages, on a reference with `faults`. */
  async function firstPage(faults: string[]): Promise<{ admin: ApiClient; res: ApiResponse }> {
    const ref = await startReferenceServer({ port: 0, adminToken: TOKEN, faults });
    servers.push(ref);
    const admin = new ApiClient({
      apiUrl: `${ref.url}/api/v4`,
      timeoutMs: 5_000,
      maxBodyBytes: 1 << 20,
      secrets: new SecretSet([TOKEN]),
      auth: { token: TOKEN },
    });
    for (let i = 0; i < 5; i++) await admin.post('/broadcast_messages', { json: { message: `m${i}` } });
    return { admin, res: await admin.get('/broadcast_messages', { query: { per_page: 2 } }) };
  }

  test('with it, reading rel="next" fails naming the Link header, the rel and the value as the server wrote it', async () => {
    const { res } = await firstPage(['pagination.link-without-host']);
    const f = failureOf(() => parseLinks(res).next);
    expect(f.requirement).toBe(
      'The Link header\'s rel="next" URL MUST be a URL a client can follow (clients follow these links): its host is empty.',
    );
    expect(f.actual).toBe('http:///api/v4/broadcast_messages?page=2&per_page=2');
  });

  test('without it, rel="next" is followed to page 2', async () => {
    const { admin, res } = await firstPage([]);
    const next = await admin.follow(parseLinks(res).next!);
    expect([next.status, next.headers['x-page']]).toEqual([200, '2']);
  });
});
