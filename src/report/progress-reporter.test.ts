/** The progress lines say when the target is throttling the kit: after a file, once the waits grew by 5 s. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { TestModule } from 'vitest/node';
import { throttleFileLog } from '../kit/channels.ts';
import ProgressReporter from './progress-reporter.ts';

/** A finished suite file with one passed test, as the reporter reads it. */
const mod = (name: string) =>
  ({
    relativeModuleId: `suites/${name}`,
    children: { allTests: () => [{ result: () => ({ state: 'passed' }) }] },
    state: () => 'passed',
    diagnostic: () => ({ duration: 100 }),
  }) as unknown as TestModule;

test('a line after a file when the waits on 429s grew by 5 s or more since the last one', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cfk-progress-'));
  try {
    const file = join(dir, 'throttle');
    const lines: string[] = [];
    const reporter = new ProgressReporter(
      (l) => lines.push(l),
      () => file,
    );
    reporter.onTestRunStart([{}, {}, {}, {}] as never);
    const log = throttleFileLog(file)!;
    log.throttled(1000);
    reporter.onTestModuleEnd(mod('a.test.ts'));
    for (let i = 0; i < 5; i++) log.throttled(1000);
    reporter.onTestModuleEnd(mod('b.test.ts'));
    log.throttled(2000);
    reporter.onTestModuleEnd(mod('c.test.ts'));
    log.throttled(3000);
    reporter.onTestModuleEnd(mod('d.test.ts'));
    const throttling = lines.filter((l) => l.includes('throttling'));
    expect(throttling).toEqual([
      '  the target is throttling: 6 responses answered 429, 6.0 s waited so far',
      '  the target is throttling: 8 responses answered 429, 11.0 s waited so far',
    ]);
    expect(lines.indexOf(throttling[0])).toBe(lines.findIndex((l) => l.includes('b.test.ts')) + 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
