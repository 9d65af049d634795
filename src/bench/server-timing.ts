/**
 * Time a server spends on requests, seen from inside its process: the number of requests, the
 * sum of their durations (arrival to the last byte written) and the busy time, i.e. the union
 * of the intervals with at least one request in progress (what clients wait on, overlaps
 * counted once).
 *
 *   delayRequests(app.server, 5);      // optional, first: every request handled 5 ms late
 *   const timing = timeRequests(app.server);
 *   timing.snapshot(); // { requests: 120, sumMs: 95.1, busyMs: 80.4 }
 */
import type { Server } from 'node:http';

export interface TimingSnapshot {
  requests: number;
  sumMs: number;
  busyMs: number;
}

export function timeRequests(server: Server): { snapshot(): TimingSnapshot } {
  let requests = 0;
  let sumMs = 0;
  let busyMs = 0;
  let inFlight = 0;
  let busySince = 0;
  // Prepended: runs before the framework's own listener, so the clock starts at arrival.
  server.prependListener('request', (_req, res) => {
    const started = performance.now();
    requests += 1;
    if (inFlight++ === 0) busySince = started;
    let done = false;
    const end = () => {
      if (done) return;
      done = true;
      const now = performance.now();
      sumMs += now - started;
      if (--inFlight === 0) busyMs += now - busySince;
    };
    res.once('finish', end);
    res.once('close', end);
  });
  return {
    snapshot: () => ({
      requests,
      sumMs,
      busyMs: busyMs + (inFlight > 0 ? performance.now() - busySince : 0),
    }),
  };
}

/**
 * Hands every request to the server's own listeners `ms` after it arrived (none when 0). Set up
 * before timeRequests(), whose clock then starts at arrival and counts the wait as the server's.
 */
export function delayRequests(server: Server, ms: number): void {
  if (ms <= 0) return;
  const listeners = server.listeners('request') as ((...args: unknown[]) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req, res) => {
    setTimeout(() => {
      for (const l of listeners) l.call(server, req, res);
    }, ms);
  });
}
