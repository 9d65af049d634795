/** moduleCacheDir(): a writable folder under the package's node_modules, or none at all. */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFoldersForThisFile } from './temp-folders.ts';
import { moduleCacheDir } from './module-cache.ts';

const tempFolder = tempFoldersForThisFile();
const temp = () => tempFolder('cfk-module-cache-');

describe('moduleCacheDir', () => {
  it('creates the cache folder under <root>/node_modules/.cache and returns it', () => {
    const root = temp();
    const dir = moduleCacheDir(root);
    expect(dir).toBe(join(root, 'node_modules', '.cache', 'conformance-vitest'));
    expect(statSync(dir!).isDirectory()).toBe(true);
  });

  it('returns undefined when the folder cannot be made (the run goes on without a cache)', () => {
    const root = temp();
    writeFileSync(join(root, 'node_modules'), 'a file where the folder would go');
    expect(moduleCacheDir(root)).toBeUndefined();
    expect(existsSync(join(root, 'node_modules', '.cache'))).toBe(false);
  });
});
