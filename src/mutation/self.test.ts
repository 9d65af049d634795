/**
 * The kit's own runs, end to end, in `npm test`: a faulty reference fails `certify` with exit 1, a deployed-style
 * run over HTTP passes, bad configuration and an unreachable target exit 2 with one clear line,
 * and no report of a failing run holds the admin token.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../run/certify.ts';
import { filesBelow, removeRunFolders, runCertification, tempFolder } from './run-fault.ts';

afterAll(removeRunFolders);

const TOKEN = 'self-test-admin-token-0123456789';

describe('the kit fails broken servers', () => {
  test('a reference answering creates with 200 fails `certify` with exit 1, and no report leaks the admin token', async () => {
    const run = await runCertification({
      faults: ['status.create-200'],
      filters: ['broadcast-messages'],
      env: { REFERENCE_ADMIN_TOKEN: TOKEN },
    });
    expect(run.summary, run.stderr.slice(-2000)).toBeDefined();
    expect(run.exitCode).toBe(1);
    expect(run.summary!.clauses.find((c) => c.id === 'broadcast.create.status')?.status).toBe('fail');
    // The console ends with the verdict and where the reports are, after every worker has exited.
    expect(run.stdout).toMatch(/Conformance: FAIL — \d+ failed, \d+ passed/);
    expect(run.stdout).toMatch(/Reports: .*summary\.md/);
    // What cleanup did is in the summary, and the teardown's hand-over file is gone.
    expect(run.summary!.cleanup).toMatchObject({ left: [] });
    expect(run.summary!.cleanup!.removed).toBeGreaterThan(0);
    expect(filesBelow(run.reportsDir).filter((f) => /cleanup-.*\.json$/.test(f))).toEqual([]);
    for (const f of filesBelow(run.reportsDir)) {
      expect(readFileSync(f, 'utf8'), `${f} leaks the admin token`).not.toContain(TOKEN);
    }
    // allure: one result per test; the failed one carries its exchange and curl command as files.
    const allure = filesBelow(join(run.reportsDir, 'allure-results'));
    const results = allure.filter((f) => f.endsWith('-result.json')).map((f) => JSON.parse(readFileSync(f, 'utf8')));
    expect(results.length).toBe(run.summary!.totals.passed! + run.summary!.totals.failed! + (run.summary!.totals.skipped ?? 0));
    const failed = results.find(
      (r) => r.status === 'failed' && r.labels.some((l: { value: string }) => l.value === 'broadcast.create.status'),
    );
    type Attachment = { name: string; source: string };
    const attached: Attachment[] = failed.steps.flatMap((step: { attachments: Attachment[] }) => step.attachments);
    expect(attached.map((a) => a.name)).toEqual(['exchange (redacted)', 'reproduce with curl']);
    for (const a of attached) expect(allure.map((f) => f.split('/').pop())).toContain(a.source);
  });
});

describe('a quiet run', () => {
  test('--quiet prints the verdict and the errors only: no progress, no failure blocks (the reports hold them)', async () => {
    const run = await runCertification({ faults: ['status.create-200'], filters: ['broadcast-messages'], args: ['--quiet'] });
    expect(run.exitCode).toBe(1);
    expect(run.summary!.failures.length).toBeGreaterThan(0);
    expect(run.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^Conformance: FAIL — \d+ failed, \d+ passed/)]);
    expect(run.stderr.trim()).toBe('');
    expect(readFileSync(join(run.reportsDir, 'summary.md'), 'utf8')).toContain('broadcast.create.status');
  });
});

describe('the reports folder', () => {
  test("holds this run's reports only (no stale HAR, HAR parts, HTML report or allure results), no colours in a pipe, and the leak scan leaves files the run did not write alone", async () => {
    const dir = tempFolder('cfk-self-');
    mkdirSync(join(dir, 'allure-results'));
    writeFileSync(join(dir, 'allure-results', 'stale-result.json'), '{"status":"failed"}');
    // An earlier run's HAR (this run writes none), the parts of a killed one, an HTML report of earlier results.
    writeFileSync(join(dir, 'run.har'), '{"log":{"entries":[]}}');
    mkdirSync(join(dir, 'har-parts'));
    writeFileSync(join(dir, 'har-parts', 'cfk-old-1.jsonl'), '{}\n');
    mkdirSync(join(dir, 'allure-report'));
    writeFileSync(join(dir, 'allure-report', 'index.html'), '<html>');
    const env = join(dir, '.env');
    writeFileSync(env, `CONFORMANCE_ADMIN_TOKEN=${TOKEN}\n`);
    const past = new Date(Date.now() - 60_000);
    utimesSync(env, past, past);
    const run = await runCertification({
      filters: ['suites/broadcast-messages/read.test.ts'],
      args: ['--reports-dir', dir],
      env: { REFERENCE_ADMIN_TOKEN: TOKEN },
    });
    expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as {
      totals: Record<string, number>;
      verdictReasons: string[];
    };
    const results = filesBelow(join(dir, 'allure-results')).filter((f) => f.endsWith('-result.json'));
    expect(results.length).toBe(summary.totals.passed! + (summary.totals.skipped ?? 0));
    expect(existsSync(join(dir, 'allure-results', 'stale-result.json'))).toBe(false);
    for (const stale of ['run.har', 'har-parts', 'allure-report']) expect(existsSync(join(dir, stale)), stale).toBe(false);
    // Output into a pipe: no colour codes (vitest's dot reporter coloured it whatever the stream).
    if (!('FORCE_COLOR' in process.env)) expect(`${run.stdout}${run.stderr}`).not.toMatch(/\x1b\[/);
    expect(readFileSync(env, 'utf8')).toContain(TOKEN); // not the kit's file: not rewritten, not a leak
    expect(summary.verdictReasons.join('\n')).not.toMatch(/secret appeared/);
  });
});

describe('optional capabilities', () => {
  const read = ['suites/broadcast-messages/read.test.ts'];

  test('a capability the target does not offer skips its clauses as not offered, and the verdict names it', async () => {
    const run = await runCertification({ filters: ['suites/clusters/read.test.ts', ...read], env: { REFERENCE_CLUSTERS_HIDDEN: '1' } });
    expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
    const summary = run.summary!;
    expect(summary.capabilities?.find((c) => c.id === 'clusters')).toMatchObject({
      probed: 'absent',
      declared: false,
      outcome: 'not offered',
    });
    const clause = summary.clauses.find((c) => c.id === 'clusters.list.status');
    expect(clause).toMatchObject({ status: 'skip' });
    expect(clause?.reason).toMatch(/not offered by the target/);
    expect(run.stdout).toMatch(
      /Conformance: PARTIAL .*capabilities certified: epics, deps; not offered: clusters; not a certification: only the files matching/,
    );
  });

  test('a required capability the target does not offer fails its clauses (CONFORMANCE_REQUIRE)', async () => {
    const run = await runCertification({
      filters: ['suites/clusters/read.test.ts', ...read],
      env: { REFERENCE_CLUSTERS_HIDDEN: '1', CONFORMANCE_REQUIRE: 'clusters' },
    });
    expect(run.exitCode).toBe(1);
    const summary = run.summary!;
    expect(summary.capabilities?.find((c) => c.id === 'clusters')?.outcome).toBe('required, not offered');
    expect(summary.clauses.find((c) => c.id === 'clusters.list.status')?.status).toBe('fail');
  });

  test('a declared absent capability turns its clauses into skips with the reason', async () => {
    const run = await runCertification({
      filters: ['suites/clusters/read.test.ts', ...read],
      env: { REFERENCE_CLUSTERS_HIDDEN: '1', CONFORMANCE_SKIP: 'clusters' },
    });
    expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
    const clause = run.summary!.clauses.find((c) => c.id === 'clusters.list.status');
    expect(clause).toMatchObject({ status: 'skip' });
    expect(clause?.reason).toMatch(/declared absent/);
  });

  test('a declared skip of a capability the target offers is flagged in the summary', async () => {
    const run = await runCertification({ filters: read, env: { CONFORMANCE_SKIP: 'clusters' } });
    expect(run.exitCode).toBe(0);
    expect(run.summary!.capabilities?.find((c) => c.id === 'clusters')?.flag).toMatch(/offers it/);
  });

  test('on a target without epics, the 403 clause runs when declared and passes', async () => {
    const run = await runCertification({
      filters: ['suites/epics/access.test.ts', ...read],
      env: { REFERENCE_EPICS_DISABLED: '1', CONFORMANCE_EPICS_UNAVAILABLE: '1', CONFORMANCE_SKIP: 'epics' },
    });
    expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
    expect(run.summary!.clauses.find((c) => c.id === 'epics.auth.feature_unavailable')?.status).toBe('pass');
  });
});

describe('conforming variants', () => {
  test('a server whose clock keeps whole seconds passes the time filters and orders (the kit waits past its grain)', async () => {
    const run = await runCertification({
      filters: ['suites/users/filters.test.ts', 'suites/epics/list-filters.test.ts'],
      env: { REFERENCE_CLOCK_SECONDS: '1' },
    });
    expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
    for (const id of [
      'users.list.filter.created_before',
      'epics.filter.created_range',
      'epics.filter.updated_range',
      'epics.order.updated_at',
    ]) {
      expect(run.summary!.clauses.find((c) => c.id === id)?.status, id).toBe('pass');
    }
  });
});

describe('heavy checks', () => {
  test('CONFORMANCE_HEAVY=1 against a reference with the over-10,000 rule on checks it for real', async () => {
    const run = await runCertification({
      filters: ['suites/limits/large-collection.test.ts'],
      env: { CONFORMANCE_HEAVY: '1', REFERENCE_LARGE_COLLECTIONS: '1' },
    });
    expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
    expect(run.summary!.clauses.find((c) => c.id === 'limits.large_collection.no_x_total')?.status).toBe('pass');
  }, 300_000);
});

describe('exit codes', () => {
  test('CONFORMANCE_BASE_URL=not-a-url exits 2 with one line naming the variable', async () => {
    const run = await runCertification({ env: { CONFORMANCE_BASE_URL: 'not-a-url' } });
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('CONFORMANCE_BASE_URL');
  });

  test('an unreachable target exits 2 with one line saying so', async () => {
    const run = await runCertification({ env: { CONFORMANCE_BASE_URL: 'http://127.0.0.1:9', CONFORMANCE_ADMIN_TOKEN: TOKEN } });
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/does not answer/);
    expect(run.stderr).not.toContain(TOKEN);
  });

  test('a token the target refuses exits 2', async () => {
    await withServedReference(async (url) => {
      const run = await runCertification({ env: { CONFORMANCE_BASE_URL: url, CONFORMANCE_ADMIN_TOKEN: 'wrong-token-123456' } });
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(/refuses the administrator token/);
    });
  });

  test('a stale baseline entry (its clause passes) fails the run; an unreadable baseline exits 2', async () => {
    const dir = tempFolder('cfk-baseline-');
    const file = join(dir, 'baseline.json');
    writeFileSync(file, JSON.stringify({ known: [{ clause: 'broadcast.create.status', reason: 'test', expires: '2099-01-01' }] }));
    const stale = await runCertification({ filters: ['suites/broadcast-messages/create.test.ts'], args: ['--baseline', file] });
    expect(stale.exitCode).toBe(1);
    expect(stale.summary?.verdict).toBe('fail');
    const bad = await runCertification({ args: ['--baseline', join(dir, 'missing.json')] });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/CONFORMANCE_BASELINE: cannot read/);
  });

  test('a known failure in the baseline is reported as known and the run passes', async () => {
    const dir = tempFolder('cfk-baseline-');
    const file = join(dir, 'baseline.json');
    writeFileSync(file, JSON.stringify({ known: [{ clause: 'broadcast.create.type_default', reason: 'test', expires: '2099-01-01' }] }));
    const run = await runCertification({
      faults: ['broadcast.default-type-notification'],
      filters: ['suites/broadcast-messages/create.test.ts'],
      args: ['--baseline', file],
    });
    expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
    expect((run.summary as { totals: { known?: number } }).totals.known).toBeGreaterThan(0);
  });

  test("a merge of shards keeps the shards' durations: each blob's, and the longest as the run's", async () => {
    const blobs = tempFolder('cfk-blobs-');
    for (const shard of ['1/2', '2/2']) {
      const run = await runCertification({ args: ['--shard', shard, '--suite', 'gpg-keys'] });
      expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
      const blob = `blob-${shard.replace('/', '-of-')}.json`;
      copyFileSync(join(run.reportsDir, 'blob', blob), join(blobs, blob));
    }
    const merged = await runCertification({ args: ['--merge-reports', blobs] });
    expect(merged.exitCode, merged.stdout.slice(-2000)).toBe(0);
    const summary = JSON.parse(readFileSync(join(merged.reportsDir, 'summary.json'), 'utf8'));
    expect(summary.shards.map((s: { blob: string }) => s.blob).sort()).toEqual(['blob-1-of-2.json', 'blob-2-of-2.json']);
    const durations: number[] = summary.shards.map((s: { durationMs: number }) => s.durationMs);
    // A shard starts its workers and the bundled reference: well over the merge's own few hundred ms.
    for (const d of durations) expect(d).toBeGreaterThan(1000);
    expect(summary.durationMs).toBe(Math.max(...durations));
  });

  test('`serve` in one process and `certify --base-url` in another pass', async () => {
    await withServedReference(async (url) => {
      // The whole certification of the in-process reference is the suites project's job; here the
      // point is the separate process over HTTP, so a few suites suffice.
      const run = await runCertification({
        args: ['--base-url', url],
        filters: ['suites/broadcast-messages', 'suites/auth', 'suites/users/states.test.ts'],
        env: { CONFORMANCE_ADMIN_TOKEN: TOKEN },
      });
      expect(run.exitCode, run.stdout.slice(-3000)).toBe(0);
      expect(run.summary?.verdict).toBe('pass');
    });
  });
});

/** Starts `conformance serve` as a separate process on a free port, runs fn, stops it with SIGTERM. */
async function withServedReference(fn: (url: string) => Promise<void>): Promise<void> {
  const child = spawn(process.execPath, [join(PACKAGE_ROOT, 'bin/conformance.js'), 'serve', '--port', '0', '--admin-token', TOKEN], {
    cwd: PACKAGE_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+?) /.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
    });
    await fn(url);
  } finally {
    child.kill('SIGTERM');
  }
}
