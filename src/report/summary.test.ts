/**
 * buildSummary: clause statuses, verdict rules, totals and the failures list.
 *
 *   npx vitest run src/report/summary.test.ts
 */
import { describe, expect, it } from 'vitest';
import { buildSummary, titleOf, type ClauseEntry, type SummaryInput, type TestResult } from './summary.ts';

const CLAUSES: ClauseEntry[] = [
  { id: 'users.block.status-201', statement: 'POST /users/:id/block answers 201', testable: 'api' },
  { id: 'users.block.state', statement: 'blocked after block', testable: 'api' },
  { id: 'users.list.shape', statement: 'array', testable: 'api' },
  { id: 'broadcast.list.status', statement: '200', testable: 'api' },
  { id: 'broadcast.create.status', statement: '201', testable: 'api' },
  { id: 'conv.keyset.links_header', statement: 'Links', testable: 'config', why: 'depends on the server release' },
  { id: 'tokens.profile_hidden', statement: 'hidden', testable: 'no', why: 'profile settings are a web page' },
];

function t(clause: string | undefined, state: TestResult['state'], extra: Partial<TestResult> = {}): TestResult {
  const name = clause ? `${clause} does something` : 'a test without a clause';
  return { fullName: `area > ${name}`, name, state, ...(clause ? { clause } : {}), ...extra };
}

function summarize(results: TestResult[], extra: Partial<SummaryInput> = {}) {
  return buildSummary({
    results,
    clauses: CLAUSES,
    target: 'http://127.0.0.1:4010',
    kitVersion: '0.1.0',
    seed: 1739,
    startedAt: new Date('2026-01-02T03:04:05.000Z'),
    durationMs: 1234.4,
    ...extra,
  });
}

const status = (s: ReturnType<typeof summarize>, id: string) => s.clauses.find((c) => c.id === id);

describe('buildSummary', () => {
  it('has exactly the fields DESIGN.md names, with the run facts', () => {
    const s = summarize([t('users.list.shape', 'passed', { requests: 2 })]);
    for (const key of ['verdict', 'target', 'kitVersion', 'seed', 'startedAt', 'durationMs', 'requests', 'totals', 'clauses', 'failures']) {
      expect(s).toHaveProperty(key);
    }
    expect(s).toMatchObject({
      verdict: 'pass',
      target: 'http://127.0.0.1:4010',
      kitVersion: '0.1.0',
      seed: 1739,
      startedAt: '2026-01-02T03:04:05.000Z',
      durationMs: 1234,
      requests: 2,
      totals: { passed: 1, failed: 0, skipped: 0 },
      failures: [],
    });
    expect(Object.keys(s.totals).sort()).toEqual(['failed', 'passed', 'skipped']);
    for (const c of s.clauses)
      expect(c).toEqual(expect.objectContaining({ id: expect.any(String), status: expect.any(String), tests: expect.any(Array) }));
  });

  it('lists every catalogue clause in catalogue order, with its area', () => {
    const s = summarize([t('users.list.shape', 'passed')]);
    expect(s.clauses.map((c) => c.id)).toEqual(CLAUSES.map((c) => c.id));
    expect(status(s, 'users.block.state')?.area).toBe('users');
  });

  it('pass: every test that ran passed (skipped siblings do not matter)', () => {
    const s = summarize([t('users.list.shape', 'passed'), t('users.list.shape', 'skipped', { skipReason: 'x' })]);
    expect(status(s, 'users.list.shape')).toMatchObject({
      status: 'pass',
      tests: ['area > users.list.shape does something', 'area > users.list.shape does something'],
    });
    expect(status(s, 'users.list.shape')?.reason).toBeUndefined();
  });

  it('fail: any of its tests failed', () => {
    const s = summarize([t('users.block.state', 'passed'), t('users.block.state', 'failed'), t('users.block.state', 'skipped')]);
    expect(status(s, 'users.block.state')?.status).toBe('fail');
  });

  it('skip: all its tests were skipped, keeping the distinct reasons', () => {
    const s = summarize([
      t('broadcast.list.status', 'skipped', { skipReason: 'area "broadcast" skipped by CONFORMANCE_SKIP' }),
      t('broadcast.list.status', 'skipped', { skipReason: 'area "broadcast" skipped by CONFORMANCE_SKIP' }),
      t('broadcast.create.status', 'skipped'),
    ]);
    expect(status(s, 'broadcast.list.status')).toMatchObject({ status: 'skip', reason: 'area "broadcast" skipped by CONFORMANCE_SKIP' });
    expect(status(s, 'broadcast.create.status')).toMatchObject({ status: 'skip', reason: 'skipped' });
  });

  it('untested: no test cites it; config and no clauses give the catalogue why', () => {
    const s = summarize([t('users.list.shape', 'passed')]);
    expect(status(s, 'users.block.state')).toMatchObject({ status: 'untested', tests: [], reason: 'no test cites this clause' });
    expect(status(s, 'conv.keyset.links_header')).toMatchObject({
      status: 'untested',
      testable: 'config',
      reason: 'depends on the server release',
    });
    expect(status(s, 'tokens.profile_hidden')).toMatchObject({
      status: 'untested',
      testable: 'no',
      reason: 'profile settings are a web page',
    });
  });

  it('keeps a cited id missing from the catalogue, flagged', () => {
    const s = summarize([t('users.made.up', 'passed')]);
    expect(s.clauses.at(-1)).toMatchObject({ id: 'users.made.up', status: 'pass', reason: 'not in the clause catalogue' });
  });

  it('counts totals; a pending (unfinished) test counts as skipped', () => {
    const s = summarize([
      t('users.list.shape', 'passed'),
      t('users.block.state', 'failed'),
      t('broadcast.list.status', 'skipped'),
      t('broadcast.create.status', 'pending'),
      t(undefined, 'passed'),
    ]);
    expect(s.totals).toEqual({ passed: 2, failed: 1, skipped: 2 });
    expect(status(s, 'broadcast.create.status')).toMatchObject({ status: 'skip', reason: 'did not finish (run interrupted)' });
  });

  it('sums the tests requests unless a total is given', () => {
    const results = [
      t('users.list.shape', 'passed', { requests: 3 }),
      t('users.block.state', 'passed', { requests: 4 }),
      t(undefined, 'passed'),
    ];
    expect(summarize(results).requests).toBe(7);
    expect(summarize(results, { requests: 50 }).requests).toBe(50);
  });

  it('counts the requests of each area: its tests and the hooks before them', () => {
    const results = [
      t('users.list.shape', 'passed', { requests: 3, setupRequests: 10 }),
      t('users.block.state', 'failed', { requests: 4 }),
      t('broadcast.list.status', 'passed', { requests: 2 }),
      t(undefined, 'passed', { requests: 99 }),
    ];
    const areas = Object.fromEntries(summarize(results).areas.map((a) => [a.area, a.requests]));
    expect(areas).toMatchObject({ users: 17, broadcast: 2 });
  });

  it('counts clauses per area', () => {
    const s = summarize([t('users.list.shape', 'passed'), t('users.block.state', 'failed')]);
    expect(s.areas).toEqual([
      { area: 'users', total: 3, pass: 1, fail: 1, skip: 0, untested: 1 },
      { area: 'broadcast', total: 2, pass: 0, fail: 0, skip: 0, untested: 2 },
      { area: 'conv', total: 1, pass: 0, fail: 0, skip: 0, untested: 1 },
      { area: 'tokens', total: 1, pass: 0, fail: 0, skip: 0, untested: 1 },
    ]);
  });
});

