/**
 * Child-process entry of the bench's reference server: the bundled reference built from the
 * REFERENCE_* variables (REFERENCE_SEED_GENERATED_USERS=N seeds N users in bulk), listening on
 * 127.0.0.1. Speaks the protocol of children.ts:
 * ready -> { url, seedMs }, 'stats' -> timing (when on), CPU and memory of this process, 'stop'.
 * BENCH_LATENCY_MS=N hands each request to the server N ms after it arrived (counted as the
 * server's time): a stand-in for a deployed server's network and processing. BENCH_TIME_REQUESTS=1
 * times the requests (the certification's split); without it the server runs bare of the probe, as
 * measured under load (its listeners would count against the reference in measurement 1).
 *
 *   const ref = await startChild('reference-child.ts', { REFERENCE_ADMIN_TOKEN: token, REFERENCE_SEED_GENERATED_USERS: '100000' });
 */
import { buildReferenceApp } from '../reference/index.ts';
import { referenceOptionsFromEnv } from '../reference/env-options.ts';
import { serveParent } from './children.ts';
import { delayRequests, timeRequests } from './server-timing.ts';

const started = performance.now();
const { app } = await buildReferenceApp(referenceOptionsFromEnv(process.env));
const seedMs = performance.now() - started;
delayRequests(app.server, Number(process.env.BENCH_LATENCY_MS) || 0);
const timing = process.env.BENCH_TIME_REQUESTS === '1' ? timeRequests(app.server) : undefined;
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

function stats() {
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  return {
    ...timing?.snapshot(),
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    // The peak resident set of the whole life of the process (kilobytes in resourceUsage).
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
}

serveParent({ stats, stop: stats }, () => app.close());
process.send?.({ type: 'ready', url: `http://127.0.0.1:${port}`, seedMs });
