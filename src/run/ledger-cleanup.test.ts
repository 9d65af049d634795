/** Unit tests of the ledger: entries survive as JSON lines and cleanup deletes in dependency order. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ApiClient, ApiResponse } from '../kit/client.ts';
import { appendLedger, readLedger } from '../kit/ledger.ts';
import { cleanupLedger } from './ledger-cleanup.ts';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { KitError } from '../shared/errors.ts';

const temp = tempFoldersForThisFile();

function fakeAdmin(statusFor: (path: string) => number, calls: string[]): ApiClient {
  return {
    delete: async (path: string) => {
      calls.push(path);
      return { status: statusFor(path), text: '', headers: {} } as ApiResponse;
    },
  } as unknown as ApiClient;
}

describe('ledger', () => {
  test('cleanup deletes dependants first, newest first, each path once, and removes the file', async () => {
    const file = join(temp('ledger-'), 'ledger.jsonl');
    appendLedger(file, { kind: 'user', id: 1, path: '/users/1' });
    appendLedger(file, { kind: 'broadcast_message', id: 5, path: '/broadcast_messages/5' });
    appendLedger(file, { kind: 'impersonation_token', id: 2, path: '/users/1/impersonation_tokens/2' });
    appendLedger(file, { kind: 'broadcast_message', id: 6, path: '/broadcast_messages/6' });
    appendLedger(file, { kind: 'broadcast_message', id: 6, path: '/broadcast_messages/6' });
    expect(readLedger(file)).toHaveLength(5);
    const calls: string[] = [];
    const result = await cleanupLedger(
      file,
      fakeAdmin((p) => (p === '/broadcast_messages/5' ? 404 : 204), calls),
    );
    expect(calls).toEqual(['/users/1/impersonation_tokens/2', '/broadcast_messages/6', '/broadcast_messages/5', '/users/1']);
    expect(result.removed).toHaveLength(3);
    expect(result.gone).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
  });

  test('what cannot be removed is reported and the ledger kept', async () => {
    const file = join(temp('ledger-'), 'ledger.jsonl');
    appendLedger(file, { kind: 'user', id: 3, path: '/users/3' });
    const result = await cleanupLedger(
      file,
      fakeAdmin(() => 409, []),
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
    } as unknown as ApiClient;
    const result = await cleanupLedger(file, admin);
    expect(calls).toEqual(['/broadcast_messages/7', '/users/3']);
    expect(result.failed).toEqual([expect.objectContaining({ status: 0, reason: 'The target kept throttling: ...' })]);
    expect(result.removed).toHaveLength(1);
    expect(existsSync(file)).toBe(true);
  });
});