describe('verdict', () => {
  it('passes when tests ran and none failed', () => {
    const s = summarize([t('users.list.shape', 'passed'), t('users.block.state', 'skipped')]);
    expect(s.verdict).toBe('pass');
    expect(s.verdictReasons).toEqual([]);
  });

  it('fails when a test failed', () => {
    const s = summarize([t('users.list.shape', 'passed'), t('users.block.state', 'failed')]);
    expect(s).toMatchObject({ verdict: 'fail', verdictReasons: ['1 test failed'] });
  });

  it('fails on errors outside the tests', () => {
    const s = summarize([t('users.list.shape', 'passed')], { unhandledErrors: ['suites/x.test.ts: SyntaxError'] });
    expect(s).toMatchObject({
      verdict: 'fail',
      verdictReasons: ['1 error outside the tests'],
      unhandledErrors: ['suites/x.test.ts: SyntaxError'],
    });
  });

  it('fails when zero tests ran (none at all, or all skipped)', () => {
    expect(summarize([])).toMatchObject({ verdict: 'fail', verdictReasons: ['no test ran'] });
    expect(summarize([t('users.list.shape', 'skipped')])).toMatchObject({ verdict: 'fail', verdictReasons: ['no test ran'] });
  });

  it('fails when the run was interrupted', () => {
    const s = summarize([t('users.list.shape', 'passed')], { interrupted: true });
    expect(s).toMatchObject({ verdict: 'fail', interrupted: true, verdictReasons: ['the run was interrupted'] });
  });
});

describe('failures', () => {
  it('lists each failed test with clause, message and reproducer', () => {
    const s = summarize([
      t('users.block.status-201', 'failed', {
        name: 'users.block.status-201 POST /users/:id/block by an admin blocks the user',
        fullName: 'users > block > users.block.status-201 POST /users/:id/block by an admin blocks the user',
        file: 'suites/users/block.test.ts',
        failure: {
          requirement: 'The server MUST answer 201.',
          expected: '201',
          actual: '200',
          exchange: { method: 'POST', url: 'http://127.0.0.1:4010/api/v4/users/17/block', status: 200, headers: {}, bodyExcerpt: 'true' },
          reproduce: "curl -X POST -H 'Private-Token: [redacted]' http://127.0.0.1:4010/api/v4/users/17/block",
        },
      }),
      t('users.list.shape', 'passed'),
    ]);
    expect(s.failures).toHaveLength(1);
    expect(s.failures[0]).toMatchObject({
      test: 'users > block > users.block.status-201 POST /users/:id/block by an admin blocks the user',
      clause: 'users.block.status-201',
      message: 'The server MUST answer 201. (expected 201, actual 200)',
      reproduce: "curl -X POST -H 'Private-Token: [redacted]' http://127.0.0.1:4010/api/v4/users/17/block",
      title: 'POST /users/:id/block by an admin blocks the user',
      file: 'suites/users/block.test.ts',
      requirement: 'The server MUST answer 201.',
      exchange: { status: 200, bodyExcerpt: 'true' },
    });
  });

  it('falls back to the first error message, and a null clause and reproducer', () => {
    const s = summarize([t(undefined, 'failed', { errors: ['TypeError: x is undefined\n    at y'] })]);
    expect(s.failures[0]).toMatchObject({
      clause: null,
      reproduce: null,
      message: 'TypeError: x is undefined at y',
      title: 'a test without a clause',
    });
  });

  it('titleOf strips only a leading clause id', () => {
    expect(titleOf({ name: 'a.b.c GET /x answers 200', clause: 'a.b.c' })).toBe('GET /x answers 200');
    expect(titleOf({ name: 'GET /x mentions a.b.c', clause: 'a.b.c' })).toBe('GET /x mentions a.b.c');
  });
});
