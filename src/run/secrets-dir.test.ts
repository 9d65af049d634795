/** Secrets folders: named after their run, and those of runs no longer alive removed by the next one. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { makeSecretsDir, sweepStaleSecretsDirs } from './secrets-dir.ts';

const temp = tempFoldersForThisFile();

/** The id of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('secrets folders', () => {
  it('makeSecretsDir names the folder after this process', () => {
    const root = temp('cfk-secrets-root-');
    const dir = makeSecretsDir(root);
    expect(dir.startsWith(join(root, `cfk-secrets-${process.pid}-`))).toBe(true);
  });

  it("removes the folders of dead runs, keeps live runs' and other folders", () => {
    const root = temp('cfk-secrets-root-');
    const dead = join(root, `cfk-secrets-${deadPid()}-abc123`);
    const live = join(root, `cfk-secrets-${process.ppid}-def456`);
    const other = join(root, 'cfk-secrets-notapid');
    for (const d of [dead, live, other]) mkdirSync(d);
    writeFileSync(join(dead, 'secrets'), 'glpat-a-secret-of-a-killed-run\n', { mode: 0o600 });
    expect(sweepStaleSecretsDirs(root)).toEqual([dead]);
    expect(existsSync(dead)).toBe(false);
    expect(readdirSync(root).sort()).toEqual([live, other].map((d) => d.split('/').pop()).sort());
  });
});
