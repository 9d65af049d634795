/**
 * The reporter end to end: a real vitest run of fixtures/sample.fixture.ts, then the files it
 * wrote (summary.json, summary.md), the console output, the summary handed to the caller, and
 * the redaction of a secret planted in a failure.
 *
 *   npx vitest run src/report/conformance-reporter.test.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishSummary } from './publish.ts';
import { buildSummary, type Summary } from './summary.ts';

/** Planted in the fixture's failure (fixtures/sample.fixture.ts) and given to the reporter as a secret. */
const SECRET = 'glpat-PLANTED-SECRET-123';
const RUNNER = fileURLToPath(new URL('./fixtures/run-sample.ts', import.meta.url));

/** The parent's environment without vitest's worker variables and the kit's tokens. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('VITEST') && k !== 'CONFORMANCE_ADMIN_TOKEN' && k !== 'REFERENCE_ADMIN_TOKEN') env[k] = v;
  }
  return env;
}

describe('ConformanceReporter in a real vitest run', () => {
  let dir: string;
  let printed = '';
  let handed: Summary | undefined;
  let last: Summary | undefined;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'conformance-reporter-'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', RUNNER, join(dir, 'reports')], {
      encoding: 'utf8',
      env: childEnv(),
      timeout: 60_000,
    });
    printed = run.stdout;
    if (run.status !== 0) throw new Error(`fixture run failed (${run.status}): ${run.stderr}`);
    ({ handed, last } = JSON.parse(readFileSync(join(dir, 'reports', 'handed.json'), 'utf8')) as { handed?: Summary; last?: Summary });
  }, 90_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hands the summary to the caller and keeps it as lastSummary', () => {
    expect(handed).toBeDefined();
    expect(last).toEqual(handed);
    expect(handed).toMatchObject({
      verdict: 'fail',
      target: 'http://127.0.0.1:4010',
      kitVersion: '0.1.0',
      seed: 1739,
      requests: 3,
      totals: { passed: 2, failed: 2, skipped: 1 },
    });
  });

  it('reads clause, skip reason and failure from the test meta', () => {
    const s = handed!;
    expect(s.clauses).toEqual([
      expect.objectContaining({ id: 'users.list.shape', status: 'pass', tests: ['users.list.shape GET /users answers an array'] }),
      expect.objectContaining({ id: 'users.block.status-201', status: 'fail' }),
      expect.objectContaining({ id: 'broadcast.list.status', status: 'skip', reason: 'area "broadcast" skipped by CONFORMANCE_SKIP' }),
      expect.objectContaining({ id: 'users.list.status', status: 'fail' }),
      expect.objectContaining({ id: 'epics.create.parent_id', status: 'untested', reason: 'needs the premium multi-level epics feature' }),
    ]);
    expect(s.failures).toEqual([
      expect.objectContaining({
        clause: 'users.block.status-201',
        title: 'POST /users/:id/block by an admin blocks the user',
        file: 'sample.fixture.ts',
        message: 'The server MUST answer 201. (expected 201, actual 200)',
      }),
      expect.objectContaining({
        clause: 'users.list.status',
        message: "The test's set-up failed, so the test could not run: Error: fixture: POST /users answered 200",
      }),
    ]);
  });

  it('writes summary.json and summary.md', () => {
    const json = JSON.parse(readFileSync(join(dir, 'reports', 'summary.json'), 'utf8')) as Summary;
    expect(json).toEqual(handed);
    const md = readFileSync(join(dir, 'reports', 'summary.md'), 'utf8');
    expect(md).toContain('# API v4 conformance: ❌ FAIL');
    expect(md).toContain('x users.block.status-201  POST /users/:id/block by an admin blocks the user');
  });

  it('redacts the planted secret everywhere it writes or prints', () => {
    const json = readFileSync(join(dir, 'reports', 'summary.json'), 'utf8');
    const md = readFileSync(join(dir, 'reports', 'summary.md'), 'utf8');
    for (const text of [json, md, printed, JSON.stringify(handed)]) {
      expect(text).not.toContain(SECRET);
      expect(text).toContain('[redacted]');
    }
    expect(handed!.failures[0].reproduce).toBe("curl -X POST -H 'Private-Token: [redacted]' http://127.0.0.1:4010/api/v4/users/17/block");
    expect(handed!.failures[0].exchange?.url).toBe('http://127.0.0.1:4010/api/v4/users/17/block?private_token=[redacted]');
  });

  it('prints the failure blocks and a one-line verdict', () => {
    expect(printed).toContain('Conformance failures:');
    expect(printed).toContain(
      "  Reproduce with:\n     curl -X POST -H 'Private-Token: [redacted]' http://127.0.0.1:4010/api/v4/users/17/block\n  Seed: 1739",
    );
    const [verdict, reports] = printed.trim().split('\n').slice(-2);
    expect(verdict).toMatch(/^Conformance: FAIL — 2 failed, 2 passed, 1 skipped \(.*summary\.md\)$/);
    expect(reports).toMatch(/^Reports: .*summary\.md, .*summary\.json, .*junit\.xml, .*allure-results/);
  });
});

describe('publishSummary', () => {
  it('redacts secrets from the environment variables of the kit too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-reporter-'));
    const before = process.env.CONFORMANCE_ADMIN_TOKEN;
    process.env.CONFORMANCE_ADMIN_TOKEN = 'env-admin-token-xyz';
    try {
      let printed = '';
      const s = publishSummary(
        buildSummary({
          results: [{ fullName: 'x', name: 'x', state: 'failed', errors: ['token env-admin-token-xyz refused'] }],
          clauses: [],
          target: 'http://h',
          kitVersion: '0',
          seed: 1,
          startedAt: new Date(),
          durationMs: 1,
        }),
        {
          reportsDir: dir,
          log: (t) => {
            printed += t;
          },
        },
      );
      expect(s.failures[0].message).toBe('token [redacted] refused');
      expect(readFileSync(join(dir, 'summary.json'), 'utf8')).not.toContain('env-admin-token-xyz');
      expect(printed).not.toContain('env-admin-token-xyz');
    } finally {
      if (before === undefined) delete process.env.CONFORMANCE_ADMIN_TOKEN;
      else process.env.CONFORMANCE_ADMIN_TOKEN = before;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the summary outside the working folder by its whole path, on the errors line as on the verdict line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-reporter-'));
    try {
      let printed = '';
      const s = buildSummary({
        results: [],
        clauses: [],
        target: 't',
        kitVersion: '0',
        seed: 1,
        startedAt: new Date(),
        durationMs: 0,
        unhandledErrors: ['suites/a.test.ts: SyntaxError: bad'],
      });
      publishSummary(s, { reportsDir: dir, log: (t) => (printed += t) });
      const md = join(dir, 'summary.md');
      expect(printed).toContain(`Errors outside the tests: 1 (see ${md})`);
      expect(printed).toContain(`(${md})`);
      expect(printed).not.toContain('../');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports an unwritable reports directory as a kit error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-reporter-'));
    try {
      const file = join(dir, 'a-file');
      writeFileSync(file, 'not a directory');
      const s = buildSummary({ results: [], clauses: [], target: 't', kitVersion: '0', seed: 1, startedAt: new Date(), durationMs: 0 });
      expect(() => publishSummary(s, { reportsDir: join(file, 'reports'), log: () => {} })).toThrow(
        expect.objectContaining({ name: 'KitError', code: 'CONFIG_INVALID' }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
