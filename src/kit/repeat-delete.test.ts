/**
 * Unit tests of the repeated-DELETE check (repeat-delete.ts) against a fake in-memory collection:
 * a healthy one passes, a second DELETE answering 204 or taking a neighbour fails, naming it.
 *
 *   npx vitest run src/kit/repeat-delete.test.ts
 */
import { describe, expect, test } from 'vitest';
import type { ApiResponse } from './client.ts';
import { ConformanceFailure } from './checks.ts';
import { deleteTwice, listedIds, presentPaths } from './repeat-delete.ts';
import type { Session } from './session.ts';

const answer = (status: number, json?: unknown) => ({ status, json, text: '', headers: {} }) as unknown as ApiResponse;

/** A session over items 1..3 at /things; `onMissing` says what a DELETE of a missing item does. */
function fakeSession(onMissing: 'healthy' | 'answers-204' | 'takes-neighbour') {
  const items = new Set([1, 2, 3]);
  const idOf = (path: string) => Number(path.split('/').pop());
  const admin = {
    get: async (path: string) => {
      if (path === '/things')
        return answer(
          200,
          [...items].map((id) => ({ id, key: `K${id}` })),
        );
      return items.has(idOf(path)) ? answer(200, { id: idOf(path) }) : answer(404);
    },
    delete: async (path: string) => {
      const id = idOf(path);
      if (items.delete(id)) return answer(204);
      if (onMissing === 'answers-204') return answer(204);
      if (onMissing === 'takes-neighbour') items.delete(Math.max(...items));
      return answer(404);
    },
  };
  return { admin } as unknown as Session;
}

describe('deleteTwice', () => {
  const run = (s: Session) => deleteTwice(s, { path: '/things/1', collection: () => listedIds(s, '/things') });

  test('passes when the second DELETE answers 404 and the collection stays', async () => {
    expect((await run(fakeSession('healthy'))).status).toBe(404);
  });

  test('fails when the second DELETE answers 204', async () => {
    await expect(run(fakeSession('answers-204'))).rejects.toThrow(/MUST answer 404/);
  });

  test('fails, naming the ids before and after, when the second DELETE takes another item', async () => {
    const failure = await run(fakeSession('takes-neighbour')).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ConformanceFailure);
    expect(failure).toMatchObject({ expected: '["2","3"]', actual: '["2"]' });
  });

  test('waits for settled before reading the collection', async () => {
    const s = fakeSession('healthy');
    const order: string[] = [];
    await deleteTwice(s, {
      path: '/things/1',
      settled: async () => order.push('settled'),
      collection: async () => (order.push('collection'), listedIds(s, '/things')),
    });
    expect(order).toEqual(['settled', 'collection', 'collection']);
  });
});

describe('listedIds and presentPaths', () => {
  test('read a field of each listed item, and the paths that still answer 200', async () => {
    const s = fakeSession('healthy');
    expect(await listedIds(s, '/things', 'key')).toEqual(['K1', 'K2', 'K3']);
    expect(await presentPaths(s, ['/things/2', '/things/9'])).toEqual(['/things/2']);
  });
});
