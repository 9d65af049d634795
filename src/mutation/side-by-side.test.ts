/**
 * Properties whose runs go side by side still catch their faults (`conformance certify` in a child
 * process: the bundled reference's plan gives each worker 2 requests, so a `sideBySide` property
 * runs 2 runs at once): the failure is shrunk one run at a time as before, names its clause, seed
 * and counterexample, and carries the replay's curl commands; the HAR shows the runs went side by
 * side (entries of several runs of the failing test).
 *
 *   npx vitest run --project self src/mutation/side-by-side.test.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { removeRunFolders, runCertification } from './run-fault.ts';

afterAll(removeRunFolders);

test.each([
  ['text.non-ascii-mangled', 'broadcast.create.status', 'suites/properties/round-trip-broadcast.test.ts'],
  ['tokens.revoke-again-hits-newest', 'tokens.delete.revoked', 'suites/properties/model-tokens.test.ts'],
])('fault %s is caught by a property running its runs side by side (%s)', async (fault, clause, file) => {
  const run = await runCertification({ faults: [fault], filters: [file], env: { CONFORMANCE_HAR: '1' } });
  expect(run.exitCode, `${run.stdout.slice(-2000)}\n${run.stderr.slice(-1000)}`).toBe(1);
  const failures = run.summary!.failures.filter((f) => f.clause === clause);
  expect(failures.length).toBeGreaterThan(0);
  for (const f of failures) {
    expect(f.requirement).toMatch(/\[property seed -?\d+, path [\d:]+, failed after \d+ run\(s\), shrunk \d+ time\(s\)\]$/);
    expect(f.counterexample).toBeTruthy();
    expect(f.reproduce).toMatch(/^curl /);
  }
  const har = JSON.parse(readFileSync(join(run.reportsDir, 'run.har'), 'utf8')) as { log: { entries: { _run?: number }[] } };
  expect(new Set(har.log.entries.map((e) => e._run).filter((r) => r !== undefined)).size).toBeGreaterThan(1);
});
