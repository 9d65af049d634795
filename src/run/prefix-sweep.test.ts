/**
 * Unit tests of the prefix sweep against a fake admin: what carries the run prefix is removed for
 * good (a project only marked for deletion, found by its renamed path, is removed with
 * permanently_remove), users still being deleted are listed apart, and what the ledger cleanup
 * already dealt with is not touched again.
 *
 *   npx vitest run src/run/prefix-sweep.test.ts
 */
import { expect, test } from 'vitest';
import type { ApiClient, ApiResponse } from '../kit/client.ts';
import { sweepPrefixes } from './prefix-sweep.ts';

const answer = (status: number, json?: unknown) => ({ status, json, text: '', headers: {} }) as ApiResponse;

test('removes for good what carries the prefix, says which users are being deleted, skips what the ledger handled', async () => {
  const deletes: string[] = [];
  let projectThere = true;
  const marked = { id: 3, path: 'cfk-1-p-deletion_scheduled-3', path_with_namespace: 'root/cfk-1-p-deletion_scheduled-3' };
  const lists: Record<string, unknown[]> = {
    '/broadcast_messages': [],
    '/projects': [marked, { id: 4, path: 'someone-else' }],
    '/groups': [],
    '/users': [
      { id: 7, username: 'cfk-1-u-1' },
      { id: 8, username: 'cfk-1-u-2' },
      { id: 9, username: 'cfk-2-u-1' },
    ],
  };
  const admin = {
    url: (path: string, query?: Record<string, string>) => `http://t/api/v4${path}?${new URLSearchParams(query).toString()}`,
    get: async (path: string) => {
      if (lists[path]) return answer(200, lists[path]);
      if (path === '/projects/3') return projectThere ? answer(200, { ...marked, marked_for_deletion_on: '2026-11-25' }) : answer(404);
      if (path === '/users/8') return answer(200, { id: 8, state: 'blocked' });
      return answer(404);
    },
    delete: async (path: string, o: { query?: Record<string, string> } = {}) => {
      deletes.push(`${path}${o.query ? `?${new URLSearchParams(o.query).toString()}` : ''}`);
      if (o.query?.permanently_remove) projectThere = false;
      return answer(path.startsWith('/projects') ? 202 : 204);
    },
  } as unknown as ApiClient;
  const result = await sweepPrefixes(admin, ['cfk-1'], { handled: new Set(['/users/7']) });
  expect(deletes).toEqual([
    '/projects/3',
    '/projects/3?permanently_remove=true&full_path=root%2Fcfk-1-p-deletion_scheduled-3',
    '/users/8?hard_delete=true',
  ]);
  expect(result).toEqual({
    removed: ['project 3 root/cfk-1-p-deletion_scheduled-3'],
    deleting: ['user 8 cfk-1-u-2'],
    awaiting: [],
    failed: [],
  });
});

test('with several prefixes, what each list finds is removed as its own kind, messages first and users last', async () => {
  const deletes: string[] = [];
  const found: Record<string, unknown[]> = {
    '/broadcast_messages?': [{ id: 5, target_path: '/cfk-2/x' }],
    '/projects?cfk-1': [{ id: 30, path: 'cfk-1-p', path_with_namespace: 'root/cfk-1-p' }],
    '/groups?cfk-2': [{ id: 40, path: 'cfk-2-g', full_path: 'cfk-2-g' }],
    '/users?cfk-1': [{ id: 70, username: 'cfk-1-u' }],
    '/users?cfk-2': [{ id: 80, username: 'cfk-2-u' }],
  };
  const admin = {
    url: (path: string) => `http://t/api/v4${path}`,
    get: async (path: string, o: { query?: Record<string, string> } = {}) => {
      const list = found[`${path}?${o.query?.search ?? ''}`];
      return list ? answer(200, list) : answer(path.split('/').length > 2 ? 404 : 200, []);
    },
    delete: async (path: string) => {
      deletes.push(path);
      return answer(204);
    },
  } as unknown as ApiClient;
  const result = await sweepPrefixes(admin, ['cfk-1', 'cfk-2'], { concurrency: 4 });
  expect(deletes).toEqual(['/broadcast_messages/5', '/projects/30', '/groups/40', '/users/70', '/users/80']);
  expect(result.removed).toEqual([
    'broadcast_message 5 /cfk-2/x',
    'project 30 root/cfk-1-p',
    'group 40 cfk-2-g',
    'user 70 cfk-1-u',
    'user 80 cfk-2-u',
  ]);
});
