/**
 * A certification's reproducers, end to end: a reference that accepts an over-limit epic description
 * (fault epics.description-truncated) fails, and the console's curl command reads the whole body from
 * reports/reproduce/ (a file of this run: an earlier run's are gone), not a body cut with an ellipsis
 * that a correct server would accept. curl.test.ts replays such a command with the real curl.
 *
 *   npx vitest run src/mutation/reproducer.test.ts
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { removeRunFolders, runCertification, tempFolder } from './run-fault.ts';

afterAll(removeRunFolders);

const TOKEN = 'reproducer-admin-token-0123456789';

test('an over-limit body fails the run with a curl command that sends it whole, from a file of this run', async () => {
  const dir = tempFolder('cfk-repro-');
  mkdirSync(join(dir, 'reproduce'));
  writeFileSync(join(dir, 'reproduce', 'stale.body'), 'an earlier run');
  const run = await runCertification({
    faults: ['epics.description-truncated'],
    filters: ['suites/epics/limits.test.ts'],
    args: ['--reports-dir', dir],
    env: { REFERENCE_ADMIN_TOKEN: TOKEN },
  });
  expect(run.exitCode, run.stdout.slice(-3000)).toBe(1);
  const commands = run.stdout.split('\n').filter((l) => l.includes('curl ') && l.includes('/epics'));
  expect(commands.length, run.stdout.slice(-3000)).toBeGreaterThan(0);
  expect(run.stdout).not.toMatch(/--data '[^']*…/);
  expect(Math.max(...run.stdout.split('\n').map((l) => l.length))).toBeLessThan(8192);
  for (const command of commands) {
    const file = /--data-binary @(\S+)/.exec(command)?.[1];
    expect(file, command).toBeDefined();
    const body = readFileSync(file!, 'utf8');
    expect((JSON.parse(body) as { description: string }).description).toHaveLength(1_048_577);
    expect(body).not.toContain(TOKEN);
  }
  expect(existsSync(join(dir, 'reproduce', 'stale.body'))).toBe(false);
});
