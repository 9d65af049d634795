/**
 * The run's notes: facts about the target its tests met that are no failure (the host the server's
 * links name), said once in summary.json (`notes`) and summary.md, however many tests met them.
 *
 *   npx vitest run src/report/run-notes.test.ts
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';
import { buildSummary, type TestResult } from './summary.ts';

const NOTE =
  "The server names another host in its Link URLs (https://gitlab.internal:8443) than the kit's base URL (http://127.0.0.1:4010): ...";

function summarize(results: TestResult[]) {
  return buildSummary({
    results,
    clauses: [{ id: 'conv.pagination.link_follow', testable: 'api' }],
    target: 'http://127.0.0.1:4010',
    kitVersion: '0.1.0',
    seed: 1,
    startedAt: new Date(0),
    durationMs: 1,
  });
}

const test = (n: number, notes?: string[]): TestResult => ({
  fullName: `t${n}`,
  name: `conv.pagination.link_follow t${n}`,
  clause: 'conv.pagination.link_follow',
  state: 'passed',
  ...(notes ? { notes } : {}),
});

describe('the run notes', () => {
  it('are said once, in the order first met, whatever the number of tests that met them; no verdict changes', () => {
    const s = summarize([test(1, [NOTE]), test(2), test(3, [NOTE, 'another']), test(4, [NOTE])]);
    expect(s.notes).toEqual([NOTE, 'another']);
    expect(s.verdict).toBe('pass');
    expect(s.verdictReasons).toEqual([]);
  });

  it('are absent from a run that met none', () => {
    expect(summarize([test(1), test(2)])).not.toHaveProperty('notes');
  });

  it('show once in summary.md, under the totals', () => {
    const md = renderMarkdown(summarize([test(1, [NOTE]), test(2, [NOTE])]));
    expect(md.split(NOTE)).toHaveLength(2);
    expect(md).toContain(`> Note: ${NOTE}`);
    expect(md.indexOf(NOTE)).toBeGreaterThan(md.indexOf('| Passed | Failed |'));
    expect(renderMarkdown(summarize([test(1)]))).not.toContain('Note:');
  });
});
