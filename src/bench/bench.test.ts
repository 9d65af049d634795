/**
 * The bench's own mechanics in a tiny mode, never its timings: the bare server answers the
 * captured bytes and headers exactly, and runBench writes bench.json with every measurement
 * (value, target, verdict) and a table that shows them.
 *
 *   npx vitest run src/bench/bench.test.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { captureResponse } from './capture.ts';
import { deployedLine, inProcessLine, kitCpuLine, leastWallMs, type DeployedNumbers } from './certification-lines.ts';
import { startChild } from './children.ts';
import { deepPageNumber } from './deep-page.ts';
import { judge } from './measurement.ts';
import { benchOptions, runBench, type BenchReport } from './run-bench.ts';
import { renderTable } from './table.ts';
import { median } from './throughput.ts';
import { delayRequests, timeRequests } from './server-timing.ts';

const dir = mkdtempSync(join(tmpdir(), 'cfk-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bare replay server', () => {
  it('answers every request with the captured status, raw headers (in order) and body bytes', async () => {
    const body = Buffer.from('[{"id":2,"name":"é"}]');
    const rawHeaders = [
      'Content-Type',
      'application/json; charset=utf-8',
      'X-Total',
      '2',
      'Link',
      '<http://x/?page=1>; rel="first"',
      'Content-Length',
      String(body.length),
    ];
    const bare = await startChild('bare-child.ts', {}, { type: 'replay', status: 200, rawHeaders, bodyBase64: body.toString('base64') });
    try {
      for (const path of ['/api/v4/users?per_page=20', '/anything']) {
        const got = await captureResponse(bare.ready.url + path, {});
        expect(got.status).toBe(200);
        expect(got.body.equals(body)).toBe(true);
        // Node adds its own Date / Connection / Keep-Alive after the replayed ones.
        expect(got.rawHeaders.slice(0, rawHeaders.length)).toEqual(rawHeaders);
      }
    } finally {
      await bare.stop();
    }
  }, 30_000);
});

describe('delayRequests', () => {
  it("hands each request to the server's listener that many ms late, counted in its timing", async () => {
    const server = createServer((_req, res) => res.end('ok'));
    delayRequests(server, 40);
    const timing = timeRequests(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const { port } = server.address() as AddressInfo;
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/`);
      expect(await res.text()).toBe('ok');
      expect(performance.now() - started).toBeGreaterThanOrEqual(35);
      expect(timing.snapshot().requests).toBe(1);
      expect(timing.snapshot().sumMs).toBeGreaterThanOrEqual(35);
    } finally {
      server.close();
    }
  });
});

const run: DeployedNumbers = {
  exitCode: 0,
  wallMs: 52_400,
  requests: 6_000,
  requestsByPhase: { probe: 60, provisioning: 140, tests: 5_500, cleanup: 300 },
  concurrency: 12,
  reports: 'reports/bench-certification',
  latencyMs: 50,
  serverRequests: 6_000,
  kitCpuMs: 7_800,
};

describe('certification lines (4, 6, 7): targets and a guard', () => {
  it("4: the least wall time is requests x latency / concurrency, from summary.json's requests", () => {
    expect(leastWallMs(6_000, 50, 12)).toBe(25_000);
    expect(leastWallMs(100, 50, 0)).toBe(5_000); // a concurrency of 0 counts as 1
    const m = deployedLine(run);
    expect(m).toMatchObject({ id: 'certification-deployed', value: 52.4, unit: 's', target: { op: '<=', value: 60 }, status: 'pass' });
    expect(m.details).toMatchObject({ requests: 6_000, leastWallMs: 25_000, wallOverLeast: 2.1, concurrency: 12, latencyMs: 50 });
    expect(m.summary).toContain('6000 x 50 ms / 12 = 25 s');
    expect(m.summary).toContain('probe 60, provisioning 140, tests 5500, cleanup 300');
    // The server's count stands in when the run wrote no summary.
    expect(deployedLine({ ...run, requests: null, serverRequests: 1_200 }).details).toMatchObject({ requests: 1_200, leastWallMs: 5_000 });
  });
  it('4: over 60 s misses; exactly 60 s passes; a failed certification misses whatever its time', () => {
    expect(deployedLine({ ...run, wallMs: 60_000 }).status).toBe('pass');
    expect(deployedLine({ ...run, wallMs: 60_100 }).status).toBe('miss');
    expect(deployedLine({ ...run, exitCode: 1 }).status).toBe('miss');
    expect(deployedLine({ ...run, exitCode: 1 }).summary).toMatch(/^exit 1;/);
  });
  it('6: the in-process wall time against 15 s', () => {
    const n = { ...run, concurrency: 3, wallMs: 14_960 };
    expect(inProcessLine(n)).toMatchObject({ id: 'certification-in-process', value: 15, target: { op: '<=', value: 15 }, status: 'pass' });
    expect(inProcessLine({ ...n, wallMs: 15_100 }).status).toBe('miss');
    expect(inProcessLine({ ...n, exitCode: 2 }).status).toBe('miss');
    expect(inProcessLine({ ...n, requests: null }).summary).toContain('? requests');
  });
  it("7: the kit's CPU per request is a regression guard of 2.5 ms at the deployed concurrency; info without /proc", () => {
    const cpu = (kitCpuMs: number | null, more: Partial<DeployedNumbers> = {}) => kitCpuLine({ ...run, kitCpuMs, ...more });
    expect(cpu(13_200).summary).toContain(
      '13.2 s of CPU (main process and workers, start-up included) for 6000 requests at concurrency 12; a regression guard',
    );
    expect(cpu(13_200)).toMatchObject({ id: 'kit-cpu', value: 2.2, unit: 'ms', status: 'pass' });
    expect(cpu(13_200).target).toEqual({ op: '<=', value: 2.5, kind: 'guard' });
    expect(cpu(15_000).status).toBe('pass'); // 2.5 ms exactly
    expect(cpu(15_060).status).toBe('miss'); // 2.51 ms (judged on the value shown)
    expect(cpu(13_200, { exitCode: 1 }).status).toBe('miss');
    expect(cpu(null)).toMatchObject({ status: 'info', target: null });
    // At another concurrency the CPU per request is another worker plan's: reported, not judged.
    const other = cpu(30_000, { concurrency: 4 });
    expect(other).toMatchObject({ value: 5, status: 'info', target: null });
    expect(other.summary).toContain('not judged: the guard holds at the deployed concurrency (12)');
  });
  it('a guard is judged as a target is, and the table names it a guard; the wall-time lines stay targets', () => {
    const guard = judge({
      id: 'g',
      title: 'g',
      value: 2.6,
      unit: 'ms',
      target: { op: '<=', value: 2.5, kind: 'guard' },
      details: {},
      summary: '',
    });
    expect(guard.status).toBe('miss');
    expect(deployedLine(run).target).not.toHaveProperty('kind');
    expect(inProcessLine(run).target).not.toHaveProperty('kind');
    const report = {
      verdict: 'miss',
      startedAt: '',
      durationMs: 0,
      machine: { cpus: 2, loadavg: [0, 0, 0], node: '', platform: '' },
      options: benchOptions({}),
      measurements: [deployedLine(run), guard],
    } satisfies BenchReport;
    const table = renderTable(report);
    expect(table).toMatch(/<= 60 s\s+PASS/);
    expect(table).toMatch(/guard <= 2\.5 ms\s+MISS/);
  });
});

describe('options', () => {
  it('refuses bad values with a usage error (exit code 2)', () => {
    expect(() => benchOptions({ users: 10 })).toThrow(expect.objectContaining({ code: 'USAGE' }));
    expect(() => benchOptions({ durationSec: 0 })).toThrow(/duration/);
    expect(() => benchOptions({ rounds: 1.5 })).toThrow(/rounds/);
    expect(() => benchOptions({ latencyMs: -1 })).toThrow(/latency/);
    expect(benchOptions({}).users).toBe(100_000);
    expect(benchOptions({}).latencyMs).toBe(50);
  });
  it('picks a deep page that is full: 4999 of 5001 pages for 100,000 users', () => {
    expect(deepPageNumber(100_000)).toBe(4999);
    expect(deepPageNumber(20)).toBe(1);
  });
});

describe('runBench (tiny)', () => {
  it('writes bench.json with each measurement, its target and verdict, and renders the table', async () => {
    const lines: string[] = [];
    const report = await runBench({
      reportsDir: dir,
      users: 60,
      durationSec: 0.5,
      rounds: 1,
      connections: 2,
      samples: 5,
      certification: false,
      log: (l) => lines.push(l),
    });
    const written = JSON.parse(readFileSync(join(dir, 'bench.json'), 'utf8')) as BenchReport;
    expect(written).toEqual(JSON.parse(JSON.stringify(report)));
    expect(written.measurements.map((m) => m.id)).toEqual([
      'list-throughput',
      'creates',
      'deep-page',
      'memory',
      'reference-reset',
      'serve-startup',
      'observe-throughput',
      'observe-added-p50',
      'observe-saturation-judged',
      'observe-half-rate-judged',
      'observe-rss',
    ]);
    for (const m of written.measurements) {
      // The p50 observe adds over the plain proxy is a difference: 0 or below in a noisy tiny run is a reading, not a fault.
      if (m.id === 'observe-added-p50') expect(Number.isFinite(m.value)).toBe(true);
      else expect(Number.isFinite(m.value) && m.value > 0).toBe(true);
      expect(['pass', 'miss', 'info']).toContain(m.status);
      expect(m.status === 'info').toBe(m.target === null);
    }
    expect(written.verdict).toBe(written.measurements.some((m) => m.status === 'miss') ? 'miss' : 'pass');
    expect(written.measurements.find((m) => m.id === 'deep-page')!.details).toMatchObject({ users: 60, deepPage: 2 });
    expect(written.options).toMatchObject({ users: 60, certification: false });
    const table = renderTable(written);
    for (const m of written.measurements) expect(table).toContain(m.title);
    expect(table).toMatch(/>= 0\.5x/);
    expect(lines.some((l) => l.includes('deep page'))).toBe(true);
  }, 90_000);
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([0.9, 0.2, 0.5])).toBe(0.5);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});
