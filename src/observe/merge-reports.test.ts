/**
 * `observe --merge-reports` (issue 39, item 5): two observes that split one client's traffic (its
 * requests alternate between them, in front of one faulty reference) give, merged, the same findings
 * (clauses, operations, counts) as one observe that saw all of it (in front of a second reference
 * with the same faults, the same script). Known findings of a report come back among the others
 * before the baseline is applied again; bad input is one line, exit 2.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../cli.ts';
import { removeRunFolders, tempFolder } from '../mutation/run-fault.ts';
import { startReferenceServer } from '../reference/index.ts';
import { startObserve } from './index.ts';
import { mergeObserveReports } from './merge-reports.ts';
import type { ObservedFinding } from './observation.ts';
import type { ObserveSummary } from './report.ts';
import { drive } from './scripted-client.ts';
import { covered } from './fixtures/coverage.ts';

const ADMIN = 'observe-merge-admin-token';
const FAULTS = ['format.datetime-no-millis', 'pagination.no-x-total-pages', 'status.create-200'];
afterAll(removeRunFolders);

/** A round-robin splitter: request i goes to targets[i % n], piped both ways. */
async function splitter(targets: string[]): Promise<{ url: string; close: () => Promise<void> }> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const to = new URL(targets[next++ % targets.length]!);
    const out = http.request(
      { hostname: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers, agent },
      (a) => {
        res.writeHead(a.statusCode ?? 502, a.headers);
        a.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((r) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const findings = (list: readonly ObservedFinding[]) =>
  list.map((f) => `${f.side} ${f.operation} ${f.clause} ${f.about} x${f.count}`).sort();
const counts = (s: ObserveSummary) => {
  const c = s.counts as unknown as Record<string, number>;
  return { exchanges: c.exchanges, judged: c.judged, outsideSpec: c.outsideSpec, upstreamErrors: c.upstreamErrors, shed: c.shed };
};

describe('observe --merge-reports', () => {
  it('two observes that split the traffic, merged, equal one that saw it all', { timeout: 180_000 }, async () => {
    const refA = await startReferenceServer({ adminToken: ADMIN, faults: FAULTS });
    const refB = await startReferenceServer({ adminToken: ADMIN, faults: FAULTS });
    const [dirA, dirB, dirAll, dirMerged] = ['a', 'b', 'all', 'merged'].map((n) => tempFolder(`cfk-observe-merge-${n}-`));
    const a = await startObserve({ upstream: refA.url, reportsDir: dirA, judgeEverything: true });
    const b = await startObserve({ upstream: refA.url, reportsDir: dirB, judgeEverything: true });
    const all = await startObserve({ upstream: refB.url, reportsDir: dirAll, judgeEverything: true });
    const split = await splitter([a.url, b.url]);
    try {
      await drive(`${split.url}/api/v4`, ADMIN);
      await drive(`${all.url}/api/v4`, ADMIN);
    } finally {
      await split.close();
      await refA.close();
      await refB.close();
    }
    const one = (await all.stop()).summary;
    const halves = [(await a.stop()).summary, (await b.stop()).summary];
    expect(halves.every((h) => h.counts.judged > 5)).toBe(true);
    expect(one.server.length).toBeGreaterThan(2);

    const merged = mergeObserveReports([dirA, dirB]);
    expect(findings(merged.server)).toEqual(findings(one.server));
    expect(findings(merged.client)).toEqual(findings(one.client));
    expect(counts(merged)).toEqual(counts(one));
    expect(merged.operations).toEqual(one.operations);
    expect(merged.startedAt <= halves[0]!.startedAt && merged.startedAt <= halves[1]!.startedAt).toBe(true);
    expect(Date.parse(merged.startedAt) + merged.durationMs).toBe(Math.max(...halves.map((h) => Date.parse(h.startedAt) + h.durationMs)));

    // Through the command: the merged report written, exit 1 (server findings).
    expect(await main(['observe', '--merge-reports', dirA, dirB, '--reports-dir', dirMerged])).toBe(1);
    const written = JSON.parse(readFileSync(join(dirMerged, 'summary.json'), 'utf8')) as ObserveSummary;
    expect(findings(written.server)).toEqual(findings(one.server));
  });

  it('brings known findings back before the baseline is applied again', () => {
    const dir = tempFolder('cfk-observe-merge-known-');
    const finding: ObservedFinding = {
      side: 'server',
      operation: 'GET /users',
      clause: 'conv.datetime.format',
      about: 'datetime',
      requirement: 'r',
      count: 3,
      reproducer: 'curl x',
      status: 200,
    };
    const report = {
      kind: 'observe',
      verdict: 'pass',
      upstream: 'http://127.0.0.1:1',
      kitVersion: '0',
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1000,
      counts: { exchanges: 3, judged: 3, outsideSpec: 0, bodyNotJudged: 0, upstreamErrors: 0 },
      server: [],
      known: [{ ...finding, known: { reason: 'known', entries: ['x'], expires: '2099-01-01' } }],
      client: [],
      operations: { seen: [{ operation: 'GET /users', count: 3 }], neverSeen: [] },
    };
    writeFileSync(join(dir, 'summary.json'), JSON.stringify(report));
    const merged = mergeObserveReports([dir, dir]);
    expect(merged.server).toEqual([{ ...finding, count: 6 }]);
    expect(merged.verdict).toBe('fail');
    expect(merged.counts.exchanges).toBe(6);
    // A report of an older kit (operations.seen without coverage): its exchanges read as judged in full.
    expect(merged.operations.seen).toEqual([covered('GET /users', 6)]);
    expect(merged.durationMs).toBe(1000);
  });

  it('exits 2 with one line on a folder without summary.json or a summary.json that is not an observe report', async () => {
    const empty = tempFolder('cfk-observe-merge-empty-');
    const other = tempFolder('cfk-observe-merge-other-');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'summary.json'), JSON.stringify({ verdict: 'pass', totals: {} }));
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      expect(await main(['observe', '--merge-reports', empty])).toBe(2);
      expect(await main(['observe', '--merge-reports', other])).toBe(2);
      expect(await main(['observe', '--merge-reports', other, '--upstream', 'http://127.0.0.1:1'])).toBe(2);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(3);
    expect(errors.every((e) => !e.includes('\n'))).toBe(true);
    expect(errors[0]).toMatch(/holds no summary\.json/);
    expect(errors[1]).toMatch(/is not an observe report/);
    expect(errors[2]).toMatch(/takes no --upstream/);
  });
});
