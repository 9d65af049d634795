/**
 * The capability probe against a fake admin whose answers take a few ms: its group and project
 * are made side by side and ledgered, then the three capabilities are looked at side by side,
 * each judged from its own answer.
 *
 *   npx vitest run src/run/probe.test.ts
 */
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { ApiClient, ApiResponse } from '../kit/client.ts';
import { readLedger } from '../kit/ledger.ts';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { probeCapabilities } from './probe.ts';

const temp = tempFoldersForThisFile();
const answer = (status: number, json?: unknown) => ({ status, json, text: '', headers: {} }) as ApiResponse;

test('makes its group and project side by side, then looks at the three capabilities side by side', async () => {
  let inFlight = 0;
  const peaks: Record<string, number> = {};
  const slow = async (method: string, res: ApiResponse) => {
    inFlight += 1;
    peaks[method] = Math.max(peaks[method] ?? 0, inFlight);
    await new Promise((r) => setTimeout(r, 10));
    inFlight -= 1;
    return res;
  };
  const admin = {
    options: { apiUrl: 'http://t/api/v4' },
    post: (path: string) => slow('POST', answer(201, { id: path === '/groups' ? 11 : 22 })),
    get: (path: string) => slow('GET', answer(path.endsWith('/clusters') ? 200 : path.endsWith('/epics') ? 403 : 500)),
  } as unknown as ApiClient;
  const ledgerPath = join(temp('probe-'), 'ledger.jsonl');
  const caps = await probeCapabilities(admin, { runPrefix: 'cfk-1', ledgerPath });
  expect(peaks).toEqual({ POST: 2, GET: 3 });
  expect(caps.map((c) => [c.id, c.probed])).toEqual([
    ['clusters', 'offered'],
    ['epics', 'absent'],
    ['deps', 'unknown'],
  ]);
  expect(readLedger(ledgerPath).map((e) => [e.kind, e.path, e.parent])).toEqual([
    ['group', '/groups/11', null],
    ['project', '/projects/22', undefined],
  ]);
});
