/**
 * Each operational fault over HTTP (undici): 429 with Retry-After or RateLimit-Reset, a 5xx with a
 * JSON body, a delay, a dropped connection, a truncated body; the rate drawn reproducibly under a
 * seed; the request log naming each fault.
 *
 *   npx vitest run src/reference/ops-faults/hooks.test.ts
 */
import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startReferenceServer, type RunningReference } from '../index.ts';
import type { OpsFault } from './grammar.ts';
import { routeMatches } from './hooks.ts';

let ref: RunningReference | undefined;
afterEach(async () => {
  await ref?.close();
  ref = undefined;
});

async function start(opsFaults: readonly OpsFault[] | string, opsFaultsSeed?: number): Promise<RunningReference> {
  ref = await startReferenceServer({ opsFaults, opsFaultsSeed, clock: () => new Date('2030-01-01T00:00:00Z') });
  return ref;
}

const get = (r: RunningReference, path: string) => request(`${r.apiUrl}${path}`, { headers: { 'private-token': r.adminToken } });

describe('operational faults over HTTP', () => {
  it('answers 429 with Retry-After, or with RateLimit-Reset from the server clock, on the route only', async () => {
    const r = await start('429=7@GET /users,429-reset=30@GET /user');
    const users = await get(r, '/users?per_page=1');
    expect(users.statusCode).toBe(429);
    expect(users.headers['retry-after']).toBe('7');
    expect(await users.body.text()).toBe('Retry later\n');
    const own = await get(r, '/user');
    expect(own.statusCode).toBe(429);
    expect(own.headers['ratelimit-reset']).toBe(String(Date.parse('2030-01-01T00:00:00Z') / 1000 + 30));
    expect(own.headers['retry-after']).toBeUndefined();
    await own.body.dump();
    const other = await get(r, '/users/1');
    expect(other.statusCode).toBe(200);
    await other.body.dump();
    expect(r.requestLog()).toEqual([
      { method: 'GET', path: '/api/v4/users?per_page=1', status: 429, fault: '429' },
      { method: 'GET', path: '/api/v4/user', status: 429, fault: '429' },
      { method: 'GET', path: '/api/v4/users/1', status: 200 },
    ]);
  });

  it.each(['500', '502', '503'] as const)('answers %s with a JSON message', async (kind) => {
    const r = await start([{ kind, route: 'GET /users/:id' }]);
    const res = await get(r, '/users/1');
    expect(res.statusCode).toBe(Number(kind));
    expect(res.headers['content-type']).toBe('application/json');
    expect(await res.body.json()).toMatchObject({ message: expect.stringMatching(new RegExp(`^${kind} `)) });
  });

  it('delays the answer by the declared milliseconds', async () => {
    const r = await start('delay=150@GET /user');
    const started = performance.now();
    const res = await get(r, '/user');
    expect(res.statusCode).toBe(200);
    await res.body.dump();
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(r.requestLog()).toEqual([{ method: 'GET', path: '/api/v4/user', status: 200, fault: 'delay' }]);
  });

  it('drops the connection without an answer', async () => {
    const r = await start('drop@GET /user');
    await expect(get(r, '/user')).rejects.toThrow(/other side closed|socket/i);
    expect(r.requestLog()).toEqual([{ method: 'GET', path: '/api/v4/user', status: 0, fault: 'drop' }]);
  });

  it('ends a body short of its Content-Length', async () => {
    const r = await start('truncate@GET /user');
    const res = await get(r, '/user');
    expect(res.statusCode).toBe(200);
    const declared = Number(res.headers['content-length']);
    await expect(res.body.text()).rejects.toThrow();
    expect(declared).toBeGreaterThan(0);
    expect(r.requestLog()).toEqual([{ method: 'GET', path: '/api/v4/user', status: 200, fault: 'truncate' }]);
  });

  it('applies a rate the same way under the same seed, differently under another', async () => {
    const statuses = async (seed: number) => {
      const r = await start('503@GET /user:0.5', seed);
      const seen: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await get(r, '/user');
        seen.push(res.statusCode);
        await res.body.dump();
      }
      await r.close();
      ref = undefined;
      return seen;
    };
    const first = await statuses(7);
    expect(await statuses(7)).toEqual(first);
    expect(first).toContain(503);
    expect(first).toContain(200);
    expect(await statuses(8)).not.toEqual(first);
  });
});

describe('routeMatches', () => {
  it.each([
    ['*', 'POST', '/api/v4/anything', true],
    ['GET /users', 'GET', '/api/v4/users?page=2', true],
    ['GET /users', 'POST', '/api/v4/users', false],
    ['GET /users', 'GET', '/api/v4/users/1', false],
    ['GET /users/:id', 'GET', '/api/v4/users/1', true],
    ['* /projects/*', 'DELETE', '/api/v4/projects/4/variables/K', true],
    ['* /projects/*', 'GET', '/api/v4/projects', false],
  ])('%s covers %s %s: %s', (route, method, url, expected) => {
    expect(routeMatches(route, method, url)).toBe(expected);
  });
});
