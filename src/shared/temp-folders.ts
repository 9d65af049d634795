/**
 * Temporary folders for tests, removed after the test file: nothing of a test run stays in /tmp.
 *
 *   const temp = tempFoldersForThisFile();
 *   const dir = temp('ledger-');   // /tmp/ledger-XXXXXX, gone after the file's tests
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export function tempFoldersForThisFile(): (prefix: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
