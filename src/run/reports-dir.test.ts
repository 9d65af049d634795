/** Unit tests of the reports folder's preparation: unusable folders refused in one line, an earlier run's outputs removed, ledgers and blobs kept. */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { clearEarlierRun, prepareReportsDir, RUN_OUTPUTS } from './reports-dir.ts';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';

const temp = tempFoldersForThisFile();

describe('prepareReportsDir', () => {
  test('makes a missing folder, nested', () => {
    const dir = join(temp('reports-'), 'a', 'b');
    prepareReportsDir(dir);
    expect(existsSync(dir)).toBe(true);
  });

  test('refuses a file, a path under a file, and /proc (where a recursive mkdir never returns)', () => {
    const root = temp('reports-');
    writeFileSync(join(root, 'f'), '');
    expect(() => prepareReportsDir(join(root, 'f'))).toThrow(/is a file, not a folder/);
    expect(() => prepareReportsDir(join(root, 'f', 'sub'))).toThrow(/cannot be read: ENOTDIR/);
    if (existsSync('/proc/self')) expect(() => prepareReportsDir('/proc/nope/deeper')).toThrow(/cannot be made: ENOENT/);
  });
});

describe('clearEarlierRun', () => {
  test("removes every output of a run, and keeps the ledgers, the shards' blobs and other files", () => {
    const dir = temp('reports-');
    for (const name of ['summary.json', 'summary.md', 'junit.xml', 'run.har', 'ledger-cfk-12345678.jsonl', 'bench.json', 'notes.txt'])
      writeFileSync(join(dir, name), 'x');
    for (const folder of ['har-parts', 'allure-results', 'allure-report', 'reproduce', 'blob']) {
      mkdirSync(join(dir, folder));
      writeFileSync(join(dir, folder, 'part'), 'x');
    }
    clearEarlierRun(dir);
    expect(readdirSync(dir).sort()).toEqual(['bench.json', 'blob', 'ledger-cfk-12345678.jsonl', 'notes.txt']);
    expect(RUN_OUTPUTS).toContain('run.har');
  });

  test("a merge of shards' reports keeps what it is told to (the shards' reproducer files)", () => {
    const dir = temp('reports-');
    for (const folder of ['reproduce', 'allure-results']) mkdirSync(join(dir, folder));
    clearEarlierRun(dir, ['reproduce']);
    expect(readdirSync(dir)).toEqual(['reproduce']);
  });
});
