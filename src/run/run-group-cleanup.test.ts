/**
 * The run group at cleanup, against the bundled reference deleting as current platform releases
 * do (projects.scheduled-deletion: DELETE only marks; permanently_remove removes a marked project
 * or subgroup, and is refused with 400 for a top-level group): the ledger cleanup, the prefix
 * sweep and `conformance cleanup` remove the subgroups and projects for good, the run group last,
 * and report the run group as awaiting the target's deletion, never as left and never with a
 * command. Then, against fake admins: a refusal other than 400 leaves a top-level group (still no
 * command), the settle wait ends at once when no deletion is under way, and a group recorded to go
 * with its owner (a hard-deleted user) sends no request of its own.
 *
 *   npx vitest run src/run/run-group-cleanup.test.ts
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiClient, type ApiResponse } from '../kit/client.ts';
import { appendLedger, readLedger, type LedgerEntry } from '../kit/ledger.ts';
import { startReferenceServer } from '../reference/index.ts';
import { SecretSet } from '../shared/redact.ts';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { cleanup } from './cleanup.ts';
import { cleanupLedger } from './ledger-cleanup.ts';
import { sweepPrefixes } from './prefix-sweep.ts';
import { provisionRunGroup } from './provision.ts';

const temp = tempFoldersForThisFile();
const TOKEN = 'run-group-cleanup-admin-token';
const REFUSAL = '`permanently_remove` option is only available for subgroups.';
let ref: Awaited<ReturnType<typeof startReferenceServer>>;
let calls: string[] = [];

beforeAll(async () => {
  ref = await startReferenceServer({ adminToken: TOKEN, port: 0, scheduledDeletion: true });
});
afterAll(() => ref?.close());

/** An admin client of the reference that notes each DELETE ('DELETE /groups/3?permanently_remove=true&...'). */
function admin(): ApiClient {
  return new ApiClient({
    apiUrl: `${ref.url}/api/v4`,
    timeoutMs: 5_000,
    maxBodyBytes: 1_000_000,
    secrets: new SecretSet([TOKEN]),
    auth: { token: TOKEN },
    observers: [(res) => void (res.method === 'DELETE' && calls.push(`DELETE ${res.url.replace(/^.*\/api\/v4/, '')}`))],
  });
}

/** The run group and, below it, a subgroup holding a project and a subgroup of its own; each recorded when `ledger` is given. */
async function runTree(prefix: string, ledger?: string) {
  const a = admin();
  const run = ledger ? await provisionRunGroup(a, { runPrefix: prefix, ledgerPath: ledger }) : undefined;
  const runId = run?.id ?? (await a.post('/groups', { json: { name: prefix, path: prefix } })).json.id;
  const group = async (path: string, parent: number) => {
    const res = await a.post('/groups', { json: { name: path, path, parent_id: parent } });
    if (ledger) appendLedger(ledger, { kind: 'group', id: res.json.id, path: `/groups/${res.json.id}`, parent, target: a.options.apiUrl });
    return res.json.id as number;
  };
  const sub = await group(`${prefix}-g-1`, runId);
  const subSub = await group(`${prefix}-g-2`, sub);
  const project = (await a.post('/projects', { json: { name: `${prefix}-p`, path: `${prefix}-p`, namespace_id: sub } })).json.id;
  if (ledger) appendLedger(ledger, { kind: 'project', id: project, path: `/projects/${project}`, target: a.options.apiUrl });
  return { runId, sub, subSub, project };
}

const status = async (path: string) => (await admin().get(path)).status;

