/**
 * The failure block (console and markdown) and summary.md: verdict, totals, failures in fenced
 * blocks, the clause coverage matrix by area.
 *
 *   npx vitest run src/report/markdown.test.ts
 */
import { describe, expect, it } from 'vitest';
import { formatFailure, formatFailures, verdictLine } from './failure-format.ts';
import { renderMarkdown } from './markdown.ts';
import { buildSummary, type ClauseEntry, type TestResult } from './summary.ts';

const DESIGN_BLOCK = `x users.block.status-201  POST /users/:id/block by an admin blocks the user
  -> The server MUST answer 201.
     Expected: 201   Actual: 200
  [200] \`true\`
  Reproduce with:
     curl -X POST -H 'Private-Token: [redacted]' http://127.0.0.1:4010/api/v4/users/17/block
  Seed: 1739`;

const CLAUSES: ClauseEntry[] = [
  { id: 'users.block.status-201', testable: 'api' },
  { id: 'users.list.shape', testable: 'api' },
  { id: 'broadcast.list.status', testable: 'api' },
  { id: 'conv.keyset.links_header', testable: 'config', why: 'depends on the server release | Links removed in 14.0' },
];

const failed: TestResult = {
  fullName: 'users > users.block.status-201 POST /users/:id/block by an admin blocks the user',
  name: 'users.block.status-201 POST /users/:id/block by an admin blocks the user',
  clause: 'users.block.status-201',
  state: 'failed',
  failure: {
    requirement: 'The server MUST answer 201.',
    expected: '201',
    actual: '200',
    exchange: { method: 'POST', url: 'http://127.0.0.1:4010/api/v4/users/17/block', status: 200, headers: {}, bodyExcerpt: 'true' },
    reproduce: "curl -X POST -H 'Private-Token: [redacted]' http://127.0.0.1:4010/api/v4/users/17/block",
  },
};

function summary(results: TestResult[]) {
  return buildSummary({
    results,
    clauses: CLAUSES,
    target: 'http://127.0.0.1:4010',
    kitVersion: '0.1.0',
    seed: 1739,
    startedAt: '2026-01-02T03:04:05.000Z',
    durationMs: 5120,
  });
}

describe('formatFailure', () => {
  it('prints the DESIGN.md block exactly', () => {
    expect(formatFailure(summary([failed]).failures[0], 1739)).toBe(DESIGN_BLOCK);
  });

  it('handles no response, an empty body, no expected/actual and no reproducer', () => {
    const s = summary([
      {
        ...failed,
        failure: {
          requirement: 'The server MUST answer the request.',
          exchange: { method: 'GET', url: 'u', status: null, headers: {}, bodyExcerpt: '' },
        },
      },
    ]);
    expect(formatFailure(s.failures[0], 7)).toBe(
      [
        'x users.block.status-201  POST /users/:id/block by an admin blocks the user',
        '  -> The server MUST answer the request.',
        '  [no response] (empty body)',
        '  Seed: 7',
      ].join('\n'),
    );
  });

  it('keeps a multi-line reproducer aligned and a long body on one line, cut', () => {
    const s = summary([
      {
        ...failed,
        failure: {
          ...failed.failure!,
          reproduce: "curl -X POST \\\n  -d '{}' http://h/x",
          exchange: { ...failed.failure!.exchange!, bodyExcerpt: `{\n"a": "${'x'.repeat(400)}"}` },
        },
      },
    ]);
    const text = formatFailure(s.failures[0], 1);
    expect(text).toContain("     curl -X POST \\\n       -d '{}' http://h/x");
    const body = text.split('\n').find((l) => l.startsWith('  [200]'))!;
    expect(body.length).toBeLessThan(320);
    expect(body).toContain('{ "a": "xxx');
    expect(body).toContain('…`');
  });

  it('separates several blocks by a blank line', () => {
    const s = summary([failed, { ...failed, fullName: 'other' }]);
    expect(formatFailures(s)).toBe(`${DESIGN_BLOCK}\n\n${DESIGN_BLOCK}`);
  });

  it('verdict line', () => {
    const s = summary([failed, { ...failed, state: 'passed' }, { ...failed, state: 'skipped' }]);
    expect(verdictLine(s, 'reports/summary.md')).toBe('Conformance: FAIL — 1 failed, 1 passed, 1 skipped (reports/summary.md)');
    expect(verdictLine(summary([{ ...failed, state: 'passed' }]))).toBe('Conformance: PASS — 0 failed, 1 passed, 0 skipped');
  });
});

