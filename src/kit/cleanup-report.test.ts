/** The cleanup report travels from the teardown into the summary, and summary.md lists what was left. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../report/markdown.ts';
import { buildSummary } from '../report/summary.ts';
import { takeCleanupReport, writeCleanupReport } from './cleanup-report.ts';

describe('cleanup report', () => {
  it('is read once and removed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfk-cleanup-'));
    try {
      writeCleanupReport(dir, 'cfk-x', { removed: 3, left: [{ what: 'user /users/17', reason: '403 forbidden' }], retry: 'conformance cleanup' });
      expect(takeCleanupReport(dir, 'cfk-x')).toEqual({ removed: 3, left: [{ what: 'user /users/17', reason: '403 forbidden' }], retry: 'conformance cleanup' });
      expect(takeCleanupReport(dir, 'cfk-x')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows in summary.md what is left on the target and how to retry', () => {
    const base = buildSummary({ results: [], clauses: [], target: 't', kitVersion: '0', seed: 1, startedAt: new Date(), durationMs: 0 });
    const md = renderMarkdown({ ...base, cleanup: { removed: 2, left: [{ what: 'project /projects/9', reason: '500 boom' }], retry: 'conformance cleanup --base-url http://h' } });
    expect(md).toContain('## Left on the target (1)');
    expect(md).toContain('- project /projects/9: 500 boom');
    expect(md).toContain('`conformance cleanup --base-url http://h`');
    expect(renderMarkdown({ ...base, cleanup: { removed: 2, left: [] } })).not.toContain('Left on the target');
  });
});
