/**
 * A merged run's duration: `--merge-reports` runs nothing, so its own time (a few hundred ms of
 * reading blobs) says nothing of the certification. Each shard's blob holds how long the shard's run
 * took (vitest's executionTime); the merged summary keeps them as `shards` and takes the longest as
 * its `durationMs` (the shards run side by side: that is how long the certification took; their sum is
 * the machine time).
 *
 *   shardDurations('reports/blob', vitest.state.blobs?.executionTimes)
 *   // [{ blob: 'blob-1-of-2.json', durationMs: 41200 }, { blob: 'blob-2-of-2.json', durationMs: 38800 }]
 */
import { readdirSync } from 'node:fs';
import type { ShardDuration } from '../report/summary.ts';

/**
 * The blobs' names beside their run times. vitest reads the folder's files in readdir's order and keeps
 * their times in that order; a time it could not read (an older blob) is left out.
 */
export function shardDurations(blobDir: string, executionTimes: readonly (number | undefined)[] | undefined): ShardDuration[] {
  if (!executionTimes) return [];
  const names = readdirSync(blobDir);
  if (names.length !== executionTimes.length) return [];
  return names.flatMap((blob, i) => {
    const time = executionTimes[i];
    return typeof time === 'number' && Number.isFinite(time) ? [{ blob, durationMs: Math.round(time) }] : [];
  });
}

/** The summary of a merge with its shards' durations: the longest is the run's. */
export function withShardDurations<S extends { durationMs: number }>(
  summary: S,
  shards: readonly ShardDuration[],
): S & { shards?: ShardDuration[] } {
  if (shards.length === 0) return summary;
  return { ...summary, durationMs: Math.max(...shards.map((s) => s.durationMs)), shards: [...shards] };
}
