/**
 * A merged run keeps its shards' durations: each blob beside its time, the longest as the run's.
 *
 *   npx vitest run src/run/merged-shards.test.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { shardDurations, withShardDurations } from './merged-shards.ts';

const temp = tempFoldersForThisFile();

describe('shardDurations', () => {
  test("names each blob beside its run time, in the folder's order", () => {
    const dir = temp('blobs-');
    writeFileSync(join(dir, 'blob-1-of-2.json'), '[]');
    writeFileSync(join(dir, 'blob-2-of-2.json'), '[]');
    const shards = shardDurations(dir, [41_200.4, 38_800]);
    expect(shards.map((s) => s.durationMs).sort()).toEqual([38_800, 41_200]);
    expect(shards.map((s) => s.blob).sort()).toEqual(['blob-1-of-2.json', 'blob-2-of-2.json']);
    expect(shardDurations(dir, undefined)).toEqual([]);
    expect(shardDurations(dir, [1])).toEqual([]);
  });
});

describe('withShardDurations', () => {
  test("the run's duration is the longest shard's, not the merge's own", () => {
    const merged = withShardDurations({ durationMs: 332 }, [
      { blob: 'blob-1-of-2.json', durationMs: 41_200 },
      { blob: 'blob-2-of-2.json', durationMs: 38_800 },
    ]);
    expect(merged.durationMs).toBe(41_200);
    expect(merged.shards).toHaveLength(2);
    expect(withShardDurations({ durationMs: 332 }, [])).toEqual({ durationMs: 332 });
  });
});