describe('renderMarkdown', () => {
  const md = renderMarkdown(summary([failed, { ...failed, clause: 'users.list.shape', name: 'users.list.shape ok', state: 'passed' }]));

  it('starts with the verdict and the totals', () => {
    expect(md.split('\n')[0]).toBe('# API v4 conformance: ❌ FAIL');
    expect(md).toContain('**Verdict: FAIL** — 1 test failed');
    expect(md).toContain('| http://127.0.0.1:4010 | 0.1.0 | 1739 | 2026-01-02T03:04:05.000Z | 5.1 s | 0 |');
    expect(md).toContain('| Passed | Failed | Skipped | Known (baseline) |\n|---:|---:|---:|---:|\n| 1 | 1 | 0 | 0 |');
  });

  it('says how often the target throttled and how long the kit waited, when it did', () => {
    expect(md).not.toContain('Throttled');
    expect(renderMarkdown({ ...summary([failed]), throttled: { responses: 0, waitedMs: 0 } })).not.toContain('Throttled');
    expect(renderMarkdown({ ...summary([failed]), throttled: { responses: 1, waitedMs: 800 } })).toContain(
      '\nThrottled: 1 response answered 429, 800 ms waited\n',
    );
  });

  it('puts each failure block in a fenced block', () => {
    expect(md).toContain('## Failures (1)');
    expect(md).toContain(`\`\`\`text\n${DESIGN_BLOCK}\n\`\`\``);
  });

  it('lengthens the fence when a block holds backticks', () => {
    const s = summary([{ ...failed, failure: { ...failed.failure!, exchange: { ...failed.failure!.exchange!, bodyExcerpt: '```' } } }]);
    expect(renderMarkdown(s)).toContain('````text\n');
  });

  it('shows the coverage matrix by area and every clause with status and reason', () => {
    expect(md).toContain('## Clause coverage');
    expect(md).toContain('4 clauses: 1 pass, 1 fail, 0 skip, 2 untested.');
    expect(md).toContain('| users | 2 | 1 | 1 | 0 | 0 |');
    expect(md).toContain('| broadcast | 1 | 0 | 0 | 0 | 1 |');
    expect(md).toContain('| **all** | **4** | **1** | **1** | **0** | **2** |');
    // Requests by area (the tests citing its clauses and their hooks), with the sum.
    const both = summary([
      { ...failed, requests: 100, setupRequests: 20 },
      { ...failed, clause: 'users.list.shape', name: 'users.list.shape ok', state: 'passed' },
    ]);
    expect(renderMarkdown(both)).toContain('| users | 2 | 1 | 1 | 0 | 0 | 120 |');
    expect(renderMarkdown(both)).toContain('| **all** | **4** | **1** | **1** | **0** | **2** | **120** |');
    expect(md).toContain('<details open><summary><b>users</b>: 2 clauses — 1 pass, 1 fail, 0 skip, 0 untested</summary>');
    expect(md).toContain('<details><summary><b>conv</b>');
    expect(md).toContain('| `users.block.status-201` | ❌ fail | 1 |  |');
    expect(md).toContain('| `users.list.shape` | ✅ pass | 1 |  |');
    expect(md).toContain('| `broadcast.list.status` | ⬜ untested | 0 | no test cites this clause |');
    expect(md).toContain('| `conv.keyset.links_header` | ⬜ untested | 0 | depends on the server release \\| Links removed in 14.0 |');
  });

  it('a passing run has no failures section', () => {
    const pass = renderMarkdown(summary([{ ...failed, state: 'passed' }]));
    expect(pass.split('\n')[0]).toBe('# API v4 conformance: ✅ PASS');
    expect(pass).not.toContain('## Failures');
  });

  it('lists errors outside the tests', () => {
    const s = buildSummary({
      results: [],
      clauses: CLAUSES,
      target: 't',
      kitVersion: 'v',
      seed: 1,
      startedAt: 'x',
      durationMs: 0,
      unhandledErrors: ['suites/a.test.ts: SyntaxError: bad'],
    });
    const text = renderMarkdown(s);
    expect(text).toContain('**Verdict: FAIL** — 1 error outside the tests, no test ran');
    expect(text).toContain('## Errors outside the tests (1)\n\n```text\nsuites/a.test.ts: SyntaxError: bad\n```');
  });
});

describe('renderMarkdown with a baseline', () => {
  it('lists known failures apart, with the reason and date, and the stale and expired entries', async () => {
    const { applyBaseline } = await import('./baseline.ts');
    const base = summary([failed]);
    const withBaseline = applyBaseline(
      base,
      { file: 'baselines/x.json', known: [{ clause: failed.clause!, reason: 'platform says 409', expires: '2099-01-01' }] },
      '2026-11-22',
    );
    const md = renderMarkdown(withBaseline);
    expect(md).toContain('**Verdict: PASS**');
    expect(md).toContain('## Baseline `baselines/x.json`');
    expect(md).toContain('Known: platform says 409 (until 2099-01-01)');
    expect(md).not.toContain('## Failures');
  });
});

describe('renderMarkdown: cleanup', () => {
  it('says how many users the target was still deleting in the background, counted as removed', () => {
    const md = renderMarkdown({ ...summary([]), cleanup: { removed: 5, deleting: 2, left: [] } });
    expect(md).toContain("Cleanup: 2 user(s) still answered, blocked, being deleted by the target's background job");
    expect(md).not.toContain('Left on the target');
  });

  it('says how many top-level groups await the target deletion, names them, and never offers a command for them', () => {
    const reason = 'marked for deletion (2026-11-25); its permanent removal answered 400 ...';
    const md = renderMarkdown({ ...summary([]), cleanup: { removed: 9, left: [], awaiting: [{ what: 'group /groups/3', reason }] } });
    expect(md).toContain("Cleanup: 1 top-level group(s) of the run await the target's deletion (group /groups/3): marked for deletion");
    expect(md).toContain('Nothing else of the run is left.');
    expect(md).not.toMatch(/Left on the target|Finish with|curl/);
  });

  it('gives each leftover the command that finishes the job, and the retry', () => {
    const command =
      "curl -X DELETE -H 'Private-Token: [redacted]' 'http://t/api/v4/groups/4?permanently_remove=true&full_path=g-deletion_scheduled-4'";
    const md = renderMarkdown({
      ...summary([]),
      cleanup: {
        removed: 0,
        left: [{ what: 'group /groups/4', reason: '202 marked for deletion (2026-11-25); its permanent removal answered 400', command }],
        retry: 'conformance cleanup --base-url http://t',
      },
    });
    expect(md).toContain('## Left on the target (1)');
    expect(md).toContain(
      `- group /groups/4: 202 marked for deletion (2026-11-25); its permanent removal answered 400. Finish with \`${command}\``,
    );
    expect(md).toContain('Retry with `conformance cleanup --base-url http://t`.');
    expect(md).not.toContain('Cleanup: ');
  });
});
