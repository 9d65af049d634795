/**
 * Strict mode end to end: a scripted client (undici) that sends an unknown parameter, a datetime
 * where a date is asked, per_page=500 and a token in the query gets exactly those four findings,
 * each with a reproducer whose token is redacted, in ref.findings() and in the client report
 * written at close (JSON and Markdown); the requests are still answered as the platform would.
 *
 *   const ref = await startReferenceServer({ strict: true, clientReport: dir + '/client-report' });
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReference } from '../index.ts';
import type { Finding } from './findings.ts';

let ref: RunningReference;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'strict-'));
  ref = await startReferenceServer({ strict: true, clientReport: join(dir, 'client-report') });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function send(path: string, headers: Record<string, string> = { 'private-token': ref.adminToken }): Promise<number> {
  const res = await request(`${ref.apiUrl}${path}`, { headers });
  await res.body.dump();
  return res.statusCode;
}

describe('strict mode with a scripted client', () => {
  it('reports exactly the four findings, each with a redacted reproducer, and answers every request as usual', async () => {
    expect(await send('/users?colour=red')).toBe(200);
    expect(await send('/user/activities?from=2024-01-31T00:00:00Z')).toBe(200);
    expect(await send('/users?per_page=500')).toBe(200);
    expect(await send(`/user?private_token=${ref.adminToken}`, {})).toBe(200);
    // A well-formed request adds nothing.
    expect(await send('/users?per_page=100&page=1&username=root')).toBe(200);

    const findings = ref.findings();
    expect(findings.map((f) => `${f.kind} ${f.operationId} ${f.parameter}`)).toEqual([
      'unknown-parameter listUsers colour',
      'wrong-format listUserActivities from',
      'per-page-over-max listUsers per_page',
      'token-in-query getCurrentUser private_token',
    ]);
    for (const f of findings) {
      expect(f.reproducer).toMatch(/^curl -X GET '/);
      expect(f.reproducer).not.toContain(ref.adminToken);
      expect(f.reproducer).toContain('[redacted]');
    }

    await ref.close();
    const json = JSON.parse(await readFile(join(dir, 'client-report.json'), 'utf8')) as { findings: Finding[] };
    expect(json.findings).toEqual(findings);
    const md = await readFile(join(dir, 'client-report.md'), 'utf8');
    expect(md.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| kind') && !l.startsWith('| ---'))).toHaveLength(4);
    expect(md).not.toContain(ref.adminToken);
  });
});
