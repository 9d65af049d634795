/**
 * Concurrent creates over real HTTP keep the reference's invariants: epic iids unique and
 * gap-free per group, exactly one winner among duplicate variable keys (the others get the
 * spec's "has already been taken" 400) and duplicate usernames (409), and X-Total of the user
 * and broadcast-message lists equal to the items walked through every page. The reference
 * does each check-and-insert without an await in between, so these hold by construction; the
 * `epics.iid-race` fault (an await between reading and writing) shows the checks can fail.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningReference } from '../index.ts';

const TOKEN = 'concurrency-admin-token';
const N = 40;

let ref: RunningReference | undefined;
afterEach(async () => {
  await ref?.close();
  ref = undefined;
});

async function start(faults: string[] = []): Promise<RunningReference> {
  ref = await startReferenceServer({ port: 0, adminToken: TOKEN, faults });
  return ref;
}

async function call(
  r: RunningReference,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any; headers: Headers }> {
  const res = await fetch(path.startsWith('http') ? path : `${r.apiUrl}${path}`, {
    method,
    headers: { 'private-token': TOKEN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** `n` requests started together. */
function together<T>(n: number, one: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => one(i)));
}

/** Every item of a list, following rel="next" links; checks X-Total on every page against the walk. */
async function walk(r: RunningReference, path: string): Promise<{ items: { id: number }[]; totals: number[] }> {
  const items: { id: number }[] = [];
  const totals: number[] = [];
  let url: string | undefined = `${r.apiUrl}${path}`;
  for (let pages = 0; url && pages < 100; pages++) {
    const page = await call(r, 'GET', url);
    expect(page.status).toBe(200);
    items.push(...page.json);
    totals.push(Number(page.headers.get('x-total')));
    url = /<([^>]+)>;\s*rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
  }
  return { items, totals };
}

async function epicIids(r: RunningReference): Promise<number[]> {
  const group = await call(r, 'POST', '/groups', { name: 'race', path: 'race' });
  const made = await together(N, (i) => call(r, 'POST', `/groups/${group.json.id}/epics`, { title: `epic ${i}` }));
  expect(made.map((m) => m.status)).toEqual(Array(N).fill(201));
  return made.map((m) => m.json.iid as number).sort((a, b) => a - b);
}

describe('concurrent creates keep their invariants', () => {
  test(`${N} epics created at once in one group get the iids 1..${N}, each once`, async () => {
    expect(await epicIids(await start())).toEqual(Array.from({ length: N }, (_, i) => i + 1));
  });

  test('the same check finds the duplicate iids of a reference that reads and writes the sequence apart (epics.iid-race)', async () => {
    const iids = await epicIids(await start(['epics.iid-race']));
    expect(new Set(iids).size).toBeLessThan(N);
  });

  test('the same variable key created at once: exactly one 201, the others 400 "has already been taken"', async () => {
    const r = await start();
    const project = await call(r, 'POST', '/projects', { name: 'race', path: 'race' });
    const made = await together(20, (i) =>
      call(r, 'POST', `/projects/${project.json.id}/variables`, { key: 'RACE_KEY', value: `value-${i}` }),
    );
    expect(made.filter((m) => m.status === 201)).toHaveLength(1);
    for (const lost of made.filter((m) => m.status !== 201)) {
      expect(lost.status).toBe(400);
      expect(lost.json).toEqual({ message: { key: ['(RACE_KEY) has already been taken'] } });
    }
    const list = await call(r, 'GET', `/projects/${project.json.id}/variables`);
    expect(list.json.filter((v: { key: string }) => v.key === 'RACE_KEY')).toHaveLength(1);
  });

  test('the same username created at once: exactly one 201, the others 409', async () => {
    const r = await start();
    const made = await together(20, (i) =>
      call(r, 'POST', '/users', { username: 'racer', name: 'Racer', email: `racer${i}@example.com`, password: 'password123' }),
    );
    expect(made.filter((m) => m.status === 201)).toHaveLength(1);
    expect(made.filter((m) => m.status !== 201).map((m) => m.status)).toEqual(Array(19).fill(409));
  });

  test('users and broadcast messages created at once: X-Total equals the items walked through all pages, ids unique', async () => {
    const r = await start();
    const made = await together(N, (i) =>
      Promise.all([
        call(r, 'POST', '/users', { username: `crowd${i}`, name: `Crowd ${i}`, email: `crowd${i}@example.com`, password: 'password123' }),
        call(r, 'POST', '/broadcast_messages', { message: `crowd ${i}` }),
      ]),
    );
    expect(made.flat().map((m) => m.status)).toEqual(Array(2 * N).fill(201));
    for (const [path, expected] of [
      ['/users?per_page=7', N + 1 /* and root */],
      ['/broadcast_messages?per_page=7', N],
    ] as const) {
      const { items, totals } = await walk(r, path);
      expect(items, path).toHaveLength(expected);
      expect(new Set(items.map((x) => x.id)).size, path).toBe(items.length);
      expect(new Set(totals), path).toEqual(new Set([items.length]));
    }
  });
});
