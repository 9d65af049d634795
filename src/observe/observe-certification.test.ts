/**
 * observe's proof on real traffic (issue 36, Done when): the kit's whole certification runs
 * THROUGH `observe` in front of the in-process reference, and observe reports no server finding;
 * the certification still passes (the proxy changes nothing it forwards); no secret reaches the
 * report. The whole run, not a selection: it takes about 20 s through the proxy.
 * Its coverage by operation adds up: per operation, and over all of them to the judges' own counts.
 * Then the command itself: the ready line, SIGTERM writes the report, exit 0; bad input exits 2.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeRunFolders, runCertification, tempFolder } from '../mutation/run-fault.ts';
import { startReferenceServer } from '../reference/index.ts';
import { scanForSecrets } from '../run/secret-scan.ts';
import { main } from '../cli.ts';
import { notJudgedTotal } from './coverage.ts';
import { startObserve } from './index.ts';
import { spawnObserve } from './fixtures/observe-command.ts';
import { covered } from './fixtures/coverage.ts';

const ADMIN = 'observe-certification-admin-token';
afterAll(removeRunFolders);

describe('observe', () => {
  it('sees a whole certification of the reference pass through it with no server finding', { timeout: 300_000 }, async () => {
    const ref = await startReferenceServer({ adminToken: ADMIN });
    const reportsDir = tempFolder('cfk-observe-cert-');
    const o = await startObserve({ upstream: ref.url, reportsDir, judgeEverything: true, identifyCallers: true });
    try {
      const run = await runCertification({ env: { CONFORMANCE_BASE_URL: o.url, CONFORMANCE_ADMIN_TOKEN: ADMIN } });
      expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
    } finally {
      await ref.close();
    }
    const secrets = await o.learnedSecrets();
    const { summary, exitCode } = await o.stop();
    expect(summary.server.map((f) => `${f.operation} ${f.clause} ${f.about} ${f.actual}`)).toEqual([]);
    expect(exitCode).toBe(0);
    expect(summary.counts.judged).toBeGreaterThan(1000);
    expect(summary.counts.upstreamErrors).toBe(0);
    // Every exchange handed to the steady judge (judgeEverything): at a certification's rate its queue keeps up, none shed.
    expect(summary.counts).toMatchObject({ shed: 0, sampledOut: 0, judgeErrors: 0 });
    expect(summary.operations.seen.length).toBeGreaterThan(50);
    // Coverage: seen = judged in full + without the caller + not judged, per operation; and, with no upstream error
    // nor judge error, the operations' exchanges are the judged ones, those whose body was cut the bodies not judged.
    const seen = summary.operations.seen;
    const sum = (n: (o: (typeof seen)[number]) => number) => seen.reduce((t, o) => t + n(o), 0);
    for (const o of seen) expect(o.count, o.operation).toBe(o.judgedInFull + o.judgedWithoutCaller + notJudgedTotal(o));
    expect(sum((o) => o.count)).toBe(summary.counts.judged);
    expect(sum((o) => o.notJudged.bodyCut)).toBe(summary.counts.bodyNotJudged);
    expect(sum((o) => o.judgedInFull + o.judgedWithoutCaller)).toBe(summary.counts.judged - summary.counts.bodyNotJudged);
    expect(summary.operations.notJudgedWithoutOperation).toEqual({ shed: 0, sampledOut: 0, judgeFailed: 0 });
    // The caller-dependent checks applied (identifyCallers): the exchanges of the users, keys, e-mails, tokens and
    // epics operations judged in full, 90% at least (the rest: sudo, credentials no GET /user names, cut bodies).
    const family = seen.filter((o) => /^\w+ \/(users?|groups\/:id\/epics)\b/.test(o.operation));
    const full = family.reduce((t, o) => t + o.judgedInFull, 0);
    const total = family.reduce((t, o) => t + o.count, 0);
    expect(summary.counts.callersIdentified).toBeGreaterThan(0);
    expect(full / total, `${full} of ${total} judged in full`).toBeGreaterThanOrEqual(0.9);
    expect(readFileSync(join(reportsDir, 'summary.md'), 'utf8')).toMatch(/## Coverage by operation \(\d+ seen\)/);
    expect(scanForSecrets(reportsDir, [ADMIN, ...secrets])).toEqual([]);
  });

  it('prints its URL, writes the report on SIGTERM and exits 0', { timeout: 60_000 }, async () => {
    const ref = await startReferenceServer({ adminToken: ADMIN });
    const reportsDir = tempFolder('cfk-observe-cli-');
    const observe = spawnObserve(['--upstream', ref.url, '--reports-dir', reportsDir]);
    let code: number | null;
    try {
      const res = await fetch(`${await observe.url}/api/v4/broadcast_messages`);
      expect(res.status).toBe(200);
      await res.text();
      code = await observe.stop();
    } finally {
      observe.kill();
      await ref.close();
    }
    expect(code, observe.output()).toBe(0);
    expect(observe.stdout()).toMatch(/PASS: 0 server finding/);
    for (const f of ['summary.json', 'summary.md', 'junit.xml']) expect(existsSync(join(reportsDir, f))).toBe(true);
    const summary = JSON.parse(readFileSync(join(reportsDir, 'summary.json'), 'utf8'));
    expect(summary.operations.seen).toEqual([covered('GET /broadcast_messages', 1)]);
  });

  it('exits 2 with one line on bad input', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      expect(await main(['observe'])).toBe(2);
      expect(await main(['observe', '--upstream', 'ftp://x'])).toBe(2);
      expect(await main(['observe', '--upstream', 'http://127.0.0.1:1'])).toBe(2);
      expect(await main(['observe', '--upstream', 'http://127.0.0.1:1', '--duration', 'soon'])).toBe(2);
      expect(await main(['observe', '--upstrem', 'x'])).toBe(2);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(5);
    expect(errors[2]).toMatch(/upstream http:\/\/127\.0\.0\.1:1 does not answer/);
    expect(errors[4]).toMatch(/did you mean --upstream/);
  });
});
