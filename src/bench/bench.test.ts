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
import { kitShareFloor } from './certification.ts';
import { startChild } from './children.ts';
import { deepPageNumber } from './deep-page.ts';
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

describe('kitShareFloor', () => {
  it('is the share the kit keeps even with perfect overlap: CPU spread over the cores, or the server busy time', () => {
    expect(kitShareFloor(14_400, 3_100, 3_100, 2)).toBe(64.6); // wall >= 8.75 s
    expect(kitShareFloor(1_000, 3_000, 3_000, 2)).toBe(0); // the server's busy time bounds the wall: no kit share forced
    expect(kitShareFloor(6_000, 2_000, 2_000, 2)).toBe(50);
  });
});

describe('options', () => {
  it('refuses bad values with a usage error (exit code 2)', () => {
    expect(() => benchOptions({ users: 10 })).toThrow(expect.objectContaining({ code: 'USAGE' }));
    expect(() => benchOptions({ durationSec: 0 })).toThrow(/duration/);
    expect(() => benchOptions({ rounds: 1.5 })).toThrow(/rounds/);
    expect(() => benchOptions({ latencyMs: -1 })).toThrow(/latency/);
    expect(benchOptions({}).users).toBe(100_000);
    expect(benchOptions({}).latencyMs).toBe(5);
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
    expect(written.measurements.map((m) => m.id)).toEqual(['list-throughput', 'creates', 'deep-page', 'memory']);
    for (const m of written.measurements) {
      expect(Number.isFinite(m.value) && m.value > 0).toBe(true);
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
  }, 60_000);
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([0.9, 0.2, 0.5])).toBe(0.5);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});
