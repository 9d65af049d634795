/**
 * The run's secrets folder: every secret the run learns is noted in a file there (mode 600) for
 * the leak scan at the end, then the folder goes. A run killed outright (SIGKILL) cannot remove
 * it, so its name carries the run's process id, and the next certification or cleanup on the
 * machine removes the folders of runs that are no longer alive.
 *
 *   const dir = makeSecretsDir();   // <tmp>/cfk-secrets-<pid>-XXXXXX; dead runs' folders removed first
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'cfk-secrets-';
const NAME = new RegExp(`^${PREFIX}(\\d+)-`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

/** Removes the secrets folders whose run is gone; returns their paths. Folders it may not remove stay. */
export function sweepStaleSecretsDirs(root = tmpdir()): string[] {
  const removed: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(root);
  } catch {
    return removed;
  }
  for (const name of names) {
    const pid = Number(NAME.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    try {
      rmSync(join(root, name), { recursive: true, force: true });
      removed.push(join(root, name));
    } catch {
      /* not ours to remove */
    }
  }
  return removed;
}

export function makeSecretsDir(root = tmpdir()): string {
  sweepStaleSecretsDirs(root);
  return mkdtempSync(join(root, `${PREFIX}${process.pid}-`));
}
