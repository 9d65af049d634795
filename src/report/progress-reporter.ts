/**
 * Console progress of a certification: one line per finished suite file with its counts and
 * time, and the run's elapsed time and how many files are done; works the same on a terminal
 * and in CI logs (no cursor tricks).
 *
 *   ✓ broadcast-messages/create.test.ts   9 passed                   0.3 s   [3/9 files, 4.1 s]
 *   ✗ pagination/offset.test.ts          20 passed, 2 failed         0.8 s   [4/9 files, 4.9 s]
 *     the target is throttling: 12 responses answered 429, 14.2 s waited so far
 *
 * The throttling line comes after a file when the kit's waits on 429 answers (every process's,
 * from the run's throttling file) grew by 5 s or more since the last one.
 */
import type { Reporter, TestModule, TestSpecification } from 'vitest/node';
import { ENV, readThrottleFile } from '../kit/channels.ts';

/** Waits on 429s shorter than this (since the last line) are not worth a line. */
const SHOW_THROTTLING_MS = 5000;

export default class ProgressReporter implements Reporter {
  private total = 0;
  private done = 0;
  private started = Date.now();
  private throttlingShown = 0;
  constructor(
    private readonly log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
    private readonly throttleFile: () => string | undefined = () => process.env[ENV.throttleFile],
  ) {}

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.total = specifications.length;
    this.done = 0;
    this.started = Date.now();
    this.throttlingShown = 0;
    this.log(`Certifying: ${this.total} suite file${this.total === 1 ? '' : 's'}`);
  }

  onTestModuleEnd(mod: TestModule): void {
    this.done += 1;
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const t of mod.children.allTests()) {
      const s = t.result().state;
      if (s === 'passed') passed += 1;
      else if (s === 'failed') failed += 1;
      else skipped += 1;
    }
    const broken = mod.state() === 'failed' && failed === 0;
    const counts = [
      `${passed} passed`,
      failed ? `${failed} failed` : '',
      skipped ? `${skipped} skipped` : '',
      broken ? 'the file failed to run' : '',
    ]
      .filter(Boolean)
      .join(', ');
    const name = mod.relativeModuleId.replace(/^suites\//, '');
    const took = ((mod.diagnostic().duration ?? 0) / 1000).toFixed(1);
    const elapsed = ((Date.now() - this.started) / 1000).toFixed(1);
    this.log(
      `${failed || broken ? '✗' : '✓'} ${name.padEnd(44)} ${counts.padEnd(34)} ${took.padStart(5)} s   [${this.done}/${this.total} files, ${elapsed} s]`,
    );
    const { responses, waitedMs } = readThrottleFile(this.throttleFile()).throttled;
    if (waitedMs - this.throttlingShown >= SHOW_THROTTLING_MS) {
      this.throttlingShown = waitedMs;
      this.log(`  the target is throttling: ${responses} responses answered 429, ${(waitedMs / 1000).toFixed(1)} s waited so far`);
    }
  }
}
