/**
 * The property runner: seeds derived from the run's seed, a failing property shrinks, replays and
 * carries its counterexample and the curl commands of its replay.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { reproduceFilesIn } from './curl.ts';
import { currentPropertyRun, recorder } from './recorder.ts';
import { forAll, propertySeed, PropertyFailure } from './property.ts';
import { SecretSet } from '../shared/redact.ts';
import type { Session } from './session.ts';

const server = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ path: req.url }));
});
let client: ApiClient;
const secrets = new SecretSet(['s3cr3t-token-value']);

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  client = new ApiClient({
    apiUrl: `http://127.0.0.1:${port}/api/v4`,
    timeoutMs: 5000,
    maxBodyBytes: 1 << 20,
    secrets,
    auth: { token: 's3cr3t-token-value' },
    observers: [recorder(secrets)],
  });
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const ctx = (seed: number, numRuns = 30, runsAtOnce = 1) => ({
  s: { target: { seed, numRuns }, runsAtOnce, secrets } as unknown as Session,
  task: { name: 'a property' },
});

describe('forAll', () => {
  it('derives a stable seed per run seed and property name', () => {
    expect(propertySeed(42, 'x')).toBe(propertySeed(42, 'x'));
    expect(propertySeed(42, 'x')).not.toBe(propertySeed(43, 'x'));
    expect(propertySeed(42, 'x')).not.toBe(propertySeed(42, 'y'));
  });

  it('passes when the predicate holds for every run, and runs CONFORMANCE_NUM_RUNS times', async () => {
    let runs = 0;
    await forAll(ctx(1, 17), fc.integer(), async () => {
      runs += 1;
    });
    expect(runs).toBe(17);
  });

  it('draws the same values for the same seed', async () => {
    const seen: number[][] = [[], []];
    for (const i of [0, 1])
      await forAll(ctx(7), fc.integer(), async (n) => {
        seen[i]!.push(n);
      });
    expect(seen[0]).toEqual(seen[1]);
  });

  it('fails with the shrunk counterexample, its seed and the curl commands of its replay, token redacted', async () => {
    const error = await forAll(ctx(3, 100), fc.integer({ min: 0, max: 10_000 }), async (n) => {
      await client.get(`/items?n=${n}`);
      await client.post('/items', { json: { n } });
      if (n >= 500) throw new Error(`n too large: ${n}`);
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PropertyFailure);
    const f = error as PropertyFailure;
    expect(f.counterexample).toBe('500');
    expect(f.requirement).toContain(`property seed ${propertySeed(3, 'a property')}`);
    expect(f.reproduce.split('\n')).toHaveLength(2);
    expect(f.reproduce).toContain('/items?n=500');
    expect(f.reproduce).toContain(`--data '{"n":500}'`);
    expect(f.reproduce).not.toContain('s3cr3t');
  });

  it('redacts a secret the counterexample itself holds (a generated cluster token), in its fields the test runner prints', async () => {
    const error = await forAll(ctx(4, 5), fc.constant({ token: 'generated-cluster-token-9f2c' }), async (v) => {
      secrets.add(v.token);
      await client.post('/clusters', { json: { platform_kubernetes_attributes: v } });
      throw new Error('refused');
    }).catch((e: unknown) => e);
    const f = error as PropertyFailure;
    expect(f).toBeInstanceOf(PropertyFailure);
    expect(f.counterexample).toContain('[redacted]');
    expect(f.reproduce).toContain('/clusters');
    expect(JSON.stringify({ ...f })).not.toContain('generated-cluster-token-9f2c');
  });

  it('replays a long counterexample whole: its body is in a file of the reports folder, not cut', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfk-prop-'));
    reproduceFilesIn(dir);
    try {
      const error = await forAll(ctx(5, 5), fc.constant(200_000), async (n) => {
        await client.post('/epics', { json: { description: 'd'.repeat(n) } });
        throw new Error('accepted');
      }).catch((e: unknown) => e);
      const f = error as PropertyFailure;
      const file = /--data-binary @(\S+)/.exec(f.reproduce)?.[1];
      expect(file, f.reproduce).toBeDefined();
      expect(readFileSync(file!, 'utf8')).toBe(JSON.stringify({ description: 'd'.repeat(200_000) }));
    } finally {
      reproduceFilesIn(undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('forAll, runs side by side', () => {
  /** A predicate that notes each run's value, run index and how many runs were under way at once. */
  function observed() {
    const seen = { values: [] as number[], runs: new Set<number | undefined>(), inFlight: 0, most: 0 };
    const predicate = async (n: number) => {
      seen.values.push(n);
      seen.runs.add(currentPropertyRun());
      seen.most = Math.max(seen.most, ++seen.inFlight);
      await new Promise((done) => setTimeout(done, 2));
      seen.inFlight -= 1;
    };
    return { seen, predicate };
  }

  it('runs the examples and the drawn values, as many at once as the worker may, each as a run of its own', async () => {
    const { seen, predicate } = observed();
    await forAll(ctx(9, 20, 4), fc.integer(), predicate, { sideBySide: true, examples: [-1, -2] });
    expect(seen.values).toHaveLength(22);
    expect(seen.values.slice(0, 2)).toEqual([-1, -2]);
    expect(seen.most).toBe(4);
    expect(seen.runs.size).toBe(22);
    expect(seen.runs.has(undefined)).toBe(false);
  });

  it('draws the same values for the same seed as one after the other', async () => {
    const alone = observed();
    const side = observed();
    await forAll(ctx(11, 15), fc.integer(), alone.predicate, { sideBySide: true });
    await forAll(ctx(11, 15, 3), fc.integer(), side.predicate, { sideBySide: true });
    expect(alone.seen.most).toBe(1);
    expect([...side.seen.values].sort()).toEqual([...alone.seen.values].sort());
  });

  it("shrinks a failure one run at a time from the value that failed, with the replay's curl commands", async () => {
    const error = await forAll(
      ctx(3, 100, 4),
      fc.integer({ min: 0, max: 10_000 }),
      async (n) => {
        await client.get(`/items?n=${n}`);
        if (n >= 500) throw new Error(`n too large: ${n}`);
      },
      { sideBySide: true },
    ).catch((e: unknown) => e);
    const f = error as PropertyFailure;
    expect(f).toBeInstanceOf(PropertyFailure);
    expect(f.counterexample).toBe('500');
    expect(f.reproduce).toContain('/items?n=500');
    expect(f.requirement).not.toContain('side by side');
  });

  it('says so when a run failed only beside others, and passed alone', async () => {
    let inFlight = 0;
    const error = await forAll(
      ctx(4, 10, 3),
      fc.integer({ min: 0, max: 100 }),
      async () => {
        inFlight += 1;
        await new Promise((done) => setTimeout(done, 2));
        const crowded = inFlight > 1;
        inFlight -= 1;
        if (crowded) throw new Error('another run was under way');
      },
      { sideBySide: true },
    ).catch((e: unknown) => e);
    const f = error as PropertyFailure;
    expect(f).toBeInstanceOf(PropertyFailure);
    expect(f.requirement).toContain('another run was under way');
    expect(f.requirement).toContain('it failed with other runs side by side and passed alone');
  });
});
