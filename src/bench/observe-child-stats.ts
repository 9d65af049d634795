/**
 * The CPU time and memory of a bench child process (the proxies under load): what their 'stats'
 * answer carries. RSS is the whole process's, worker threads included.
 *
 *   serveParent({ stats: processStats }, stop);   // { cpuMs: 812.4, rssBytes: 61_000_000, heapUsedBytes: ... }
 */
export function processStats(): { cpuMs: number; rssBytes: number; heapUsedBytes: number } {
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  return { cpuMs: (cpu.user + cpu.system) / 1000, rssBytes: memory.rss, heapUsedBytes: memory.heapUsed };
}
