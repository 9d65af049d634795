/**
 * Measurement 5: peak memory of the reference holding N generated users, read inside its child
 * process after the other measurements loaded it: the peak resident set (maxRSS) of the process's
 * whole life, with the heap in use at that moment. The issue sets no target: reported for information.
 *
 *   const m = peakMemory(await bigRef.ask('stats'), 100_000, seedMs);
 */
import type { Message } from './children.ts';
import { judge, mib, round, type Measurement } from './measurement.ts';

export function peakMemory(stats: Message, users: number, seedMs: number): Measurement {
  return judge({
    id: 'memory',
    title: `Reference peak memory (RSS) with ${users} users`,
    value: mib(stats.maxRssBytes as number),
    unit: 'MiB',
    target: null,
    summary: `heap in use ${mib(stats.heapUsedBytes as number)} MiB, RSS now ${mib(stats.rssBytes as number)} MiB; seeded in ${round(seedMs / 1000, 1)} s`,
    details: {
      users,
      maxRssBytes: stats.maxRssBytes,
      rssBytes: stats.rssBytes,
      heapUsedBytes: stats.heapUsedBytes,
      seedMs: round(seedMs),
      bytesPerUser: Math.round((stats.heapUsedBytes as number) / Math.max(1, users)),
    },
  });
}
