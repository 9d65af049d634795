/** Unit tests of the HTTP client against a local node:http server: transports, bodies, limits, recording. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiClient, runClient } from './client.ts';
import { ConformanceFailure } from './checks.ts';
import { secretLearner } from './learn-secrets.ts';
import { toCurl } from './curl.ts';
import { inTestLog, lastExchange, recorder, resetExchanges, testRequests } from './recorder.ts';
import { SecretSet } from '../shared/redact.ts';
import { isKitError } from '../shared/errors.ts';
import { Throttle } from './throttle.ts';
import type { ApiResponse } from './exchange.ts';

let server: Server;
let apiUrl = '';
const seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/api/v4/hang')) return; // never answers
      // 429 to every other request (the first, the third...), or to every one
      const throttled =
        req.url?.startsWith('/api/v4/throttled-always') || (req.url?.startsWith('/api/v4/throttled') && seen.length % 2 === 1);
      if (throttled) {
        res.writeHead(429, { 'retry-after': '0', 'content-type': 'text/plain' });
        res.end('Retry later\n');
        return;
      }
      if (req.url?.startsWith('/api/v4/huge')) {
        res.end('x'.repeat(5000));
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true, echo: body }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const addr = server.address() as { port: number };
  apiUrl = `http://127.0.0.1:${addr.port}/api/v4`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** A client observed as in a test session: secrets learnt, then the exchange recorded. */
function observed(secrets: SecretSet) {
  return { secrets, observers: [secretLearner(secrets), recorder(secrets)] };
}
const client = (token = 'secret-token-123', timeoutMs = 2000) =>
  new ApiClient({ apiUrl, timeoutMs, maxBodyBytes: 1000, ...observed(new SecretSet([token])), auth: { token } });

/** A client with its own throttle, and the answers its observer saw. */
function throttledClient(o: ConstructorParameters<typeof Throttle>[0]) {
  const observed: ApiResponse[] = [];
  const throttle = new Throttle(o);
  const c = new ApiClient({
    apiUrl,
    timeoutMs: 2000,
    maxBodyBytes: 1000,
    secrets: new SecretSet([]),
    observers: [(r) => observed.push(r)],
    throttle,
  });
  return { c, observed, throttle };
}

