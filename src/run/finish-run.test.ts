/**
 * The end of a run: the verdict printed is the final one (a leak found after the tests turns PASS
 * into FAIL before anything is printed), each summary file is written once, and the cleanup report
 * and the leak both reach the summary.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildSummary, type TestResult } from '../report/summary.ts';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { PACKAGE_ROOT } from './certify.ts';
import { finishRun } from './finish-run.ts';

const temp = tempFoldersForThisFile();
const SECRET = 'glpat-impersonation-token-value';

/** The summary of a run of one test of broadcast.list.status. */
function summaryOf(result: Omit<TestResult, 'clause'>) {
  return buildSummary({
    results: [{ ...result, clause: 'broadcast.list.status' }],
    clauses: [{ id: 'broadcast.list.status', testable: 'api' }],
    target: 'http://h',
    kitVersion: '0',
    seed: 1,
    startedAt: new Date(),
    durationMs: 1,
  });
}

const passingSummary = () =>
  summaryOf({
    fullName: 'broadcast.list.status GET answers 200',
    name: 'broadcast.list.status GET answers 200',
    state: 'passed',
    requests: 6,
    setupRequests: 2,
  });

function finish(reportsDir: string, since: number, built = passingSummary(), scope = {}, quiet = false) {
  const printed: string[] = [];
  const writes: string[] = [];
  const summary = finishRun(built, {
    scope,
    reportsDir,
    har: false,
    kitVersion: '0',
    secrets: [SECRET],
    writtenSince: since,
    cleanup: { removed: 4, left: [] },
    throttled: { responses: 3, waitedMs: 14_200 },
    mainRequests: { probe: 5, provisioning: 7, cleanup: 40 },
    quiet,
    log: (t) => printed.push(t),
    write: (path, text) => {
      writes.push(path);
      writeFileSync(path, text);
    },
  });
  return { summary, printed: printed.join('\n'), writes };
}

describe('finishRun', () => {
  test('a run whose leak scan fails never printed PASS, and writes each summary file once', () => {
    const dir = temp('finish-');
    mkdirSync(join(dir, 'allure-results'));
    const since = Date.now() - 2000;
    writeFileSync(join(dir, 'junit.xml'), `<testsuite><failure>token ${SECRET} refused</failure></testsuite>`);
    const { summary, printed, writes } = finish(dir, since);
    expect(summary.verdict).toBe('fail');
    expect(summary.verdictReasons).toContain('a secret appeared 1 time(s) in junit.xml (redacted in place)');
    expect(printed).not.toContain('PASS');
    expect(printed.trim().split('\n').at(-2)).toMatch(/^Conformance: FAIL/);
    expect(writes.map((w) => w.slice(dir.length + 1)).sort()).toEqual(['summary.json', 'summary.md']);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).not.toContain(SECRET);
    const json = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    expect(json.verdict).toBe('fail');
    expect(json.cleanup).toEqual({ removed: 4, left: [] });
    expect(json.throttled).toEqual({ responses: 3, waitedMs: 14_200 });
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('Throttled: 3 responses answered 429, 14.2 s waited');
  });

  test('quiet: the verdict line and the errors only, no failure block and no list of reports', () => {
    const dir = temp('finish-');
    const since = Date.now() - 2000;
    writeFileSync(join(dir, 'junit.xml'), `<testsuite><failure>token ${SECRET} refused</failure></testsuite>`);
    const failing = summaryOf({ fullName: 'broadcast.list.status GET', name: 'broadcast.list.status GET', state: 'failed' });
    const loud = finish(dir, since, failing).printed;
    expect(loud).toContain('Conformance failures:');
    expect(loud).toContain('Reports: ');
    writeFileSync(join(dir, 'junit.xml'), `<testsuite><failure>token ${SECRET} refused</failure></testsuite>`);
    const { printed } = finish(dir, since, failing, {}, true);
    expect(printed.split('\n')).toEqual([
      'conformance: a secret appeared 1 time(s) in junit.xml (redacted in place)',
      expect.stringMatching(/^Conformance: FAIL — 1 failed, 0 passed/),
    ]);
  });

  test('the console says how to make the HTML report with the Allure CLI the kit locks, pinned (package users have none)', () => {
    const dir = temp('finish-');
    const { printed } = finish(dir, Date.now() - 2000);
    const locked = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'node_modules/allure/package.json'), 'utf8')).version;
    // The folder as the user would type it: relative below the working directory, else whole (a temp folder).
    const below = relative(process.cwd(), dir);
    const shown = below.startsWith('..') ? dir : below;
    expect(printed).toContain(`(HTML: npx allure@${locked} generate ${shown}/allure-results -o ${shown}/allure-report)`);
  });

  test("junit.xml gets the run's seed, target and kit version as properties", () => {
    const dir = temp('finish-');
    writeFileSync(join(dir, 'junit.xml'), '<testsuites>\n    <testsuite name="f" tests="0">\n    </testsuite>\n</testsuites>\n');
    finish(dir, Date.now() - 2000);
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toContain('<property name="conformance.seed" value="1"/>');
    expect(junit).toContain('<property name="conformance.target" value="http://h"/>');
    expect(junit).toContain('<property name="conformance.kitVersion" value="0"/>');
  });

  test('requests counts every request of the run, split by phase: the tests (their hooks too) and the main process', () => {
    const dir = temp('finish-');
    const { summary } = finish(dir, Date.now() - 2000);
    expect(summary.requestsByPhase).toEqual({ probe: 5, provisioning: 7, tests: 8, cleanup: 40 });
    expect(summary.requests).toBe(60);
    const json = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    expect([json.requests, json.requestsByPhase]).toEqual([60, { probe: 5, provisioning: 7, tests: 8, cleanup: 40 }]);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('| 5 | 7 | 8 | 40 |');
  });

  test('a clean run prints PASS last and writes each summary file once', () => {
    const dir = temp('finish-');
    const { summary, printed, writes } = finish(dir, Date.now() - 2000);
    expect(summary.verdict).toBe('pass');
    expect(printed.trim().split('\n').at(-2)).toMatch(/^Conformance: PASS/);
    expect(writes).toHaveLength(2);
  });

  test('a filtered run that passes prints PARTIAL with why, and summary.json keeps verdict pass with its scope', () => {
    const dir = temp('finish-');
    const { printed } = finish(dir, Date.now() - 2000, passingSummary(), { suites: ['broadcast-messages'] });
    expect(printed.trim().split('\n').at(-2)).toMatch(/^Conformance: PARTIAL — .*not a certification: only the suites broadcast-messages/);
    const json = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    expect([json.verdict, json.scope]).toEqual([
      'pass',
      { certified: false, partialReasons: ['only the suites broadcast-messages'], suites: ['broadcast-messages'] },
    ]);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toMatch(/^# API v4 conformance: ⚠️ PARTIAL/);
  });

  test('a FAIL with no failed test prints its reason (a stale baseline entry) before the verdict', () => {
    const dir = temp('finish-');
    const stale = {
      ...passingSummary(),
      verdict: 'fail' as const,
      verdictReasons: ['baseline entry users.update.conflict_404 is stale: no failure matches it now'],
    };
    const { printed } = finish(dir, Date.now() - 2000, stale);
    expect(printed).toContain('conformance: the run fails because baseline entry users.update.conflict_404 is stale');
    expect(printed.trim().split('\n').at(-2)).toMatch(/^Conformance: FAIL — 0 failed/);
  });
});
