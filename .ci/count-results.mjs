// Prints "N passed, N failed[, N skipped]" from a vitest JSON results file; exits 1 when a test
// failed, when a suite failed outside tests, or when there are no results (e.g. typecheck failed).
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.log('0 passed, 0 failed');
  console.error('no test results: the run stopped before the tests (see the typecheck output above)');
  process.exit(1);
}
const r = JSON.parse(readFileSync(file, 'utf8'));
const passed = r.numPassedTests ?? 0;
const failed = r.numFailedTests ?? 0;
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
const brokenFiles = (r.testResults ?? []).filter(
  (t) => t.status === 'failed' && (t.assertionResults ?? []).every((a) => a.status !== 'failed'),
).length;
console.log(`${passed} passed, ${failed + brokenFiles} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed + brokenFiles > 0 || r.success === false ? 1 : 0);
