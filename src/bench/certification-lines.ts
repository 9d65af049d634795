/**
 * The certification's three lines of the bench, from a run's numbers (no timing here, so tests
 * can hold the arithmetic and the verdicts): 4. the wall time of a certification against a
 * reference answering each request `latencyMs` late, at the kit's deployed concurrency, beside the
 * least time the same requests could take (requests x latency / concurrency), target <= 60 s;
 * 6. the in-process certification's wall time, target <= 15 s; 7. the kit's CPU per request
 * (measured in run 4, where the server is another process): a regression guard, a ceiling of
 * 2.5 ms judged at the deployed concurrency only (the CPU per request depends on the worker plan;
 * at another concurrency the line is information). The wall times are the targets. A
 * certification that fails is no measurement of a healthy run: its lines cannot pass.
 *
 *   leastWallMs(6_000, 50, 12)   // 25000: 6,000 requests, 12 in flight, each 50 ms
 *   deployedLine({ exitCode: 0, wallMs: 52_000, requests: 6_000, latencyMs: 50, concurrency: 12, ... }).status   // 'pass'
 *   kitCpuLine({ ..., kitCpuMs: 13_200, requests: 6_000, concurrency: 12 }).target   // { op: '<=', value: 2.5, kind: 'guard' }
 */
import { DEFAULT_CONCURRENCY } from '../shared/concurrency.ts';
import { judge, round, type Measurement } from './measurement.ts';

/** Targets of issue 21 (2 cores); the kit's CPU per request is a guard (issue 29), at DEFAULT_CONCURRENCY. */
export const TARGETS = { deployedWallSec: 60, inProcessWallSec: 15 } as const;
export const GUARDS = { kitCpuMsPerRequest: 2.5, kitCpuConcurrency: DEFAULT_CONCURRENCY } as const;

/** The numbers of one certification run (`conformance certify` in a child process). */
export interface CertificationNumbers {
  exitCode: number;
  wallMs: number;
  /** summary.json's `requests` (every request of the run), null when it wrote none. */
  requests: number | null;
  /** summary.json's `requestsByPhase`. */
  requestsByPhase: Record<string, number> | null;
  concurrency: number;
  reports: string;
}

export interface DeployedNumbers extends CertificationNumbers {
  latencyMs: number;
  /** Requests the reference child answered (the kit's count should match). */
  serverRequests: number;
  /** CPU of the certify process tree; null where /proc is absent. */
  kitCpuMs: number | null;
}

/** The least wall time of `requests` requests answered `latencyMs` late each, `concurrency` in flight. */
export function leastWallMs(requests: number, latencyMs: number, concurrency: number): number {
  return (requests * latencyMs) / Math.max(1, concurrency);
}

const sec = (ms: number) => round(ms / 1000, 1);
const verdictOf = (n: CertificationNumbers) => (n.exitCode === 0 ? 'pass' : `exit ${n.exitCode}`);
const failedMiss = (m: Measurement, n: CertificationNumbers): Measurement => (n.exitCode === 0 ? m : { ...m, status: 'miss' });

function phases(n: CertificationNumbers): string {
  const p = n.requestsByPhase;
  return p
    ? ` (${Object.entries(p)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')})`
    : '';
}

/** Line 4: wall time against the late-answering reference child, target <= 60 s. */
export function deployedLine(n: DeployedNumbers): Measurement {
  const requests = n.requests ?? n.serverRequests;
  const least = leastWallMs(requests, n.latencyMs, n.concurrency);
  const m = judge({
    id: 'certification-deployed',
    title: `Full certification, reference answering ${n.latencyMs} ms late, concurrency ${n.concurrency}: wall time`,
    value: sec(n.wallMs),
    unit: 's',
    target: { op: '<=', value: TARGETS.deployedWallSec },
    summary:
      `${verdictOf(n)}; ${requests} requests${phases(n)} in ${sec(n.wallMs)} s = ${round(requests / (n.wallMs / 1000), 1)} req/s; ` +
      `the least these requests could take: ${requests} x ${n.latencyMs} ms / ${n.concurrency} = ${sec(least)} s ` +
      `(wall ${round(n.wallMs / Math.max(1, least), 2)}x of it); the reference answered ${n.serverRequests}`,
    details: {
      exitCode: n.exitCode,
      wallMs: round(n.wallMs),
      requests,
      requestsByPhase: n.requestsByPhase,
      serverRequests: n.serverRequests,
      latencyMs: n.latencyMs,
      concurrency: n.concurrency,
      leastWallMs: round(least),
      wallOverLeast: round(n.wallMs / Math.max(1, least), 2),
      reports: n.reports,
    },
  });
  return failedMiss(m, n);
}

/** Line 6: the in-process certification's wall time, target <= 15 s. */
export function inProcessLine(n: CertificationNumbers): Measurement {
  const m = judge({
    id: 'certification-in-process',
    title: `Full certification of the in-process reference, concurrency ${n.concurrency}: wall time`,
    value: sec(n.wallMs),
    unit: 's',
    target: { op: '<=', value: TARGETS.inProcessWallSec },
    summary:
      `${verdictOf(n)}; ${n.requests ?? '?'} requests${phases(n)} in ${sec(n.wallMs)} s` +
      (n.requests ? ` = ${round(n.requests / (n.wallMs / 1000), 1)} req/s` : ''),
    details: {
      exitCode: n.exitCode,
      wallMs: round(n.wallMs),
      requests: n.requests,
      requestsByPhase: n.requestsByPhase,
      concurrency: n.concurrency,
      reports: n.reports,
    },
  });
  return failedMiss(m, n);
}

/** Line 7: the kit's CPU per request of run 4 (all its processes), a guard of 2.5 ms at the deployed concurrency; info without /proc or at another concurrency. */
export function kitCpuLine(n: DeployedNumbers): Measurement {
  const requests = n.requests ?? n.serverRequests;
  const perRequest = n.kitCpuMs === null || requests === 0 ? null : n.kitCpuMs / requests;
  const base = {
    id: 'kit-cpu',
    title: `Kit CPU per request (certification 4 at concurrency ${n.concurrency}, every process of the kit)`,
    unit: 'ms',
    details: {
      concurrency: n.concurrency,
      kitCpuMs: n.kitCpuMs === null ? null : round(n.kitCpuMs),
      requests,
      kitCpuMsPerRequest: perRequest === null ? null : round(perRequest, 3),
    },
  };
  if (perRequest === null)
    return {
      ...base,
      value: 0,
      target: null,
      status: 'info',
      summary: 'not measured: no /proc (Linux) to read the CPU time of finished children',
    };
  const spent = `${sec(n.kitCpuMs!)} s of CPU (main process and workers, start-up included) for ${requests} requests at concurrency ${n.concurrency}`;
  if (n.concurrency !== GUARDS.kitCpuConcurrency)
    return {
      ...base,
      value: round(perRequest, 2),
      target: null,
      status: 'info',
      summary: `${spent}; not judged: the guard holds at the deployed concurrency (${GUARDS.kitCpuConcurrency})`,
    };
  const m = judge({
    ...base,
    value: round(perRequest, 2),
    target: { op: '<=', value: GUARDS.kitCpuMsPerRequest, kind: 'guard' },
    summary: `${spent}; a regression guard`,
  });
  return failedMiss(m, n);
}
