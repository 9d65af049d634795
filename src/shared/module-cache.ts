/**
 * Where a certification's vitest keeps the transformed suite and kit modules between runs (its
 * experimental fsModuleCache: entries keyed by content hash and written atomically, so runs side
 * by side can share the folder). A warm cache takes about 1 s off every certification's start-up
 * (issue 11 bench: a run of one test 4.4 s -> 3.3 s). The folder is used only when it can be
 * created and written; a read-only install certifies without it.
 *
 *   const dir = moduleCacheDir(PACKAGE_ROOT); // <root>/node_modules/.cache/conformance-vitest, or undefined
 *   writableCacheDir(root, 'conformance-validators');  // the same for another cache (schemas.ts)
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export function moduleCacheDir(root: string): string | undefined {
  return writableCacheDir(root, 'conformance-vitest');
}

/** <root>/node_modules/.cache/<name>, created; undefined when it cannot be created or written. */
export function writableCacheDir(root: string, name: string): string | undefined {
  const dir = join(root, 'node_modules', '.cache', name);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return undefined;
  }
}
