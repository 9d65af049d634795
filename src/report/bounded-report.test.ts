/**
 * Reports stay bounded whatever the run: a failure block clips long texts with a pointer to
 * summary.json (which keeps them whole), and summary.md stays under 1 MiB, the limit of a CI job
 * summary, for a synthetic run of huge failures (a 1 MiB counterexample, thousands of failures,
 * huge errors, a huge cleanup list).
 *
 *   npx vitest run src/report/bounded-report.test.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_MAX, formatFailure } from './failure-format.ts';
import { MARKDOWN_MAX, renderMarkdown } from './markdown.ts';
import { publishSummary } from './publish.ts';
import { buildSummary, type Summary, type TestResult } from './summary.ts';

const MiB = 1024 * 1024;
const bytes = (s: string) => Buffer.byteLength(s);
const longestLine = (s: string) => Math.max(...s.split('\n').map((l) => l.length));

/** A property failure whose counterexample and actual value are 1 MiB each, replayed by 500 commands. */
const huge: TestResult = {
  fullName: 'epics > epics.create.description_limit a description over the limit is refused',
  name: 'epics.create.description_limit a description over the limit is refused',
  clause: 'epics.create.description_limit',
  state: 'failed',
  failure: {
    requirement: 'The server MUST refuse a description over 1,048,576 characters.',
    expected: '400',
    actual: `201 ${'d'.repeat(MiB)}`,
    counterexample: JSON.stringify({ description: 'd'.repeat(MiB + 1) }),
    exchange: { method: 'POST', url: 'http://127.0.0.1:4010/api/v4/groups/1/epics', status: 201, headers: {}, bodyExcerpt: '{}' },
    reproduce: Array.from(
      { length: 500 },
      (_, i) => `curl -X POST --data-binary @reports/reproduce/${i}.body 'http://127.0.0.1:4010/api/v4/x'`,
    ).join('\n'),
  },
};

const many = (n: number, size: number): TestResult[] =>
  Array.from({ length: n }, (_, i) => ({
    fullName: `users > users.list.shape case ${i}`,
    name: `users.list.shape case ${i}`,
    clause: 'users.list.shape',
    state: 'failed' as const,
    failure: { requirement: 'The list MUST have the shape of the schema.', actual: 'a'.repeat(size) },
  }));

function summary(results: TestResult[], extra: Partial<Summary> = {}): Summary {
  return {
    ...buildSummary({
      results,
      clauses: [
        { id: 'epics.create.description_limit', testable: 'api' },
        { id: 'users.list.shape', testable: 'api' },
      ],
      target: 'http://127.0.0.1:4010',
      kitVersion: '0.1.0',
      seed: 7,
      startedAt: '2026-01-02T03:04:05.000Z',
      durationMs: 1000,
    }),
    ...extra,
  };
}

describe('a failure block of a huge failure', () => {
  const block = formatFailure(summary([huge]).failures[0]!, 7);

  it('is bounded: long texts clipped, saying how long they were and where the whole text is', () => {
    expect(bytes(block)).toBeLessThan(20_000);
    expect(longestLine(block)).toBeLessThanOrEqual(FIELD_MAX + 200);
    expect(block).toContain(`… [cut: ${MiB + 4} characters in all; the whole text is in summary.json]`);
    expect(block).toContain(`[cut: ${MiB + 19} characters in all`);
  });

  it('shows whole commands only, then how many more there are', () => {
    const commands = block.split('\n').filter((l) => l.trim().startsWith('curl'));
    expect(commands.length).toBeGreaterThan(10);
    for (const c of commands) expect(c.trim()).toMatch(/'http:\/\/127\.0\.0\.1:4010\/api\/v4\/x'$/);
    expect(block).toContain(`# … ${500 - commands.length} more command(s): the whole list is in summary.json`);
  });
});

describe('summary.md stays under 1 MiB', () => {
  it('with a 1 MiB counterexample, thousands of failures and huge errors, saying what it left out', () => {
    const s = summary([huge, ...many(3000, 3000)], { unhandledErrors: Array.from({ length: 20 }, () => `Error: ${'e'.repeat(MiB)}`) });
    const md = renderMarkdown(s);
    expect(bytes(md)).toBeLessThanOrEqual(MARKDOWN_MAX);
    expect(md).toContain('## Failures (3001)');
    expect(md).toContain('x epics.create.description_limit');
    expect(md).toMatch(/… \d+ more failure\(s\) not shown here \(summary\.md stays under 1 MiB\): every one is in summary\.json\./);
    expect(md).toMatch(/… 20 more error\(s\) not shown here/);
    expect(md).toContain('## Clause coverage'); // the matrix is still there
  });

  it('with lists too long for any budget: cut, saying so', () => {
    const left = Array.from({ length: 20_000 }, (_, i) => ({ what: `project ${i} ${'p'.repeat(80)}`, reason: 'HTTP 500' }));
    const md = renderMarkdown(summary([], { cleanup: { removed: 0, left } }));
    expect(bytes(md)).toBeLessThanOrEqual(MARKDOWN_MAX);
    expect(md).toMatch(/summary\.md cut here to stay under 1 MiB: the whole report is in summary\.json\.\n$/);
  });

  it('published: summary.md under 1 MiB, summary.json keeps everything, the console blocks bounded with a pointer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfk-bounded-'));
    try {
      let printed = '';
      publishSummary(summary([huge, ...many(500, 5000)]), { reportsDir: dir, log: (t) => (printed += t) });
      expect(bytes(readFileSync(join(dir, 'summary.md'), 'utf8'))).toBeLessThanOrEqual(MARKDOWN_MAX);
      const json = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
      expect(json.failures[0]!.counterexample).toHaveLength(MiB + 19);
      expect(longestLine(printed)).toBeLessThanOrEqual(FIELD_MAX + 200);
      expect(printed).toContain('the whole text is in summary.json');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