describe('against a reference that only marks, and refuses permanently_remove for a top-level group', () => {
  test('the ledger cleanup removes subgroups and projects for good, the run group last; the run group awaits deletion, with no command', async () => {
    calls = [];
    const ledger = join(temp('run-group-'), 'ledger.jsonl');
    const { runId, sub, subSub, project } = await runTree('cfk-rg1', ledger);
    expect(readLedger(ledger)[0]).toMatchObject({ kind: 'group', id: runId, parent: null, label: 'cfk-rg1' });
    const result = await cleanupLedger(ledger, admin(), { concurrency: 4 });
    expect(result.failed).toEqual([]);
    expect(result.removed.map((e) => e.path).sort()).toEqual([`/groups/${sub}`, `/groups/${subSub}`, `/projects/${project}`].sort());
    expect(result.awaiting.map((a) => a.entry.path)).toEqual([`/groups/${runId}`]);
    expect(result.awaiting[0]!.reason).toContain(`400 {"message":"${REFUSAL}"}`);
    expect(calls.filter((c) => c.startsWith(`DELETE /groups/${runId}`))).toEqual([
      `DELETE /groups/${runId}`,
      `DELETE /groups/${runId}?permanently_remove=true&full_path=cfk-rg1-deletion_scheduled-${runId}`,
    ]);
    expect(calls.findIndex((c) => c.startsWith(`DELETE /groups/${runId}`))).toBe(calls.length - 2);
    expect([await status(`/groups/${sub}`), await status(`/groups/${subSub}`), await status(`/projects/${project}`)]).toEqual([
      404, 404, 404,
    ]);
    expect(await status(`/groups/${runId}`)).toBe(200);
    expect(existsSync(ledger)).toBe(false);
  });

  test('the prefix sweep removes subgroups deepest first and reports the run group as awaiting deletion', async () => {
    calls = [];
    const { runId, sub, subSub } = await runTree('cfk-rg2');
    const result = await sweepPrefixes(admin(), ['cfk-rg2'], { concurrency: 4 });
    const groupDeletes = calls.filter((c) => c.startsWith('DELETE /groups/')).map((c) => Number(/\/groups\/(\d+)/.exec(c)![1]));
    expect([...new Set(groupDeletes)]).toEqual([subSub, sub, runId]);
    expect(result.failed).toEqual([]);
    expect(result.awaiting).toEqual([{ what: `group ${runId} cfk-rg2`, reason: expect.stringContaining(REFUSAL) }]);
    expect(result.removed).toHaveLength(3);
  });

  test('`conformance cleanup` says the run group awaits the target deletion, prints no command, and exits 0', async () => {
    const reportsDir = temp('run-group-reports-');
    const ledger = join(reportsDir, 'ledger-cfk-rg3.jsonl');
    const { runId } = await runTree('cfk-rg3', ledger);
    // A subgroup a killed run made but never recorded: found by the prefix.
    const unrecorded = (await admin().post('/groups', { json: { name: 'cfk-rg3-g-9', path: 'cfk-rg3-g-9', parent_id: runId } })).json.id;
    const lines: string[] = [];
    const code = await cleanup({ flags: { baseUrl: ref.url, adminToken: TOKEN, reportsDir }, log: (l) => lines.push(l) });
    const out = lines.join('\n');
    expect(code, out).toBe(0);
    expect(out).toContain(`awaiting the target's own deletion: group /groups/${runId} (cfk-rg3): marked for deletion (`);
    expect(out).toMatch(new RegExp(`removed group ${unrecorded} cfk-rg3\\S*/cfk-rg3-g-9 \\(found by its run prefix\\)`));
    expect(out).toMatch(
      /cleanup: 4 removed, 1 top-level group\(s\) marked for deletion, awaiting the target's own deletion, 0 could not be removed/,
    );
    expect(out).not.toMatch(/finish with|curl|could not remove/);
    expect(out).not.toContain(TOKEN);
    expect(existsSync(ledger)).toBe(false);
  });
});

const answer = (status: number, json?: unknown) => ({ status, json, text: json ? JSON.stringify(json) : '', headers: {} }) as ApiResponse;

