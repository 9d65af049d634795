/** The run stops at the first test result after a process gave up on the target's throttling, once. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { throttleFileLog } from '../kit/channels.ts';
import { stopWhenThrottledOut } from './throttle-stop.ts';

test('cancels the run once the throttling file notes a give-up, and only then', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cfk-throttle-stop-'));
  try {
    const file = join(dir, 'throttle');
    const reasons: string[] = [];
    const reporter = stopWhenThrottledOut(() => file);
    reporter.onInit({ cancelCurrentRun: async (reason) => void reasons.push(reason) });
    throttleFileLog(file)!.throttled(1000);
    reporter.onTestCaseResult();
    expect(reasons).toEqual([]);
    throttleFileLog(file)!.gaveUp('The target kept throttling: ...');
    reporter.onTestCaseResult();
    reporter.onTestCaseResult();
    expect(reasons).toEqual(['test-failure']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('does nothing without a throttling file (a run outside certify)', () => {
  const reporter = stopWhenThrottledOut(() => undefined);
  const reasons: string[] = [];
  reporter.onInit({ cancelCurrentRun: async (reason) => void reasons.push(reason) });
  reporter.onTestCaseResult();
  expect(reasons).toEqual([]);
});
