/**
 * Every channel between a certification's main process (certify(), the vitest globalSetup, the
 * reporters) and its test workers, named in one place. Nothing else crosses the process line.
 *
 *   main -> globalSetup   the resolved configuration, as CONFORMANCE_* variables (run/config.ts: exportConfig)
 *   main -> workers       ENV.allure: the allure reporter is part of the run (label and attach)
 *   main -> vitest.config, globalSetup   ENV.runPlan: the run's plan, computed once in certify() (shared/concurrency.ts
 *                         runPlan): the suites project's maxWorkers and maxConcurrency, the main process's bound on
 *                         requests side by side; the globalSetup hands it on to the workers in the target
 *   all  -> main          ENV.secretsFile: a private file where every process appends each secret it learns
 *   all  -> all           ENV.throttleFile: a private file where every process notes each 429 it met and its wait,
 *                         and beside it the message of the first process that gave up on the target's throttling
 *   globalSetup -> workers, reporter   TARGET: the provisioned target (vitest provide/inject), with the server's
 *                         date read once at preflight and the expires_at of the kit's tokens (target.ts)
 *   globalSetup -> main   the run slot (globalThis, same process): a set-up failure, what cleanup did, and the
 *                         requests it sent per phase (probe, provisioning, cleanup; the tests' own travel as meta)
 *   workers -> reporter   the test's meta().conformance (result-meta.ts)
 *
 *   secretsFileSink(process.env[ENV.secretsFile]);   // in a worker: SecretSet's sink
 *   noteCleanup({ removed: 12, left: [] });          // in the globalSetup teardown
 *   noteRequests('probe');                           // in the main process, for each request of a phase
 *   takeRunSlot().cleanup                            // in certify(), after vitest closed
 *   readThrottleFile(process.env[ENV.throttleFile])  // in certify(): { throttled: { responses, waitedMs }, gaveUp? }
 *   readRunPlan(process.env)                         // in vitest.config.ts, the globalSetup: { requests, workers, testsPerWorker }
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { RunPlan } from '../shared/concurrency.ts';
import { KitError, type KitErrorCode } from '../shared/errors.ts';

/** Environment variables set by certify() for the processes it starts (besides the configuration). */
export const ENV = {
  /** '1' when the allure reporter is part of the run: the workers label and attach. */
  allure: 'CONFORMANCE_ALLURE',
  /** Path of the private secrets file (mode 600), for the end-of-run leak scan. */
  secretsFile: 'CONFORMANCE_SECRETS_FILE',
  /** Path of the private throttling file (every process's 429 answers and waits). */
  throttleFile: 'CONFORMANCE_THROTTLE_FILE',
  /** The run's plan (shared/concurrency.ts RunPlan, as JSON): set by a certification only. */
  runPlan: 'CONFORMANCE_RUN_PLAN',
} as const;

/** Hands the run's plan to the processes certify() starts (vitest.config.ts, the globalSetup). */
export function exportRunPlan(plan: RunPlan, env: NodeJS.ProcessEnv = process.env): void {
  env[ENV.runPlan] = JSON.stringify({ requests: plan.requests, workers: plan.workers, testsPerWorker: plan.testsPerWorker });
}

/** The plan a certification handed over; undefined outside one (npm test's suites, mutation runs). */
export function readRunPlan(env: NodeJS.ProcessEnv = process.env): RunPlan | undefined {
  const text = env[ENV.runPlan];
  return text ? (JSON.parse(text) as RunPlan) : undefined;
}

/** The provide/inject key of the target (target.ts). */
export const TARGET = 'target' as const;

/** An appender of secrets to the secrets file, for a SecretSet; none without a file. */
export function secretsFileSink(path: string | undefined): ((secret: string) => void) | undefined {
  if (!path) return undefined;
  return (secret) => appendFileSync(path, `${JSON.stringify(secret)}\n`, { mode: 0o600 });
}

/** Every secret appended to the secrets file so far. */
export function readSecretsFile(path: string | undefined): string[] {
  if (!path || !existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as string];
      } catch {
        return [];
      }
    });
}

/** What one process tells the run about the target's throttling (429 answers). */
export interface ThrottleLog {
  /** A 429 answer, and how long the kit waited before asking again (0: it gave up). */
  throttled(waitedMs: number): void;
  /** The kit gave up on the target's throttling: the run ends with exit 2 and this message (the first one is kept). */
  gaveUp(message: string): void;
  /** The message of the process of the run that gave up, if one did. */
  stopped(): string | undefined;
}