/** A fake admin: DELETE answers `onDelete(path, query)`, GET answers `onGet(path)`; `seen` notes every request. */
function fake(
  onDelete: (path: string, query?: Record<string, string>) => number,
  onGet: (path: string) => ApiResponse,
  seen: string[] = [],
) {
  return {
    url: (path: string, query?: Record<string, string>) => `http://t/api/v4${path}?${new URLSearchParams(query).toString()}`,
    delete: async (path: string, o: { query?: Record<string, string> } = {}) => {
      seen.push(`DELETE ${path}${o.query ? `?${new URLSearchParams(o.query).toString()}` : ''}`);
      return answer(onDelete(path, o.query));
    },
    get: async (path: string) => {
      seen.push(`GET ${path}`);
      return onGet(path);
    },
  } as unknown as ApiClient;
}

function ledgerOf(...entries: LedgerEntry[]): string {
  const file = join(temp('run-group-fake-'), 'ledger.jsonl');
  writeFileSync(file, '');
  for (const e of entries) appendLedger(file, e);
  return file;
}

describe('against fake admins', () => {
  test('a marked top-level group whose permanent removal fails otherwise than 400 is left, still with no command', async () => {
    const file = ledgerOf({ kind: 'group', id: 3, path: '/groups/3', parent: null });
    const marked = answer(200, { id: 3, full_path: 'cfk-1-deletion_scheduled-3', parent_id: null, marked_for_deletion_on: '2026-11-25' });
    const result = await cleanupLedger(
      file,
      fake(
        (_p, q) => (q?.permanently_remove ? 500 : 202),
        () => marked,
      ),
    );
    expect(result.awaiting).toEqual([]);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]!.reason).toMatch(/marked for deletion \(2026-11-25\); its permanent removal answered 500/);
    expect(result.failed[0]!.command).toBeUndefined();
  });

  test.each([
    ['a 403', { kind: 'project' as const, id: 9, path: '/projects/9' }, answer(403, { message: '403 Forbidden' })],
    ['a 5xx', { kind: 'group' as const, id: 9, path: '/groups/9' }, answer(502)],
    [
      'a hard-deleted user still active',
      { kind: 'user' as const, id: 9, path: '/users/9', query: { hard_delete: 'true' } },
      answer(200, { state: 'active' }),
    ],
  ])('the settle wait ends at once on %s after an accepted DELETE: left, without waiting out settleMs', async (_what, entry, after) => {
    const seen: string[] = [];
    const started = Date.now();
    const result = await cleanupLedger(
      ledgerOf(entry),
      fake(
        () => (entry.kind === 'user' ? 204 : 202),
        () => after,
        seen,
      ),
      { settleMs: 60_000 },
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(seen.filter((c) => c.startsWith('GET '))).toHaveLength(1);
    expect(result.failed.map((f) => f.entry.path)).toEqual([entry.path]);
  });

  test('a top-level group a hard-deleted user solely owns goes with the user; it is removed on its own only when the user is left', async () => {
    const user: LedgerEntry = { kind: 'user', id: 5, path: '/users/5', query: { hard_delete: 'true' } };
    const owned: LedgerEntry = { kind: 'group', id: 6, path: '/groups/6', parent: null, goesWith: '/users/5' };
    const seen: string[] = [];
    const gone = await cleanupLedger(
      ledgerOf(user, owned),
      fake(
        () => 204,
        (p) => (p === '/users/5' ? answer(200, { state: 'blocked' }) : answer(404)),
        seen,
      ),
    );
    expect(seen.filter((c) => c.startsWith('DELETE '))).toEqual(['DELETE /users/5?hard_delete=true']);
    expect([gone.deleting.map((e) => e.path), gone.removed.map((e) => e.path)]).toEqual([['/users/5'], ['/groups/6']]);
    const again: string[] = [];
    const left = await cleanupLedger(
      ledgerOf(user, owned),
      fake(
        (p) => (p === '/users/5' ? 409 : 202),
        (p) => (p === '/users/5' ? answer(200, { state: 'active' }) : answer(404)),
        again,
      ),
    );
    expect(again.filter((c) => c.startsWith('DELETE '))).toEqual(['DELETE /users/5?hard_delete=true', 'DELETE /groups/6']);
    expect([left.failed.map((f) => f.entry.path), left.removed.map((e) => e.path)]).toEqual([['/users/5'], ['/groups/6']]);
  });
});
