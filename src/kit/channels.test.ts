/** The run slot carries the globalSetup's news to certify() once; summary.md lists what cleanup left. */
import { describe, expect, it } from 'vitest';
import { KitError } from '../shared/errors.ts';
import { renderMarkdown } from '../report/markdown.ts';
import { buildSummary } from '../report/summary.ts';
import { runPlan } from '../shared/concurrency.ts';
import { ENV, exportRunPlan, noteCleanup, noteSetupFailure, readRunPlan, setupFailure, takeRunSlot } from './channels.ts';

describe('run slot', () => {
  it('is read once and emptied', () => {
    takeRunSlot();
    noteCleanup({ removed: 3, left: [{ what: 'user /users/17', reason: '403 forbidden' }], retry: 'conformance cleanup' });
    noteSetupFailure(new KitError('PROVISIONING_FAILED', 'first'));
    noteSetupFailure(new KitError('TARGET_UNREACHABLE', 'second'));
    expect(setupFailure()?.message).toBe('first');
    const taken = takeRunSlot();
    expect(taken.cleanup).toEqual({
      removed: 3,
      left: [{ what: 'user /users/17', reason: '403 forbidden' }],
      retry: 'conformance cleanup',
    });
    expect(taken.setupFailure?.code).toBe('PROVISIONING_FAILED');
    expect(takeRunSlot()).toEqual({ setupFailure: undefined, cleanup: undefined });
  });

  it('shows in summary.md what is left on the target and how to retry', () => {
    const base = buildSummary({ results: [], clauses: [], target: 't', kitVersion: '0', seed: 1, startedAt: new Date(), durationMs: 0 });
    const md = renderMarkdown({
      ...base,
      cleanup: {
        removed: 2,
        left: [{ what: 'project /projects/9', reason: '500 boom' }],
        retry: 'conformance cleanup --base-url http://h',
      },
    });
    expect(md).toContain('## Left on the target (1)');
    expect(md).toContain('- project /projects/9: 500 boom');
    expect(md).toContain('`conformance cleanup --base-url http://h`');
    expect(renderMarkdown({ ...base, cleanup: { removed: 2, left: [] } })).not.toContain('Left on the target');
  });
});

describe('run plan', () => {
  it('crosses from certify() as computed, once; none outside a certification', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(readRunPlan(env)).toBeUndefined();
    exportRunPlan(runPlan({ baseUrl: 'https://gitlab.example.com', concurrency: 13 }), env);
    expect(Object.keys(env)).toEqual([ENV.runPlan]);
    expect(readRunPlan(env)).toEqual({ requests: 13, workers: 6, testsPerWorker: 3 });
  });
});