/** summary.json's `throttled`: the run's 429 answers and the time the kit waited them out. */
export interface ThrottleCount {
  responses: number;
  waitedMs: number;
}

const gaveUpFile = (path: string) => `${path}.gave-up`;

/** The throttling file as a ThrottleLog: a line per 429 (the wait in ms), the give-up message beside it; none without a file. */
export function throttleFileLog(path: string | undefined): ThrottleLog | undefined {
  if (!path) return undefined;
  const stop = gaveUpFile(path);
  return {
    throttled: (waitedMs) => appendFileSync(path, `${Math.round(waitedMs)}\n`, { mode: 0o600 }),
    gaveUp(message) {
      try {
        writeFileSync(stop, message, { flag: 'wx', mode: 0o600 });
      } catch {
        // another process gave up first: its message stands
      }
    },
    stopped: () => (existsSync(stop) ? readFileSync(stop, 'utf8') : undefined),
  };
}

/** What every process of the run noted in the throttling file so far. */
export function readThrottleFile(path: string | undefined): { throttled: ThrottleCount; gaveUp?: string } {
  const throttled = { responses: 0, waitedMs: 0 };
  if (!path) return { throttled };
  if (existsSync(path)) {
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line) continue;
      throttled.responses += 1;
      throttled.waitedMs += Number(line) || 0;
    }
  }
  const gaveUp = throttleFileLog(path)!.stopped();
  return gaveUp === undefined ? { throttled } : { throttled, gaveUp };
}

/** What end-of-run cleanup did: summary.json's `cleanup`. */
export interface CleanupReport {
  /** Resources removed (or found already gone) at the end of the run, users the target is still deleting included. */
  removed: number;
  /**
   * Of those, users that still answered, blocked, being deleted by the target's background job
   * (the platform removes deleted users minutes after its 204).
   */
  deleting?: number;
  /**
   * Top-level groups (the run group) the target only marked for deletion and refused to remove at
   * once (current platform releases remove only subgroups at once): it deletes them itself after its
   * deletion delay. Not counted as removed, nor as left: no command can hurry it.
   */
  awaiting?: { what: string; reason: string }[];
  /** What is still on the target, with why its delete failed (redacted), and the command that finishes the job where one does. */
  left: { what: string; reason: string; command?: string }[];
  /** The command that retries the removal. */
  retry?: string;
}

/** The phases of a run whose requests the main process sends (the globalSetup; certify's preflight counts as provisioning). */
export type MainPhase = 'probe' | 'provisioning' | 'cleanup';
/** Requests the main process sent, per phase. */
export type MainRequests = Partial<Record<MainPhase, number>>;

/**
 * What the globalSetup tells certify(): both run in the main process, but vitest loads the
 * globalSetup apart from certify's modules (two module copies), so the slot is on globalThis.
 */
interface RunSlot {
  setupFailure?: { code: KitErrorCode; message: string };
  cleanup?: CleanupReport;
  requests?: MainRequests;
}
const KEY = Symbol.for('api-v4-conformance.run-slot');
const slot = (): RunSlot => ((globalThis as { [KEY]?: RunSlot })[KEY] ??= {});

/** The globalSetup could not start the run (the first failure is kept). */
export function noteSetupFailure(e: KitError): void {
  slot().setupFailure ??= { code: e.code, message: e.message };
}

/** The set-up failure noted in this process since the slot was last taken. */
export function setupFailure(): KitError | undefined {
  const f = slot().setupFailure;
  return f && new KitError(f.code, f.message);
}

/** What the globalSetup's teardown removed and left. */
export function noteCleanup(report: CleanupReport): void {
  slot().cleanup = report;
}

/** Counts a request the main process sent in a phase (the globalSetup's, certify's preflight). */
export function noteRequests(phase: MainPhase): void {
  const requests = (slot().requests ??= {});
  requests[phase] = (requests[phase] ?? 0) + 1;
}

/** Reads and empties the slot (certify(): once before a run, once after it). */
export function takeRunSlot(): { setupFailure?: KitError; cleanup?: CleanupReport; requests?: MainRequests } {
  const out = { setupFailure: setupFailure(), cleanup: slot().cleanup, requests: slot().requests };
  delete (globalThis as { [KEY]?: RunSlot })[KEY];
  return out;
}
