/**
 * at-once.ts and Throttle.together: requests really in flight together (a server counts them), as
 * many as the concurrency bound allows and never more, even when other requests of the process
 * hold places; bursts of side-by-side tests never deadlock; oneWins's verdict and its report.
 *
 *   npx vitest run src/kit/at-once.test.ts
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SecretSet } from '../shared/redact.ts';
import { atOnce, oneWins, peakInFlight, times, type AtOnceAnswers } from './at-once.ts';
import { ConformanceFailure } from './checks.ts';
import { ApiClient, type ApiResponse } from './client.ts';
import { Throttle } from './throttle.ts';

let server: Server;
let apiUrl: string;
let inFlight = 0;
let peak = 0;
let first = true;

beforeAll(async () => {
  server = createServer((req, res) => {
    peak = Math.max(peak, ++inFlight);
    // Each answer waits 30 ms, so a request sent only after another answered never overlaps it. The first POST wins.
    setTimeout(() => {
      inFlight -= 1;
      const status = req.method === 'POST' ? (first ? 201 : 400) : 200;
      if (req.method === 'POST') first = false;
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"message":"x"}');
    }, 30);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v4`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function client(maxInFlight?: number): ApiClient {
  const throttle = new Throttle({ maxWaitMs: 0, maxInFlight });
  return new ApiClient({ apiUrl, timeoutMs: 5000, maxBodyBytes: 1 << 20, secrets: new SecretSet([]), auth: { token: 't' }, throttle });
}

describe('atOnce', () => {
  test('without a bound, three requests are in flight together', async () => {
    peak = 0;
    const sent = await atOnce(times(3, { client: client(), method: 'GET', path: '/x' }));
    expect(sent.answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect([peak, sent.peak]).toEqual([3, 3]);
  });

  test('under a bound of two, three requests go two together and never past the bound', async () => {
    peak = 0;
    const sent = await atOnce(times(3, { client: client(2), method: 'GET', path: '/x' }));
    expect([peak, sent.peak]).toEqual([2, 2]);
  });

  test('while another request of the process holds a place, the burst waits and still gets two places together', async () => {
    const c = client(2);
    peak = 0;
    const other = c.get('/other');
    const sent = await atOnce(times(2, { client: c, method: 'GET', path: '/x' }));
    await other;
    expect([peak, sent.peak]).toEqual([2, 2]);
  });

  test('two bursts side by side under a bound of two both complete, each with two together', async () => {
    const c = client(2);
    const [a, b] = await Promise.all([
      atOnce(times(3, { client: c, method: 'GET', path: '/a' })),
      atOnce(times(2, { client: c, method: 'GET', path: '/b' })),
    ]);
    expect([a.peak, b.peak]).toEqual([2, 2]);
  });

  test('peakInFlight: requests in turn are one at a time; an answer at the moment of the next send does not overlap it', () => {
    expect(
      peakInFlight([
        { start: 0, end: 10 },
        { start: 10, end: 20 },
      ]),
    ).toBe(1);
    expect(
      peakInFlight([
        { start: 0, end: 10 },
        { start: 5, end: 20 },
        { start: 9, end: 12 },
      ]),
    ).toBe(3);
    expect(
      peakInFlight([
        { start: 0, end: 10 },
        { start: 5, end: 20 },
        { start: 11, end: 12 },
      ]),
    ).toBe(2);
  });
});

describe('oneWins', () => {
  test('one 201 and the others 400: the winner; two 201: a failure listing every answer with its request', async () => {
    first = true;
    const c = client();
    const sent = await atOnce(times(3, { client: c, method: 'POST', path: '/user/keys', options: { json: { title: 'k' } }, who: 'alice' }));
    expect(oneWins(sent, { wins: 201, others: 400, what: 'identical POST /user/keys' })).toBe(
      sent.answers.findIndex((r) => r.status === 201),
    );

    const res = (status: number) => ({ ...sent.answers[0], status }) as ApiResponse;
    const twice: AtOnceAnswers = { ...sent, answers: [res(201), res(400), res(201)] };
    let failure: ConformanceFailure | undefined;
    try {
      oneWins(twice, { wins: 201, others: 400, what: 'identical POST /user/keys' });
    } catch (e) {
      failure = e as ConformanceFailure;
    }
    expect(failure).toBeInstanceOf(ConformanceFailure);
    expect([failure!.expected, failure!.actual]).toEqual(['one 201, 2 x 400', '201, 400, 201']);
    // Marked as a race check's failure: a baseline entry narrowed to races may excuse it.
    expect(failure!.race).toBe(true);
    expect(failure!.requirement).toContain(
      'Of 3 identical POST /user/keys sent at once (at most 3 in flight together), exactly one MUST answer 201',
    );
    expect(failure!.requirement).toContain('3. alice: POST /api/v4/user/keys {"title":"k"} -> 201 {"message":"x"}');
  });

  test('a status neither the winner nor the others is out of place', () => {
    const base = { method: 'PUT', url: 'http://h/api/v4/users/1', text: '' } as ApiResponse;
    const sent: AtOnceAnswers = {
      requests: [],
      answers: [
        { ...base, status: 200 },
        { ...base, status: 409 },
      ],
      peak: 2,
    };
    sent.requests = sent.answers.map(() => ({ client: client(), method: 'PUT', path: '/users/1' }));
    expect(() => oneWins(sent, { wins: 200, others: 404, what: 'PUT /users/:id' })).toThrow(
      /exactly one MUST answer 200 and the others 404/,
    );
  });

  test('the others may answer any of several statuses; none winning, or a status outside them, fails', () => {
    const base = { method: 'POST', url: 'http://h/api/v4/projects/1/variables', text: '' } as ApiResponse;
    const make = (...statuses: number[]): AtOnceAnswers => ({
      requests: statuses.map(() => ({ client: client(), method: 'POST', path: '/projects/1/variables' })),
      answers: statuses.map((status) => ({ ...base, status })),
      peak: statuses.length,
    });
    const rule = { wins: 201, others: [400, 409], what: 'POST /projects/:id/variables of one new key' } as const;
    expect(oneWins(make(400, 201, 409), rule)).toBe(1);
    expect(() => oneWins(make(409, 409, 409), rule)).toThrow(/exactly one MUST answer 201 and the others 400 or 409/);
    expect(() => oneWins(make(201, 500, 409), rule)).toThrow(/-> 500/);
  });
});
