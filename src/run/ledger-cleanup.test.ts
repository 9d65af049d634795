/**
 * Unit tests of the ledger and its cleanup: entries survive as JSON lines, cleanup deletes in
 * dependency order, and removes for good as the platform deletes (removal.ts): a project or
 * group only marked for deletion is removed with permanently_remove and its full path, a user
 * still answering blocked is being deleted (counted apart), and what is still there is left,
 * with the command that finishes the job.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ApiClient, ApiResponse } from '../kit/client.ts';
import { appendLedger, readLedger } from '../kit/ledger.ts';
import { cleanupLedger } from './ledger-cleanup.ts';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { KitError } from '../shared/errors.ts';

const temp = tempFoldersForThisFile();

const answer = (status: number, json?: unknown) => ({ status, json, text: json ? JSON.stringify(json) : '', headers: {} }) as ApiResponse;

/**
 * A fake admin: DELETE answers `deleteStatus(path, query)`, GET answers `getAnswer(path)` (404
 * unless told); `calls` records 'DELETE path?query' and 'GET path'.
 */
function fakeAdmin(
  deleteStatus: (path: string, query?: Record<string, string>) => number,
  calls: string[],
  getAnswer: (path: string) => ApiResponse = () => answer(404),
): ApiClient {
  const url = (path: string, query?: Record<string, string>) =>
    `http://target/api/v4${path}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;
  return {
    url,
    delete: async (path: string, o: { query?: Record<string, string> } = {}) => {
      calls.push(`DELETE ${url(path, o.query).slice('http://target/api/v4'.length)}`);
      return answer(deleteStatus(path, o.query));
    },
    get: async (path: string) => {
      calls.push(`GET ${path}`);
      return getAnswer(path);
    },
  } as unknown as ApiClient;
}

const deletes = (calls: string[]) => calls.filter((c) => c.startsWith('DELETE ')).map((c) => c.slice('DELETE '.length));

describe('ledger', () => {
  test('cleanup deletes dependants first, newest first, each path once, and removes the file', async () => {
    const file = join(temp('ledger-'), 'ledger.jsonl');
    appendLedger(file, { kind: 'user', id: 1, path: '/users/1' });
    appendLedger(file, { kind: 'broadcast_message', id: 5, path: '/broadcast_messages/5' });
    appendLedger(file, { kind: 'impersonation_token', id: 2, path: '/users/1/impersonation_tokens/2' });
    appendLedger(file, { kind: 'broadcast_message', id: 6, path: '/broadcast_messages/6' });
    appendLedger(file, { kind: 'broadcast_message', id: 6, path: '/broadcast_messages/6' });
    // A token of a user the run did not make (the administrator's): revoked on its own.
    appendLedger(file, { kind: 'impersonation_token', id: 8, path: '/users/99/impersonation_tokens/8' });
    expect(readLedger(file)).toHaveLength(6);
    const calls: string[] = [];
    const result = await cleanupLedger(
      file,
      fakeAdmin((p) => (p === '/broadcast_messages/5' ? 404 : 204), calls),
    );
    // User 1's token goes with user 1: no request of its own.
    expect(deletes(calls)).toEqual(['/users/99/impersonation_tokens/8', '/broadcast_messages/6', '/broadcast_messages/5', '/users/1']);
    // The user is looked at after its DELETE: its 404 shows it gone.
    expect(calls.at(-1)).toBe('GET /users/1');
    expect(result.removed.map((e) => e.path).sort()).toEqual([
      '/broadcast_messages/6',
      '/users/1',
      '/users/1/impersonation_tokens/2',
      '/users/99/impersonation_tokens/8',
    ]);
    expect(result.gone).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
  });

  test("what lives under an owner goes with it (a member of a removed project), or is removed after an owner left on the target (a left user's token)", async () => {
    const file = join(temp('ledger-'), 'ledger.jsonl');
    appendLedger(file, { kind: 'user', id: 3, path: '/users/3' });
    appendLedger(file, { kind: 'impersonation_token', id: 4, path: '/users/3/impersonation_tokens/4' });
    appendLedger(file, { kind: 'project', id: 7, path: '/projects/7' });
    appendLedger(file, { kind: 'member', id: 3, path: '/projects/7/members/3' });
    const calls: string[] = [];
    const result = await cleanupLedger(
      file,
      fakeAdmin(
        (p) => (p === '/users/3' ? 409 : 204),
        calls,
        (p) => (p === '/users/3' ? answer(200, { id: 3, state: 'active' }) : answer(404)),
      ),
    );
    // The project is removed (its member with it); the user is left, so its token is revoked after.
    expect(deletes(calls)).toEqual(['/projects/7', '/users/3', '/users/3/impersonation_tokens/4']);
    expect(result.failed.map((f) => f.entry.path)).toEqual(['/users/3']);
    expect(result.removed.map((e) => e.path).sort()).toEqual(['/projects/7', '/projects/7/members/3', '/users/3/impersonation_tokens/4']);
  });

  test('what cannot be removed is reported and the ledger kept', async () => {
    const file = join(temp('ledger-'), 'ledger.jsonl');
    appendLedger(file, { kind: 'user', id: 3, path: '/users/3' });
    const result = await cleanupLedger(
      file,
      fakeAdmin(
        () => 409,
        [],
        () => answer(200, { id: 3, state: 'active' }),
      ),
    );
    expect(result.failed).toHaveLength(1);
    expect(existsSync(file)).toBe(true);
  });

  test('a delete the client gave up on (a target that keeps throttling) is reported, and the others still tried', async () => {
    const file = join(temp('ledger-'), 'ledger.jsonl');
    appendLedger(file, { kind: 'user', id: 3, path: '/users/3' });
    appendLedger(file, { kind: 'broadcast_message', id: 7, path: '/broadcast_messages/7' });
    const calls: string[] = [];
    const admin = {
      delete: async (path: string) => {
        calls.push(path);
        if (path === '/broadcast_messages/7') throw new KitError('TARGET_THROTTLING', 'The target kept throttling: ...');
        return { status: 204, text: '', headers: {} } as ApiResponse;
      },
      // After a 204 the cleanup looks whether the user is gone.
      get: async () => ({ status: 404, text: '', headers: {} }) as ApiResponse,
    } as unknown as ApiClient;
    const result = await cleanupLedger(file, admin);
    expect(calls).toEqual(['/broadcast_messages/7', '/users/3']);
    expect(result.failed).toEqual([expect.objectContaining({ status: 0, reason: 'The target kept throttling: ...' })]);
    expect(result.removed).toHaveLength(1);
    expect(existsSync(file)).toBe(true);
  });
});

describe('removal for good, as the platform deletes', () => {
  test('a project only marked for deletion is removed with permanently_remove and its full path now', async () => {
    const file = join(temp('ledger-'), 'ledger.jsonl');
    appendLedger(file, { kind: 'project', id: 12, path: '/projects/12' });
    let exists = true;
    const marked = { id: 12, path_with_namespace: 'cfk-1/p-deletion_scheduled-12', marked_for_deletion_on: '2026-11-25' };
    const calls: string[] = [];
    const admin = fakeAdmin(
      (_p, q) => {
        if (q?.permanently_remove) exists = false;
        return 202;
      },
      calls,
      () => (exists ? answer(200, marked) : answer(404)),
    );
    const result = await cleanupLedger(file, admin);
    expect(deletes(calls)).toEqual(['/projects/12', '/projects/12?permanently_remove=true&full_path=cfk-1%2Fp-deletion_scheduled-12']);
    expect([result.removed.length, result.failed.length]).toEqual([1, 0]);
    expect(existsSync(file)).toBe(false);
  });

  test('a group marked earlier (400 already marked) is removed for good too', async () => {
    const file = join(temp('ledger-'), 'ledger.jsonl');
    appendLedger(file, { kind: 'group', id: 4, path: '/groups/4' });
    let exists = true;
    const calls: string[] = [];
    const admin = fakeAdmin(
      (_p, q) => {
        if (!q?.permanently_remove) return 400;
        exists = false;
        return 202;
      },
      calls,
      () => (exists ? answer(200, { id: 4, full_path: 'g-deletion_scheduled-4', marked_for_deletion_on: '2026-11-25' }) : answer(404)),
    );
    const result = await cleanupLedger(file, admin);
    expect(deletes(calls)).toEqual(['/groups/4', '/groups/4?permanently_remove=true&full_path=g-deletion_scheduled-4']);
    expect(result.removed).toHaveLength(1);
  });

  test('a marked project whose permanent removal is refused is left, with the command that finishes the job', async () => {
    const file = join(temp('ledger-'), 'ledger.jsonl');
    appendLedger(file, { kind: 'project', id: 12, path: '/projects/12' });
    const marked = { id: 12, path_with_namespace: 'cfk-1/p-deletion_scheduled-12', marked_for_deletion_at: '2026-11-25' };
    const admin = fakeAdmin(
      (_p, q) => (q?.permanently_remove ? 400 : 202),
      [],
      () => answer(200, marked),
    );
    const result = await cleanupLedger(file, admin);
    expect(result.removed).toHaveLength(0);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]!.reason).toMatch(/marked for deletion .*permanent removal answered 400/);
    expect(result.failed[0]!.command).toBe(
      "curl -X DELETE -H 'Private-Token: [redacted]' 'http://target/api/v4/projects/12?permanently_remove=true&full_path=cfk-1%2Fp-deletion_scheduled-12'",
    );
    expect(existsSync(file)).toBe(true);
  });

  test('a project still there after 202, not marked, is not counted as removed', async () => {
    const file = join(temp('ledger-'), 'ledger.jsonl');
    appendLedger(file, { kind: 'project', id: 9, path: '/projects/9' });
    const admin = fakeAdmin(
      () => 202,
      [],
      () => answer(200, { id: 9, path_with_namespace: 'cfk-1/p' }),
    );
    const result = await cleanupLedger(file, admin, { settleMs: 300 });
    expect(result.removed).toHaveLength(0);
    expect(result.failed[0]!.reason).toMatch(/still there, not marked for deletion/);
  });

  test('a user still answering blocked after its 204 is being deleted in the background: counted apart, not left', async () => {
    const file = join(temp('ledger-'), 'ledger.jsonl');
    appendLedger(file, { kind: 'user', id: 7, path: '/users/7', query: { hard_delete: 'true' } });
    const calls: string[] = [];
    const admin = fakeAdmin(
      () => 204,
      calls,
      () => answer(200, { id: 7, state: 'blocked' }),
    );
    const result = await cleanupLedger(file, admin);
    expect(deletes(calls)).toEqual(['/users/7?hard_delete=true']);
    expect([result.removed.length, result.deleting.length, result.failed.length]).toEqual([0, 1, 0]);
    expect(existsSync(file)).toBe(false);
  });

  test('a user still active after its 204 is left', async () => {
    const file = join(temp('ledger-'), 'ledger.jsonl');
    appendLedger(file, { kind: 'user', id: 8, path: '/users/8' });
    const admin = fakeAdmin(
      () => 204,
      [],
      () => answer(200, { id: 8, state: 'active' }),
    );
    const result = await cleanupLedger(file, admin, { settleMs: 300 });
    expect(result.deleting).toHaveLength(0);
    expect(result.failed[0]!.reason).toMatch(/still there \(state active\)/);
  });
});

describe('cleanup side by side', () => {
  /** A fake admin whose DELETEs take a few ms, noting what was in flight beside each one; every GET answers 404. */
  function slowAdmin() {
    const inFlight = new Set<string>();
    const beside = new Map<string, string[]>();
    let peak = 0;
    const admin = {
      url: (path: string) => `http://target/api/v4${path}`,
      delete: async (path: string) => {
        for (const other of inFlight) {
          beside.set(path, [...(beside.get(path) ?? []), other]);
          beside.set(other, [...(beside.get(other) ?? []), path]);
        }
        inFlight.add(path);
        peak = Math.max(peak, inFlight.size);
        await new Promise((r) => setTimeout(r, 10));
        inFlight.delete(path);
        return answer(204);
      },
      get: async () => answer(404),
    } as unknown as ApiClient;
    return { admin, beside, peak: () => peak };
  }

  test('entries of one kind go side by side within the bound; a kind ends before the next begins', async () => {
    const file = join(temp('ledger-'), 'ledger.jsonl');
    for (let id = 1; id <= 6; id++) appendLedger(file, { kind: 'broadcast_message', id, path: `/broadcast_messages/${id}` });
    for (let id = 1; id <= 6; id++) appendLedger(file, { kind: 'user', id, path: `/users/${id}` });
    const { admin, beside, peak } = slowAdmin();
    const result = await cleanupLedger(file, admin, { concurrency: 3 });
    expect(result.removed).toHaveLength(12);
    expect(peak()).toBe(3);
    for (const [path, others] of beside)
      expect(
        others.every((o) => o.split('/')[1] === path.split('/')[1]),
        path,
      ).toBe(true);
    // One by one without a bound.
    const serial = join(temp('ledger-'), 'ledger.jsonl');
    for (let id = 1; id <= 4; id++) appendLedger(serial, { kind: 'user', id, path: `/users/${id}` });
    const one = slowAdmin();
    await cleanupLedger(serial, one.admin);
    expect(one.peak()).toBe(1);
  });

  test('subgroups go before their parents, never beside them; groups of a ledger without parents go one by one', async () => {
    const file = join(temp('ledger-'), 'ledger.jsonl');
    appendLedger(file, { kind: 'group', id: 1, path: '/groups/1', parent: null });
    appendLedger(file, { kind: 'group', id: 2, path: '/groups/2', parent: 1 });
    appendLedger(file, { kind: 'group', id: 3, path: '/groups/3', parent: 2 });
    appendLedger(file, { kind: 'group', id: 4, path: '/groups/4', parent: null });
    appendLedger(file, { kind: 'group', id: 5, path: '/groups/5', parent: 1 });
    const calls: string[] = [];
    const { admin, beside } = slowAdmin();
    const logged = { ...admin, url: admin.url, get: admin.get, delete: (p: string) => (calls.push(p), admin.delete(p)) } as ApiClient;
    const result = await cleanupLedger(file, logged, { concurrency: 8 });
    expect(result.removed).toHaveLength(5);
    expect(calls.indexOf('/groups/3')).toBeLessThan(calls.indexOf('/groups/2'));
    expect(calls.indexOf('/groups/2')).toBeLessThan(calls.indexOf('/groups/1'));
    expect(beside.get('/groups/1') ?? []).toEqual(['/groups/4']);
    expect(new Set(beside.get('/groups/2'))).toEqual(new Set(['/groups/5']));
    const legacy = join(temp('ledger-'), 'ledger.jsonl');
    appendLedger(legacy, { kind: 'group', id: 1, path: '/groups/1' });
    appendLedger(legacy, { kind: 'group', id: 2, path: '/groups/2' });
    const old = slowAdmin();
    await cleanupLedger(legacy, old.admin, { concurrency: 8 });
    expect(old.peak()).toBe(1);
  });
});