describe('ApiClient', () => {
  test.each([
    ['private-token', (s: (typeof seen)[0]) => s.headers['private-token']],
    ['bearer', (s: (typeof seen)[0]) => s.headers.authorization?.replace('Bearer ', '')],
    ['private_token', (s: (typeof seen)[0]) => new URL(s.url, 'http://x').searchParams.get('private_token')],
    ['access_token', (s: (typeof seen)[0]) => new URL(s.url, 'http://x').searchParams.get('access_token')],
  ] as const)('sends the token as %s', async (via, read) => {
    await client()
      .as({ token: 'secret-token-123', via })
      .get('/user', { query: { a: 1 } });
    expect(read(seen.at(-1)!)).toBe('secret-token-123');
  });

  test('encodes arrays and hashes in bracket notation, in the query and in form bodies', async () => {
    await client().post('/x', { query: { scopes: ['api', 'read_user'] }, form: { h: { k: 'v' }, n: 1 } });
    const last = seen.at(-1)!;
    expect(decodeURIComponent(last.url)).toContain('scopes[]=api&scopes[]=read_user');
    expect(decodeURIComponent(last.body)).toBe('h[k]=v&n=1');
    expect(last.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  test('follow() requests a link on the base URL as written, and one naming another host on the base URL; curl shows what was requested', async () => {
    resetExchanges();
    const own = await client().follow(`${apiUrl}/users?page=2&per_page=2`);
    expect(own.url).toBe(`${apiUrl}/users?page=2&per_page=2`);
    const other = await client().follow('https://gitlab.internal:8443/api/v4/users?page=3&per_page=2');
    expect(other.status).toBe(200);
    expect(other.url).toBe(`${apiUrl}/users?page=3&per_page=2`);
    expect(seen.at(-1)!.url).toBe('/api/v4/users?page=3&per_page=2');
    expect(toCurl(lastExchange()!)).toContain(`${apiUrl}/users?page=3&per_page=2`);
    expect(toCurl(lastExchange()!)).not.toContain('gitlab.internal');
  });

  test('follow() refuses a link no client can request with the failure naming it, and sends nothing', async () => {
    const before = seen.length;
    for (const [link, problem] of [
      ['/api/v4/users?page=2', /it is relative/],
      ['http://:4010/api/v4/users?page=2', /its host is empty/],
      ['not a url', /it holds a space/],
    ] as const) {
      const e = await client()
        .follow(link)
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect(e).toBeInstanceOf(ConformanceFailure);
      expect((e as ConformanceFailure).requirement).toMatch(/^A URL of the Link header MUST be a URL a client can follow/);
      expect((e as ConformanceFailure).requirement).toMatch(problem);
      expect((e as ConformanceFailure).actual).toBe(link);
      expect((e as Error).message).not.toMatch(/Invalid URL/);
    }
    expect(seen.length).toBe(before);
  });

  test('sends sudo by header or by query', async () => {
    await client().get('/user', { sudo: 'jdoe' });
    expect(seen.at(-1)!.headers.sudo).toBe('jdoe');
    await client().get('/user', { sudo: 7, sudoVia: 'query' });
    expect(seen.at(-1)!.url).toContain('sudo=7');
  });

  test('parses JSON bodies and records the exchange with the token redacted', async () => {
    resetExchanges();
    const res = await client()
      .as({ token: 'secret-token-123', via: 'private_token' })
      .post('/y', { json: { a: 1 } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, echo: '{"a":1}' });
    const x = lastExchange()!;
    expect(x.url).not.toContain('secret-token-123');
    expect(toCurl(x)).not.toContain('secret-token-123');
    expect(toCurl(x)).toContain('[redacted]');
  });

  test('an exchange is redacted when read, with the secrets learned after it too', async () => {
    resetExchanges();
    const secrets = new SecretSet(['secret-token-123']);
    const c = new ApiClient({ apiUrl, timeoutMs: 2000, maxBodyBytes: 1000, ...observed(secrets), auth: { token: 'secret-token-123' } });
    await c.post('/y', { json: { note: 'a-password-learned-later' } });
    secrets.add('a-password-learned-later');
    const x = lastExchange()!;
    expect(x.requestBody).toBe('{"note":"[redacted]"}');
    expect(x.bodyExcerpt).not.toContain('a-password-learned-later');
  });

  test('a target that does not answer in time gives status 0 and says so', async () => {
    const res = await client('secret-token-123', 300).get('/hang');
    expect(res.status).toBe(0);
    expect(res.error).toMatch(/no answer within 300 ms/);
  });

  test('a 429 is waited out and the request sent again: the observers and the caller see the final answer only', async () => {
    seen.length = 0;
    const { c, observed, throttle } = throttledClient({ maxWaitMs: 1000 });
    const res = await c.post('/throttled', { json: { a: 1 } });
    expect(seen.map((r) => [r.url, r.body])).toEqual([
      ['/api/v4/throttled', '{"a":1}'],
      ['/api/v4/throttled', '{"a":1}'],
    ]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, echo: '{"a":1}' });
    expect(observed).toEqual([res]);
    expect([throttle.responses, throttle.waitedMs]).toEqual([1, 0]);
  });

  test('the recorder of a test session records one exchange for a throttled request', async () => {
    seen.length = 0;
    await inTestLog('a throttled request', async () => {
      const res = await client().get('/throttled');
      expect(res.status).toBe(200);
      expect(testRequests()).toBe(1);
      expect(lastExchange()!.status).toBe(200);
    });
  });

  test('a target that keeps answering 429: a KitError TARGET_THROTTLING, and no observer judges a 429', async () => {
    const { c, observed } = throttledClient({ maxWaitMs: 1000, maxTries: 3 });
    let error: unknown;
    try {
      await c.get('/throttled-always', { auth: { token: 'secret-token-123', via: 'private_token' } });
    } catch (e) {
      error = e;
    }
    expect(isKitError(error) && error.code).toBe('TARGET_THROTTLING');
    expect((error as Error).message).toMatch(/GET \/api\/v4\/throttled-always answered 429 3 times in a row/);
    expect((error as Error).message).not.toContain('secret-token-123');
    expect(observed).toEqual([]);
  });

  test('under a rate cap, requests go out no faster than the cap', async () => {
    const throttle = new Throttle({ maxWaitMs: 0, requestsPerSecond: 20 });
    const c = new ApiClient({ apiUrl, timeoutMs: 2000, maxBodyBytes: 1000, secrets: new SecretSet([]), throttle });
    const started = performance.now();
    await Promise.all([c.get('/a'), c.get('/b'), c.get('/c'), c.get('/d')]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145); // three intervals of 50 ms after the first
  });

  test('a body over the cap is cut off and reported', async () => {
    const res = await client().get('/huge');
    expect(res.status).toBe(200);
    expect(res.error).toMatch(/over 1000 bytes/);
  });
});

describe('runClient', () => {
  test("makes a run's client with a throttle of its own, which the clients derived from it share", () => {
    const options = { apiUrl: 'http://127.0.0.1:1/api/v4', timeoutMs: 1000, maxBodyBytes: 1024, secrets: new SecretSet([]) };
    const client = runClient({ ...options, auth: { token: 't' }, throttle: { maxWaitMs: 5, maxInFlight: 2 } });
    const throttle = client.options.throttle;
    expect(throttle).toBeInstanceOf(Throttle);
    expect(runClient({ ...options, throttle: { maxWaitMs: 5 } }).options.throttle).not.toBe(throttle);
    expect(client.as(null).options.throttle).toBe(throttle);
    const observed = client.observedBy([]);
    expect(observed.options.throttle).toBe(throttle);
    expect(observed.options.auth).toEqual({ token: 't' });
  });
});
